/**
 * Reference data every installation needs, production included: the 27 Brazilian states and the
 * cities the demo data and the first screens use, keyed by their IBGE codes. Idempotent (insert
 * ... on conflict do nothing), so it runs on every start. A later issue loads all 5,570
 * municipalities the same way, with `nomeBusca` filling `gl_cidade.nome_busca`.
 */
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
export const ESTADOS: readonly (readonly [number, string, string])[] = [
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

/**
 * [IBGE code, nome] of the state capitals and Campinas. The state is the code's first two digits
 * (gl_cidade has a check constraint saying so).
 */
export const CIDADES: readonly (readonly [number, string])[] = [
  [1100205, 'Porto Velho'],
  [1200401, 'Rio Branco'],
  [1302603, 'Manaus'],
  [1400100, 'Boa Vista'],
  [1501402, 'Belém'],
  [1600303, 'Macapá'],
  [1721000, 'Palmas'],
  [2111300, 'São Luís'],
  [2211001, 'Teresina'],
  [2304400, 'Fortaleza'],
  [2408102, 'Natal'],
  [2507507, 'João Pessoa'],
  [2611606, 'Recife'],
  [2704302, 'Maceió'],
  [2800308, 'Aracaju'],
  [2927408, 'Salvador'],
  [3106200, 'Belo Horizonte'],
  [3205309, 'Vitória'],
  [3304557, 'Rio de Janeiro'],
  [3509502, 'Campinas'],
  [3550308, 'São Paulo'],
  [4106902, 'Curitiba'],
  [4205407, 'Florianópolis'],
  [4314902, 'Porto Alegre'],
  [5002704, 'Campo Grande'],
  [5103403, 'Cuiabá'],
  [5208707, 'Goiânia'],
  [5300108, 'Brasília'],
];

/** IBGE codes the demo data refers to. */
export const CIDADE = {
  saoPaulo: 3550308,
  rioDeJaneiro: 3304557,
  beloHorizonte: 3106200,
  curitiba: 4106902,
  portoAlegre: 4314902,
} as const;

export async function seedReferenceData(db: Queryable): Promise<void> {
  await db
    .insert(glEstado)
    .values(ESTADOS.map(([id, sigla, nome]) => ({ id, sigla, nome })))
    .onConflictDoNothing();
  await db
    .insert(glCidade)
    .values(
      CIDADES.map(([id, nome]) => ({
        id,
        nome,
        nome_busca: nomeBusca(nome),
        gl_estado_id: Math.floor(id / 100000),
      })),
    )
    .onConflictDoNothing();
}
