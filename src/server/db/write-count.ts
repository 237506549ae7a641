import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * How many writes the process has seen start or end on a database: what the session lookup keeps
 * its rows by (decisions 091 and 094). A result read while the count stayed at n is current for as
 * long as the count is still n.
 *
 * - PGlite: the process is the database's only client (the data directory is locked:
 *   data-dir-lock.ts), so its own writes are all there are.
 * - PostgreSQL: other instances, jobs and tools write too. Its own writes count as on PGlite, and
 *   each change another client makes to what the session lookup reads is announced by a trigger
 *   on the channel 'sessao_alterada' (migration 0009) and counts when it arrives
 *   (change-listener.ts). While no connection listens, there is no count and nothing is kept.
 */
export interface WriteCount {
  readonly value: number;
}

class Count implements WriteCount {
  value = 0;

  tick(): void {
    this.value += 1;
  }

  /** Counts once when `run` starts and once when it ends (committed or not). */
  async around<T>(run: () => Promise<T>): Promise<T> {
    this.tick();
    try {
      return await run();
    } finally {
      this.tick();
    }
  }
}

interface Registered {
  count: Count;
  /** False while a PostgreSQL database's change listener is not listening. */
  listening: boolean;
}

const counts = new WeakMap<object, Registered>();

/** A statement that only reads: the drivers and our code write SELECTs in this form. */
const READ_ONLY = /^\s*select\s/i;

/**
 * PGlite: counts every statement of `client` that may write, once when it starts and once when it
 * ends, so a read that overlapped a write never matches the count after it. Every transaction
 * counts, whatever it holds; so does exec (several statements). Registered for `db`, the drizzle
 * database over this client.
 */
export function countWrites(client: PGlite, db: object): void {
  const count = new Count();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    READ_ONLY.test(text)
      ? query(text, params, options)
      : count.around(() => query(text, params, options))) as PGlite['query'];
  client.exec = (...args) => count.around(() => exec(...args));
  client.transaction = (...args) => count.around(() => transaction(...args));
  counts.set(db, { count, listening: true });
}

/** What the change listener tells the count of a PostgreSQL database. */
export interface AnnouncedChanges {
  /** Another client changed what the session lookup reads. */
  changed(): void;
  /** The listener listens, or stopped listening (its connection was lost, or closed). */
  listening(on: boolean): void;
}

type TransactionOwner = { transaction: (...args: never[]) => Promise<unknown> };

/**
 * PostgreSQL: counts this process's statements that may write through `pool` (drizzle's plain
 * queries) and every transaction of `db` (they run on a connection taken from the pool), as
 * countWrites does for PGlite. Answers what the change listener reports to.
 */
export function countPostgresWrites(pool: pg.Pool, db: TransactionOwner): AnnouncedChanges {
  const count = new Count();
  const registered: Registered = { count, listening: false };
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    return text !== undefined && READ_ONLY.test(text) ? query(...args) : count.around(() => query(...args));
  }) as pg.Pool['query'];
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  db.transaction = ((...args: unknown[]) => count.around(() => transaction(...args)));
  counts.set(db, registered);
  return {
    changed: () => count.tick(),
    listening: (on) => {
      // Whatever was read before this moment may have missed an announcement.
      count.tick();
      registered.listening = on;
    },
  };
}

/**
 * The write count of a database, or undefined when nothing may be kept: a PostgreSQL database
 * whose listener is not listening, or a transaction.
 */
export function writeCountOf(db: object): WriteCount | undefined {
  const registered = counts.get(db);
  return registered?.listening ? registered.count : undefined;
}
