import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/**
 * How many writes an embedded database (PGlite) has started and finished. Its process is the
 * database's only client (the data directory is locked: data-dir-lock.ts), so a result read while
 * the count stayed at n is current for as long as the count is still n: what the session lookup
 * keeps between writes (docs/decisions/091-embedded-session-cache.md). PostgreSQL has other
 * clients, so it gets no count.
 */
export interface WriteCount {
  readonly value: number;
}

const counts = new WeakMap<object, WriteCount>();

/** A statement that only reads: the drivers and our code write SELECTs in this form. */
const READ_ONLY = /^\s*select\s/i;

/**
 * Counts every statement of `client` that may write, once when it starts and once when it ends
 * (committed or not), so a read that overlapped a write never matches the count after it. Every
 * transaction counts, whatever it holds; so does exec (several statements). Registered for `db`,
 * the drizzle database over this client.
 */
export function countWrites(client: PGlite, db: object): void {
  const count = { value: 0 };
  const tick = () => {
    count.value += 1;
  };
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    tick();
    try {
      return await run();
    } finally {
      tick();
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    READ_ONLY.test(text)
      ? query(text, params, options)
      : counted(() => query(text, params, options))) as PGlite['query'];
  client.exec = (...args) => counted(() => exec(...args));
  client.transaction = (...args) => counted(() => transaction(...args));
  counts.set(db, count);
}

/** The write count of an embedded database, or undefined (PostgreSQL, or a transaction). */
export function writeCountOf(db: object): WriteCount | undefined {
  return counts.get(db);
}
