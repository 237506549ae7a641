import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './database.ts';

/**
 * Statements a hot path runs on every request, built once per database handle and prepared
 * (issue 15): drizzle does not build their SQL again, and PostgreSQL parses and plans each once
 * per connection (its generic plan after a few runs). `name` names the statement on the server,
 * so one name is one statement. A transaction gets its own (its handle lives for one transaction).
 *
 * Placeholders are not mapped by their columns: pass dates as ISO strings (paramsFor).
 */
const prepared = new WeakMap<Queryable, Map<string, unknown>>();

export function preparedFor<T>(db: Queryable, name: string, prepare: (db: Queryable, name: string) => T): T {
  let byName = prepared.get(db);
  if (!byName) prepared.set(db, (byName = new Map<string, unknown>()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = prepare(db, name)));
  return statement;
}

/**
 * An insert's values as placeholders of the same names, for a prepared insert of those values
 * (given by paramsFor). Not mapped by their columns (a null date would break the mapping).
 */
export function placeholdersFor<T extends Record<string, unknown>>(values: T): { [K in keyof T]: SQL } {
  return Object.fromEntries(Object.keys(values).map((name) => [name, sql`${sql.placeholder(name)}`])) as {
    [K in keyof T]: SQL;
  };
}

/** The values of placeholdersFor's placeholders: dates as the driver writes timestamptz. */
export function paramsFor(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value instanceof Date ? value.toISOString() : value]),
  );
}
