import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';
import { writeCountOf } from '../../src/server/platform/db/write-count.ts';

/**
 * For the tests of reads kept in memory (src/server/platform/db/kept-reads.ts): counts the statements a
 * test app sends, on either database. Call it at the top of the test file, before the database
 * opens, so the write count's wrappers call the spies. Answers how many statements sent so far
 * match `pattern`.
 */
export function spyOnStatements(): (pattern: RegExp) => number {
  const pgliteQueries = vi.spyOn(PGlite.prototype, 'query');
  const postgresQueries = vi.spyOn(pg.Pool.prototype, 'query');
  return (pattern) =>
    [...pgliteQueries.mock.calls, ...postgresQueries.mock.calls].filter(([query]) =>
      pattern.test(typeof query === 'string' ? query : String((query as { text?: string }).text)),
    ).length;
}

/** Waits (at most 5 s) until PostgreSQL's change listener listens: nothing is kept before it. */
export async function untilReadsAreKept(db: object): Promise<void> {
  for (let waited = 0; !writeCountOf(db) && waited < 5000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * On PostgreSQL the announcements of a test's own setup writes come back a moment later; a read
 * they overlap is rightly not kept. Waits them out before a read a test expects kept.
 */
export const afterAnnouncements = () => new Promise((resolve) => setTimeout(resolve, 200));

/** Polls `check` every 20 ms until it holds, for at most `ms`: another instance's change. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 3000): Promise<boolean> {
  for (const deadline = Date.now() + ms; !(await check()); ) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
