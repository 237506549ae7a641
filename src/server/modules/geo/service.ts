import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { DROPDOWN_PAGE_SIZE, type DropdownPage, type SelectOption } from '#shared/schemas/dropdown';
import type { Queryable } from '../../platform/db/database.ts';
import { nomeBusca } from '../../platform/db/reference-data.ts';
import { glCidade, glEstado } from '../../platform/db/schema.ts';

/** LIKE treats % and _ as wildcards: a typed one is a plain character. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** §3 Select option text of a city: 'Nome - UF'. */
export const cityText = (nome: string, sigla: string | null) => (sigla ? `${nome} - ${sigla}` : nome);

/**
 * §7 GET /api/gl_cidade: cities whose name contains the text, ignoring case and accents, names
 * that start with it first. 'campinas - sp' (the option's own text) also narrows to the state.
 */
export async function searchCities(db: Queryable, q: string, page: number): Promise<DropdownPage> {
  let text = nomeBusca(q);
  let sigla: string | null = null;
  const withState = /^(.*?)\s*-\s*([a-z]{2})$/.exec(text);
  if (withState?.[1]) {
    text = withState[1];
    sigla = withState[2]!.toUpperCase();
  }
  const filters: SQL[] = [];
  if (text) filters.push(sql`${glCidade.nome_busca} like ${`%${escapeLike(text)}%`}`);
  if (sigla) filters.push(eq(glEstado.sigla, sigla));
  const order: SQL[] = [asc(glCidade.nome_busca), asc(glEstado.sigla)];
  if (text) {
    order.unshift(sql`case when ${glCidade.nome_busca} like ${`${escapeLike(text)}%`} then 0 else 1 end`);
  }
  const rows = await db
    .select({ id: glCidade.id, nome: glCidade.nome, sigla: glEstado.sigla })
    .from(glCidade)
    .innerJoin(glEstado, eq(glEstado.id, glCidade.gl_estado_id))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(...order)
    .limit(DROPDOWN_PAGE_SIZE + 1)
    .offset((page - 1) * DROPDOWN_PAGE_SIZE);
  return {
    lista: rows.slice(0, DROPDOWN_PAGE_SIZE).map((row) => ({ id: row.id, text: cityText(row.nome, row.sigla) })),
    more: rows.length > DROPDOWN_PAGE_SIZE,
  };
}

/** A municipality as a §3 Select option, by IBGE code or by name within a state; null when unknown. */
export async function findCityOption(
  db: Queryable,
  city: { ibge: number | null; nome: string | null },
  uf: string | null,
): Promise<SelectOption | null> {
  const filters: SQL[] = [];
  if (city.ibge !== null) filters.push(eq(glCidade.id, city.ibge));
  else if (city.nome && uf) filters.push(eq(glCidade.nome_busca, nomeBusca(city.nome)), eq(glEstado.sigla, uf.toUpperCase()));
  else return null;
  const [row] = await db
    .select({ id: glCidade.id, nome: glCidade.nome, sigla: glEstado.sigla })
    .from(glCidade)
    .innerJoin(glEstado, eq(glEstado.id, glCidade.gl_estado_id))
    .where(and(...filters))
    .limit(1);
  return row ? { id: row.id, text: cityText(row.nome, row.sigla) } : null;
}
