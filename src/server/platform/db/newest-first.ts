import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column DESC NULLS LAST`: the order of the indexes drizzle builds with `.desc()`. A plain
 * `desc()` means NULLS FIRST, which such an index cannot give even on a NOT NULL column, so
 * PostgreSQL sorted every row of a person's sign-in history (issue 37).
 */
export function newestFirst(column: PgColumn): SQL {
  return sql`${column} desc nulls last`;
}
