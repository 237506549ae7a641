import { and, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { EXACT_TOTAL_MAX, SEARCH_EXACT_TOTAL_MAX } from '#shared/schemas/crud';
import { pgErrorCode } from '../../db/errors.ts';

/**
 * One page of a back-office list at any size (issue 37, decision 106). The page's rows are found
 * by their ids first, on the list's index (an index-only scan), and read afterwards; then:
 *
 * - a page next to one the caller holds is sought from that page's first or last key (keyset):
 *   walking a list of 2 million rows costs the same on page 5 000 as on page 2;
 * - a page in the second half is read from the end in reverse, so 'Última página' costs what the
 *   first does;
 * - a deep page of an unfiltered list past the counted rows, typed by its number, starts from the
 *   value the planner's statistics place there (`pivotStatement`): its number is as approximate as
 *   the total it is a page of;
 * - the total is counted up to EXACT_TOTAL_MAX rows (a search's up to SEARCH_EXACT_TOTAL_MAX);
 *   past that it is the planner's estimate, flagged `total_estimado`, and the screen says
 *   'mais de 10.000' ('mais de 500');
 * - a search over several tables (`searchParts`) is found the way its count says is cheap: few
 *   matches, their ids from each part's indexes; more, the list's index in order with the
 *   search as a filter on each row (`searchFilter`), which meets a page's worth of matches soon.
 */

/** One key of a list's order; NULLS LAST unless said, the order of drizzle's indexes. */
export interface SortKey {
  column: PgColumn;
  descending?: boolean;
  nullsFirst?: boolean;
}

export interface PageRequest {
  page: number;
  perPage: number;
  where: SQL | undefined;
  /**
   * A search as disjoint conditions (each row matches at most one), each served by its own
   * indexes: counted arm by arm (UNION ALL, stopping at the count's limit); few matches are read
   * as the union of the arms' ids, many by the list's order with their OR as a filter.
   */
  searchParts?: SQL[] | undefined;
  /** The same search as one condition on a row and its joins, for walking the list's index. */
  searchFilter?: SQL | undefined;
  /** A search is in `where` or the parts: its matches are counted up to SEARCH_EXACT_TOTAL_MAX. */
  searching?: boolean;
  /** A cursor_fim of an earlier page: pages after it are sought from its last key. */
  apos?: string | undefined;
  /** A cursor_inicio of a later page: pages before it are sought from its first key. */
  antes?: string | undefined;
}

export interface ListPage {
  rows: Record<string, unknown>[];
  total: number;
  estimated: boolean;
  /** Rows counted before the total is estimated. */
  countedUpTo: number;
  lastPage: number;
  /** First and last key of the page, for the neighbouring pages; null where the order has no keyset. */
  cursorInicio: string | null;
  cursorFim: string | null;
}

/** The order with the table's id last, so every row has its own place (a stable page). */
function completeOrder(order: SortKey[], table: PgTable & { id: PgColumn }): SortKey[] {
  const last = order.at(-1);
  if (last?.column === table.id) return order;
  return [...order, { column: table.id, descending: last?.descending ?? false }];
}

function orderSql(keys: SortKey[], reversed = false): SQL[] {
  return keys.map((key) => {
    const descending = Boolean(key.descending) !== reversed;
    const nullsFirst = Boolean(key.nullsFirst) !== reversed;
    return sql`${key.column} ${sql.raw(descending ? 'desc' : 'asc')} ${sql.raw(nullsFirst ? 'nulls first' : 'nulls last')}`;
  });
}

/**
 * A keyset needs keys of the list's own table, never null, all in one direction (one row
 * comparison an index serves), ending with the id.
 */
function keysetOf(keys: SortKey[], table: PgTable & { id: PgColumn }): SortKey[] | null {
  const direction = Boolean(keys[0]?.descending);
  const usable = keys.every(
    (key) => key.column.table === table && key.column.notNull && Boolean(key.descending) === direction,
  );
  return usable && keys.at(-1)?.column === table.id ? keys : null;
}

interface Cursor {
  page: number;
  values: string[];
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.page, ...cursor.values])).toString('base64url');

/** A cursor as this list made it; anything else is ignored (the page is then found by offset). */
function decodeCursor(text: string | undefined, keys: SortKey[]): Cursor | null {
  if (!text || text.length > 2000) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== keys.length + 1) return null;
    const [page, ...values] = parsed as unknown[];
    if (!Number.isInteger(page) || (page as number) < 1) return null;
    if (!values.every((value): value is string => typeof value === 'string')) return null;
    return { page: page as number, values };
  } catch {
    return null;
  }
}

