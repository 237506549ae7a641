import { and, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { EXACT_TOTAL_MAX } from '#shared/schemas/crud';
import { pgErrorCode } from '../../db/errors.ts';

/**
 * One page of a back-office list at any size (issue 37, decision 106). The page's rows are found
 * by their ids first, on the list's index (an index-only scan), and read afterwards; then:
 *
 * - a page next to one the caller holds is sought from that page's first or last key (keyset):
 *   walking a list of 2 million rows costs the same on page 5 000 as on page 2;
 * - a page in the second half is read from the end in reverse, so 'Última página' costs what the
 *   first does;
 * - the total is counted up to EXACT_TOTAL_MAX rows; past that it is the planner's estimate,
 *   flagged `total_estimado`, and the screen says 'mais de 10.000';
 * - a search over several tables (`searchParts`) is found the way its count says is cheap: up to
 *   EXACT_TOTAL_MAX matches, their ids from each part's indexes; more, the list's index in order
 *   with the search as a filter, which meets a page's worth of matches soon.
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
  /** A cursor_fim of an earlier page: pages after it are sought from its last key. */
  apos?: string | undefined;
  /** A cursor_inicio of a later page: pages before it are sought from its first key. */
  antes?: string | undefined;
}

export interface ListPage {
  rows: Record<string, unknown>[];
  total: number;
  estimated: boolean;
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

  const counted = await queries.countUpTo(request.where, searchParts, EXACT_TOTAL_MAX + 1);
  const estimated = counted > EXACT_TOTAL_MAX;
  const where = !searchParts?.length
    ? request.where
    : estimated
      ? and(request.where, or(...searchParts))
      : and(request.where, sql`${table.id} in (${queries.idsOfParts(searchParts)})`);
  const value = estimated ? Math.max(EXACT_TOTAL_MAX + 1, Math.round(await queries.estimate(where))) : counted;
  const lastPage = Math.max(1, Math.ceil(value / perPage));

  const plan = planPage(request, keyset, { value, estimated, lastPage });
  const keyFields = Object.fromEntries((keyset ?? []).map((key, index) => [`k${index}`, sql<string>`${key.column}::text`]));
  const found = await idsOrOffset(queries, { ...request, where }, plan, keys, keyFields);
  if (plan.reversed) found.reverse();

  const ids = [...new Set(found.map((row) => Number(row.id)))];
  const byId = new Map((ids.length ? await queries.rowsById(ids) : []).map((row) => [Number(row.id), row]));
  const rows = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);

  const cursorAt = (row: Record<string, unknown> | undefined) =>
    keyset && row ? encodeCursor({ page: request.page, values: keyset.map((_, index) => String(row[`k${index}`])) }) : null;
  return { rows, total: value, estimated, lastPage, cursorInicio: cursorAt(found[0]), cursorFim: cursorAt(found.at(-1)) };
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
