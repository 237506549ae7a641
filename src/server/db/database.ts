import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { listenForChanges } from './change-listener.ts';
import { countPostgresWrites, countWrites } from './write-count.ts';
import { MIGRATIONS_FOLDER } from '../project-paths.ts';

/** The one database type every module uses, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or an open transaction: what query functions accept. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where openDatabase reports a lost connection (main.ts passes its pino logger). */
interface DatabaseLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long a query waits for a new connection before failing (503); default 3 s. */
      connectTimeoutMs?: number;
      log?: DatabaseLog;
    }
  | { kind: 'pglite'; dataDir: string }
  /** An in-memory PGlite, optionally started from a dumped data directory (tests). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };


const MIGRATION_LOCK_KEY = 724_311_001;

// Each kind loads its own driver when opened: a run uses one of them, and loading both was a
// twentieth of the server's start.
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // Times are timestamptz in UTC (decision 001); the session zone only affects how they print.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      options: '-c TimeZone=UTC',
      // A server that is down or unreachable fails the query within seconds (answered 503 by the
      // error handler) instead of letting requests pile up; keepalive finds dead peers.
      connectionTimeoutMillis: target.connectTimeoutMs ?? 3000,
      keepAlive: true,
    });
    // A connection the server drops (restart, failover, pg_terminate_backend) emits 'error'. The
    // pool listens only while a connection is idle; one checked out between two statements of a
    // transaction has no listener, and an unhandled 'error' event ends the process. So every
    // connection gets its own listener (decision 033); the query in flight fails on its own and the
    // pool replaces the connection.
    const log = target.log ?? {
      warn: (object: object, message: string) => console.error(message, object),
      info: () => undefined,
    };
    const lost = (error: Error) =>
      log.warn({ err: { message: error.message, code: (error as { code?: unknown }).code } }, 'PostgreSQL connection lost');
    pool.on('connect', (client) => client.on('error', lost));
    // The pool re-emits an idle connection's error; the listener above has logged it already.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    // Session lookups are kept between changes, as on PGlite, once a connection listens for the
    // changes other clients make (decision 094).
    const listener = listenForChanges(
      pg.Client,
      { connectionString: target.url, connectionTimeoutMillis: target.connectTimeoutMs ?? 3000 },
      countPostgresWrites(pool, db),
      log,
    );
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Instances starting together take turns: drizzle's migrator does not lock by itself.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const lock = target.kind === 'pglite' ? lockDataDir(target.dataDir) : null;
  try {
    const client =
      target.kind === 'pglite'
        ? await PGlite.create({ dataDir: path.join(target.dataDir, 'pglite') })
        : await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
    await client.exec(`SET TIME ZONE 'UTC'`);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    countWrites(client, db);
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => void (await client.query('select 1')),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