/** Rows after (forward) or before the cursor's row, in the list's order. */
function seekCondition(keys: SortKey[], cursor: Cursor, forward: boolean): SQL {
  const descending = Boolean(keys[0]?.descending);
  const operator = descending === forward ? '<' : '>';
  const columns = sql.join(keys.map((key) => sql`${key.column}`), sql`, `);
  const values = sql.join(
    cursor.values.map((value, index) => sql`cast(${value} as ${sql.raw(keys[index]!.column.getSQLType())})`),
    sql`, `,
  );
  return sql`(${columns}) ${sql.raw(operator)} (${values})`;
}

interface Plan {
  offset: number;
  limit: number;
  reversed: boolean;
  seek?: SQL;
}

function planPage(
  request: PageRequest,
  keyset: SortKey[] | null,
  total: { value: number; estimated: boolean; lastPage: number },
): Plan {
  const { page, perPage } = request;
  const start = (page - 1) * perPage;
  if (keyset) {
    const after = decodeCursor(request.apos, keyset);
    if (after && after.page < page) {
      return { seek: seekCondition(keyset, after, true), offset: (page - after.page - 1) * perPage, limit: perPage, reversed: false };
    }
    const before = decodeCursor(request.antes, keyset);
    if (before && before.page > page) {
      return { seek: seekCondition(keyset, before, false), offset: (before.page - page - 1) * perPage, limit: perPage, reversed: true };
    }
  }
  // The order ends with the id (completeOrder), so reading from the end finds the same rows.
  if (page > 1 && total.estimated && page === total.lastPage) {
    return { offset: 0, limit: perPage, reversed: true };
  }
  if (page > 1 && !total.estimated && start >= total.value / 2 && start < total.value) {
    const rowsAfter = total.value - start - perPage;
    return { offset: Math.max(0, rowsAfter), limit: perPage + Math.min(0, rowsAfter), reversed: true };
  }
  return { offset: start, limit: perPage, reversed: false };
}

export interface ListQueries {
  /** ids (and the keys as text, k0..kn) of the rows that match, in an order, from an offset. */
  ids: (where: SQL | undefined, order: SQL[], keys: Record<string, SQL>, limit: number, offset: number) => Promise<Record<string, unknown>[]>;
  /** How many rows match `where` and one of `parts` (if any), counting at most `limit`. */
  countUpTo: (where: SQL | undefined, parts: SQL[] | undefined, limit: number) => Promise<number>;
  /** The ids of the rows matching any of `parts`, each part through its own indexes. */
  idsOfParts: (parts: SQL[]) => SQL;
  /** The planner's estimate of the rows that match. */
  estimate: (where: SQL | undefined) => Promise<number>;
  /** The answer of `pivotStatement`: a value of the order's first key and the share of rows before it. */
  pivot: (statement: SQL) => Promise<{ value: string; before: number } | null>;
  rowsById: (ids: number[]) => Promise<Record<string, unknown>[]>;
}

export async function readListPage(
  table: PgTable & { id: PgColumn },
  order: SortKey[],
  queries: ListQueries,
  request: PageRequest,
): Promise<ListPage> {
  const keys = completeOrder(order, table);
  const keyset = keysetOf(keys, table);
  const { perPage, searchParts } = request;

  const countedUpTo = request.searching ? SEARCH_EXACT_TOTAL_MAX : EXACT_TOTAL_MAX;
  // A whole table the planner sizes at twice the count's limit or more is not counted: its
  // estimate (pg_class.reltuples, kept by VACUUM and ANALYZE) is not that far off.
  const tableEstimate = !request.where && !searchParts?.length ? await queries.estimate(undefined) : 0;
  const counted =
    tableEstimate >= 2 * countedUpTo
      ? countedUpTo + 1
      : await queries.countUpTo(request.where, searchParts, countedUpTo + 1);
  const estimated = counted > countedUpTo;
  const where = !searchParts?.length
    ? request.where
    : estimated
      ? and(request.where, request.searchFilter ?? or(...searchParts))
      : and(request.where, sql`${table.id} in (${queries.idsOfParts(searchParts)})`);
  const value = estimated
    ? Math.max(countedUpTo + 1, Math.round(tableEstimate || (await queries.estimate(where))))
    : counted;
  const lastPage = Math.max(1, Math.ceil(value / perPage));

  let plan = planPage(request, keyset, { value, estimated, lastPage });
  if (keyset?.length === 2 && estimated && !where && !plan.seek && !plan.reversed && plan.offset > EXACT_TOTAL_MAX) {
    plan = (await pivotPlan(queries, keyset[0]!, plan, value)) ?? plan;
  }
  const keyFields = Object.fromEntries((keyset ?? []).map((key, index) => [`k${index}`, sql<string>`${key.column}::text`]));
  const found = await idsOrOffset(queries, { ...request, where }, plan, keys, keyFields);
  if (plan.reversed) found.reverse();

  const ids = [...new Set(found.map((row) => Number(row.id)))];
  const byId = new Map((ids.length ? await queries.rowsById(ids) : []).map((row) => [Number(row.id), row]));
  const rows = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);

  const cursorAt = (row: Record<string, unknown> | undefined) =>
    keyset && row ? encodeCursor({ page: request.page, values: keyset.map((_, index) => String(row[`k${index}`])) }) : null;
  return { rows, total: value, estimated, countedUpTo, lastPage, cursorInicio: cursorAt(found[0]), cursorFim: cursorAt(found.at(-1)) };
}

