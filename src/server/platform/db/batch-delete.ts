import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database.ts';

/** Rows one statement deletes: short locks and a bounded WAL burst on a large provider. */
const DELETE_BATCH_SIZE = 5_000;

/**
 * Deletes the rows of `table` matching `where`, `batchSize` at a time, each batch its own
 * statement (issue 37: housekeeping returned every deleted id to Node in one statement, and one
 * delete of a year of rows holds its locks and fills the WAL at once). Only the count comes back.
 * `where` must name the table's columns qualified (drizzle's column objects in `sql` are).
 */
export async function deleteInBatches(
  db: Queryable,
  table: PgTable,
  id: PgColumn,
  where: SQL,
  batchSize = DELETE_BATCH_SIZE,
): Promise<number> {
  return repeatBatches((size) => deleteBatch(db, table, id, where, size), batchSize);
}

/** One batch: at most `batchSize` rows, one statement; how many went. */
export async function deleteBatch(db: Queryable, table: PgTable, id: PgColumn, where: SQL, batchSize = DELETE_BATCH_SIZE): Promise<number> {
  const result = (await db.execute<{ n: number }>(sql`
    with gone as (
      delete from ${table}
       where ${id} in (select ${id} from ${table} where ${where} limit ${batchSize})
      returning 1
    )
    select count(*)::int as n from gone
  `)) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** Runs `batch` until one deletes fewer than `batchSize` rows; the total. */
export async function repeatBatches(batch: (batchSize: number) => Promise<number>, batchSize = DELETE_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await batch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
