import type { SelectOption } from '#shared/schemas/dropdown';
import { apiGet, type QueryParams } from './api-client';
import { queryClient } from './query-client';

/**
 * The data side of the searchable dropdown (§7 "Dropdown search", §9 "cached"): one page of
 * options for a source, a text and a page number, fetched through the query cache, from any of
 * the response shapes §7 lists.
 */

export type { SelectOption };

/** A page of options and whether the source has more. */
export interface OptionsPage {
  options: SelectOption[];
  more: boolean;
}

/** How long a page of options is reused before it is asked again (§9 "cached"). */
const OPTIONS_STALE_MS = 5 * 60_000;

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null;

/**
 * §3 Select option from an item of any source: id (or _id); the text, else nome or nome_exibicao
 * (accounts), with ' - ' and estado.sigla when a state comes with it (cities).
 */
export function toSelectOption(item: Item): SelectOption | null {
  const id = item.id ?? item._id;
  if (typeof id !== 'number' && typeof id !== 'string') return null;
  let text = item.text ?? item.nome ?? item.nome_exibicao;
  if (typeof text !== 'string') return null;
  const estado = item.estado;
  if (item.text === undefined && isItem(estado) && typeof estado.sigla === 'string') {
    text = `${text} - ${estado.sigla}`;
  }
  return { id: typeof id === 'number' ? id : Number(id), text: text as string };
}

/**
 * §7: the answer may be an array, `{lista}`, `{s2}` (select2: an array or `{results,
 * pagination: {more}}`), `{data: [...]}` or `{page: {data: [...]}}` (a §3 pagination). Without a
 * `more` flag, a non-empty page is taken to have a next one (the next empty page ends it).
 */
export function parseOptionsPage(data: unknown): OptionsPage {
  let items: unknown[] = [];
  let more: boolean | undefined;
  if (Array.isArray(data)) {
    items = data;
  } else if (isItem(data)) {
    if (typeof data.more === 'boolean') more = data.more;
    const s2 = data.s2;
    if (Array.isArray(data.lista)) items = data.lista;
    else if (Array.isArray(s2)) items = s2;
    else if (isItem(s2) && Array.isArray(s2.results)) {
      items = s2.results;
      const pagination = s2.pagination;
      if (isItem(pagination) && typeof pagination.more === 'boolean') more = pagination.more;
    } else if (Array.isArray(data.data)) {
      items = data.data;
    } else if (isItem(data.page) && Array.isArray(data.page.data)) {
      items = data.page.data;
    }
    // A §3 pagination says where it ends.
    const paging = isItem(data.page) ? data.page : isItem(data.meta) ? data.meta : data;
    if (more === undefined && typeof paging.current_page === 'number' && typeof paging.last_page === 'number') {
      more = paging.current_page < paging.last_page;
    }
  }
  const options = items.filter(isItem).map(toSelectOption).filter((option) => option !== null);
  return { options, more: more ?? options.length > 0 };
}

/** One page of a source's options for a text (GET {source}?q={text}&p={page}&...params). */
export function fetchOptionsPage(
  source: string,
  q: string,
  page: number,
  params: QueryParams = {},
): Promise<OptionsPage> {
  return queryClient.fetchQuery({
    queryKey: ['dropdown', source, params, q, page],
    queryFn: async ({ signal }) =>
      parseOptionsPage(await apiGet<unknown>(source, { params: { ...params, q, p: page }, signal })),
    staleTime: OPTIONS_STALE_MS,
    // The dropdown says so itself ('Não foi possível carregar os resultados.').
    meta: { silentErrors: true },
  });
}
