import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * How many changes the process has seen start or end to what the session lookup reads: what it
 * and the other kept reads (kept-reads.ts: the active product) keep their rows by (decisions 091
 * and 094). A result read while the count stayed at n is current
 * for as long as the count is still n.
 *
 * - The process's own statements count when they may change a table the lookup reads (a `select`
 *   never does, nor does a new session: no one holds it), once when they start and once when they
 *   end; in a transaction, its commit or rollback counts too, when it did such a write.
 * - PGlite: the process is the database's only client (the data directory is locked:
 *   data-dir-lock.ts), so its own statements are all there are.
 * - PostgreSQL: other instances, jobs and tools write too. Each change to those tables, whoever
 *   makes it, is announced by a trigger on the channel 'sessao_alterada' (migration 0009) and
 *   counts when it arrives (change-listener.ts). While no connection listens, there is no count
 *   and nothing is kept.
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
/** The tables the session lookup reads, as drizzle names them ("gl_usuario") or raw SQL does. */
const KEPT_TABLES =
  /(?<!\w)"?(?:gl_sessao|gl_usuario|gl_cliente|gl_cliente_usuario|gl_produto|gl_contrato|gl_contrato_evento|gl_plano|gl_plano_pagamento)"?(?!\w)/i;
const NEW_SESSION = /^\s*insert\s+into\s+"?gl_sessao"?\s/i;
const TRANSACTION_END = /^\s*(?:commit|rollback)\s*;?\s*$/i;

/**
 * Whether a statement may change what a kept session lookup read. Every table a change to the
 * lookup's tables cascades from is one of them (schema.ts's foreign keys).
 */
function mayChangeKeptLookups(text: string): boolean {
  return !READ_ONLY.test(text) && !NEW_SESSION.test(text) && KEPT_TABLES.test(text);
}

/**
 * PGlite: counts the statements of `client` that may change the lookup's tables, and `exec`
 * (several statements: migrations, seeds) always; in a transaction, such a statement and the
 * transaction's end. PGlite runs one transaction or query at a time. Registered for `db`, the
 * drizzle database over this client.
 */
export function countWrites(client: PGlite, db: object): void {
  const count = new Count();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    mayChangeKeptLookups(text)
      ? count.around(() => query(text, params, options))
      : query(text, params, options)) as PGlite['query'];
  client.exec = (...args) => count.around(() => exec(...args));
  client.transaction = async <T>(callback: (tx: Transaction) => Promise<T>) => {
    let wrote = false;
    try {
      return await transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
          if (mayChangeKeptLookups(text)) {
            wrote = true;
            count.tick();
          }
          return txQuery(text, params, options);
        }) as Transaction['query'];
        tx.exec = (...args) => {
          wrote = true;
          count.tick();
          return txExec(...args);
        };
        return callback(tx);
      });
    } finally {
      if (wrote) count.tick();
    }
  };
  counts.set(db, { count, listening: true });
}

/** What the change listener tells the count of a PostgreSQL database. */
export interface AnnouncedChanges {
  /** A change to what the session lookup reads was announced. */
  changed(): void;
  /** The listener listens, or stopped listening (its connection was lost, or closed). */
  listening(on: boolean): void;
}

const textOf = (query: unknown): string | undefined =>
  typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text as string | undefined;

/**
 * PostgreSQL: counts this process's statements on every connection of `pool` (drizzle's plain
 * queries and its transactions both run on them, with promises), as countWrites does for PGlite:
 * a statement that may change the lookup's tables, and the commit or rollback of a transaction
 * that ran one. Answers what the change listener reports to.
 */
export function countPostgresWrites(pools: pg.Pool[], db: object): AnnouncedChanges {
  const count = new Count();
  const registered: Registered = { count, listening: false };
  const watch = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    /**
     * Counts the statement once when sent and once when it has ended. pg-pool's own `query`
     * passes a callback (and gets no promise back): the end is when that callback is called.
     */
    const counted = (args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback !== 'function') return count.around(() => Promise.resolve(query(...args)));
      count.tick();
      return query(...args.slice(0, -1), (...results: unknown[]) => {
        count.tick();
        return (callback as (...results: unknown[]) => unknown)(...results);
      });
    };
    let wrote = false;
    client.query = ((...args: unknown[]) => {
      const text = textOf(args[0]);
      if (text === undefined) return query(...args);
      if (mayChangeKeptLookups(text)) {
        wrote = true;
        return counted(args);
      }
      if (wrote && TRANSACTION_END.test(text)) {
        wrote = false;
        return counted(args);
      }
      return query(...args);
    }) as pg.PoolClient['query'];
  };
  for (const pool of pools) pool.on('connect', watch);
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
