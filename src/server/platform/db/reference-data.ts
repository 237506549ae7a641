/**
 * Reference data every installation needs, production included: the 27 Brazilian states and all
 * of their municipalities, keyed by their IBGE codes. The municipalities come from the IBGE list
 * that @brazilian-utils/brazilian-utils publishes (its `getMunicipalities`, offline). Idempotent
 * (insert ... on conflict do nothing), so it runs on every start; it skips the work when every
 * municipality is already there. The list (a tenth of a second to load) is loaded only then.
 */
import { count } from 'drizzle-orm';
import type { Queryable } from './database.ts';
import { glCidade, glEstado } from './schema.ts';

/** Lower case without accents, for searching: 'São Paulo' → 'sao paulo'. */
export function nomeBusca(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** [IBGE code, sigla, nome] of the 27 federative units. */
const ESTADOS: readonly (readonly [number, string, string])[] = [
  [11, 'RO', 'Rondônia'],
  [12, 'AC', 'Acre'],
  [13, 'AM', 'Amazonas'],
  [14, 'RR', 'Roraima'],
  [15, 'PA', 'Pará'],
  [16, 'AP', 'Amapá'],
  [17, 'TO', 'Tocantins'],
  [21, 'MA', 'Maranhão'],
  [22, 'PI', 'Piauí'],
  [23, 'CE', 'Ceará'],
  [24, 'RN', 'Rio Grande do Norte'],
  [25, 'PB', 'Paraíba'],
  [26, 'PE', 'Pernambuco'],
  [27, 'AL', 'Alagoas'],
  [28, 'SE', 'Sergipe'],
  [29, 'BA', 'Bahia'],
  [31, 'MG', 'Minas Gerais'],
  [32, 'ES', 'Espírito Santo'],
  [33, 'RJ', 'Rio de Janeiro'],
  [35, 'SP', 'São Paulo'],
  [41, 'PR', 'Paraná'],
  [42, 'SC', 'Santa Catarina'],
  [43, 'RS', 'Rio Grande do Sul'],
  [50, 'MS', 'Mato Grosso do Sul'],
  [51, 'MT', 'Mato Grosso'],
  [52, 'GO', 'Goiás'],
  [53, 'DF', 'Distrito Federal'],
];

/** IBGE codes the demo data refers to. */
export const CITY = {
  saoPaulo: 3550308,
  rioDeJaneiro: 3304557,
  beloHorizonte: 3106200,
  curitiba: 4106902,
  portoAlegre: 4314902,
} as const;

/**
 * How many rows the IBGE list holds (5 571 in @brazilian-utils/brazilian-utils 2.4). Checked
 * against the list by schema.test.ts, so a dependency update that changes the list fails the
 * tests until this follows it.
 */
export const MUNICIPALITY_COUNT = 5571;

/** Every municipality of the IBGE list as a gl_cidade row (the state is the code's first two digits). */
export async function municipalityRows() {
  const { getMunicipalities } = await import('@brazilian-utils/brazilian-utils/get-municipalities');
  return getMunicipalities().map((municipality) => {
    const id = Number(municipality.code);
    return {
      id,
      nome: municipality.name,
      nome_busca: nomeBusca(municipality.name),
      gl_estado_id: Math.floor(id / 100000),
    };
  });
}

const INSERT_CHUNK = 1000;

export async function seedReferenceData(db: Queryable): Promise<void> {
  await db
    .insert(glEstado)
    .values(ESTADOS.map(([id, sigla, nome]) => ({ id, sigla, nome })))
    .onConflictDoNothing();
  // Counted before the rows are built: on every start but the first there is nothing to insert.
  const [stored] = await db.select({ total: count() }).from(glCidade);
  if ((stored?.total ?? 0) >= MUNICIPALITY_COUNT) return;
  const rows = await municipalityRows();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(glCidade).values(rows.slice(start, start + INSERT_CHUNK)).onConflictDoNothing();
  }
}