/**
 * The value of a key column that the planner's statistics place at `share` of the table in the
 * key's order, and the share of rows before it: the most common values with their shares, and
 * the histogram's bounds, each holding an equal share of the other rows (the bucket it opens in
 * that order). No row when the column has no statistics yet (never analysed).
 */
function pivotStatement(key: SortKey, share: number): SQL {
  const { column } = key;
  const type = sql.raw(column.getSQLType());
  const direction = sql.raw(key.descending ? 'desc' : 'asc');
  const opensBucket = key.descending ? sql`b.n > 1` : sql`b.n < cardinality(stats.hb)`;
  return sql`
    with stats as (
      select most_common_vals::text::text[] as mcv, most_common_freqs as mcf,
             histogram_bounds::text::text[] as hb,
             (1 - null_frac - coalesce((select sum(f) from unnest(most_common_freqs) as f), 0))::float8 as rest
        from pg_stats
       where schemaname = current_schema() and tablename = ${getTableName(column.table)}
         and attname = ${column.name} and not inherited
    ),
    points as (
      select cast(m.v as ${type}) as v, m.f::float8 as f from stats, unnest(stats.mcv, stats.mcf) as m(v, f)
      union all
      select cast(b.v as ${type}), stats.rest / (cardinality(stats.hb) - 1)
        from stats, unnest(stats.hb) with ordinality as b(v, n)
       where cardinality(stats.hb) > 1 and ${opensBucket}
    ),
    placed as (
      select v, coalesce(sum(f) over (order by v ${direction} rows between unbounded preceding and 1 preceding), 0) as before
        from points
    )
    select v::text as value, before from placed where before <= ${share} order by before desc limit 1`;
}

/**
 * A deep page of an unfiltered list whose total is an estimate (decision 106): from the first row
 * of the value the statistics place near its start, then the few rows left by offset. Null (the
 * plain offset) when the column has no statistics.
 */
async function pivotPlan(queries: ListQueries, key: SortKey, plan: Plan, total: number): Promise<Plan | null> {
  const pivot = await queries.pivot(pivotStatement(key, plan.offset / total));
  if (!pivot) return null;
  const value = sql`cast(${pivot.value} as ${sql.raw(key.column.getSQLType())})`;
  return {
    seek: key.descending ? sql`${key.column} <= ${value}` : sql`${key.column} >= ${value}`,
    offset: Math.max(0, plan.offset - Math.round(pivot.before * total)),
    limit: plan.limit,
    reversed: false,
  };
}

/** The ids of the page; a cursor whose values the database refuses falls back to the offset. */
async function idsOrOffset(
  queries: ListQueries,
  request: PageRequest,
  plan: Plan,
  keys: SortKey[],
  keyFields: Record<string, SQL>,
): Promise<Record<string, unknown>[]> {
  const where = plan.seek ? and(request.where, plan.seek) : request.where;
  try {
    return await queries.ids(where, orderSql(keys, plan.reversed), keyFields, Math.max(0, plan.limit), plan.offset);
  } catch (error) {
    // Class 22 (data exception): a cursor value that is not of its column's type.
    if (!plan.seek || !pgErrorCode(error)?.startsWith('22')) throw error;
    const start = (request.page - 1) * request.perPage;
    return queries.ids(request.where, orderSql(keys), keyFields, request.perPage, start);
  }
}

/** The row estimate of an `EXPLAIN (FORMAT JSON)` answer (its one row; json parsed or as text). */
export function planRows(row: Record<string, unknown> | undefined): number {
  const value = row ? Object.values(row)[0] : undefined;
  const plans = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Number(plans?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
