import { EXACT_TOTAL_MAX, type Pagination } from '#shared/schemas/crud';

/**
 * §3 Pagination as a list page reads it: the plain shape (current_page, ..., first_page_url) or
 * the same numbers wrapped in `meta` with the rows in `data` and the links in `links`.
 */
export interface PageOf<Row> {
  rows: Row[];
  currentPage: number;
  lastPage: number;
  from: number | null;
  to: number | null;
  total: number;
  perPage: number;
  /** The total is the server's estimate (above `countedUpTo` rows; issue 37). */
  estimated: boolean;
  /** Rows the server counts before it estimates (EXACT_TOTAL_MAX, or fewer for a search). */
  countedUpTo: number;
  /** The page's first and last keys, to seek the pages around it. */
  cursorInicio: string | null;
  cursorFim: string | null;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const numOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const ONE_PAGE = {
  currentPage: 1,
  lastPage: 1,
  from: null,
  to: null,
  total: 0,
  perPage: 0,
  estimated: false,
  countedUpTo: EXACT_TOTAL_MAX,
  cursorInicio: null,
  cursorFim: null,
} as const;

export function readPagination<Row>(data: Pagination<Row> | Loose | Row[] | null | undefined): PageOf<Row> {
  if (Array.isArray(data)) {
    return { ...ONE_PAGE, rows: data, from: data.length ? 1 : null, to: data.length || null, total: data.length, perPage: data.length };
  }
  if (!isObject(data)) return { ...ONE_PAGE, rows: [] };
  const meta = isObject(data.meta) ? data.meta : data;
  const rows = (Array.isArray(data.data) ? data.data : []) as Row[];
  return {
    rows,
    currentPage: num(meta.current_page, 1),
    lastPage: Math.max(1, num(meta.last_page, 1)),
    from: numOrNull(meta.from),
    to: numOrNull(meta.to),
    total: num(meta.total, rows.length),
    perPage: num(meta.per_page, rows.length),
    estimated: meta.total_estimado === true,
    countedUpTo: num(meta.total_contado_ate, EXACT_TOTAL_MAX),
    cursorInicio: typeof meta.cursor_inicio === 'string' ? meta.cursor_inicio : null,
    cursorFim: typeof meta.cursor_fim === 'string' ? meta.cursor_fim : null,
  };
}

/** §9: up to 4 page numbers either side of the current one (at most 9). */
const PAGE_WINDOW = 4;

export function pageWindow(current: number, last: number): number[] {
  const start = Math.max(1, current - PAGE_WINDOW);
  const end = Math.min(last, current + PAGE_WINDOW);
  const pages: number[] = [];
  for (let page = start; page <= end; page++) pages.push(page);
  return pages;
}

/**
 * §9 'Exibindo {from}-{to} de {total} registros(s).', to the letter; an estimated total (past
 * the rows counted, `estimatedPast`; issue 37) is said as what is known: 'mais de 10.000'.
 */
export const showingText = (from: number | null, to: number | null, total: number, estimatedPast: number | null = null) =>
  `Exibindo ${from ?? 0}-${to ?? 0} de ${estimatedPast === null ? total : `mais de ${estimatedPast.toLocaleString('pt-BR')}`} registros(s).`;
