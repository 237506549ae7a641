import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Pool as PgPool, PoolClient } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { listenForChanges } from './change-listener.ts';
import { countPostgresWrites, countWrites } from './write-count.ts';
import { MIGRATIONS_FOLDER } from '../project-paths.ts';
import { dbPoolAcquireTimeouts } from '../observability/metrics.ts';
import { currentLane, DEFAULT_QUERY_LIMITS, type QueryLane, type QueryLimits } from './query-lanes.ts';

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
  /**
   * Cancels the statements this process still runs (shutdown's grace is over): their requests
   * and jobs fail at once instead of holding the close. Nothing to do on PGlite.
   */
  cancelRunningQueries(): Promise<void>;
  /** Each lane's connections (for /metrics); nothing on PGlite. */
  poolStats(): Record<string, { total: number; idle: number; waiting: number }>;
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
      /** Connections of the customer lane (query-lanes.ts); default 10. */
      poolSize?: number;
      /** Connections of the background lane: jobs and staff; default 5. */
      backgroundPoolSize?: number;
      queryLimits?: Record<QueryLane, QueryLimits>;
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
    const limits = target.queryLimits ?? DEFAULT_QUERY_LIMITS;
    // Names this process's connections, so that shutdown can cancel what they still run.
    const applicationName = `portal-${process.pid}-${randomBytes(4).toString('hex')}`;
    const log = target.log ?? {
      warn: (object: object, message: string) => console.error(message, object),
      info: () => undefined,
    };
    const lost = (error: Error) =>
      log.warn({ err: { message: error.message, code: (error as { code?: unknown }).code } }, 'PostgreSQL connection lost');
    const openPool = (max: number, lane: QueryLimits) => {
      const pool = new pg.Pool({
        connectionString: target.url,
        max,
        application_name: applicationName,
        // Times are timestamptz in UTC (decision 001); the session zone only affects how they
        // print. Every statement runs under the lane's limits: a locked table or a runaway plan
        // ends in an error the API answers 503 (decision 103), not in a request that hangs.
        options: `-c TimeZone=UTC -c statement_timeout=${lane.statementTimeoutMs} -c lock_timeout=${lane.lockTimeoutMs}`,
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
      pool.on('connect', (client) => client.on('error', lost));
      // The pool re-emits an idle connection's error; the listener above has logged it already.
      pool.on('error', () => undefined);
      return pool;
    };
    const pools: Record<QueryLane, PgPool> = {
      customer: openPool(target.poolSize ?? 10, limits.customer),
      background: openPool(target.backgroundPoolSize ?? 5, limits.background),
    };
    /**
     * What drizzle is given: a pool (its name says so, which is how drizzle knows a transaction
     * needs a connection of its own) whose every query and connection come from the lane of the
     * caller (query-lanes.ts).
     */
    class LanePool {
      query(...args: unknown[]): unknown {
        const lane = currentLane();
        return counted(lane, (pools[lane].query as (...a: unknown[]) => unknown)(...args));
      }
      connect(): Promise<PoolClient> {
        const lane = currentLane();
        return counted(lane, pools[lane].connect());
      }
    }
    /** A query that gave up waiting for a connection of its lane is counted for /metrics. */
    function counted<T>(lane: QueryLane, result: T): T {
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message.startsWith('timeout exceeded when trying to connect')) {
            dbPoolAcquireTimeouts.inc({ lane });
          }
        });
      }
      return result;
    }
    const db = drizzlePostgres({ client: new LanePool() as unknown as PgPool, schema }) as unknown as Database;
    // Session lookups are kept between changes, as on PGlite, once a connection listens for the
    // changes other clients make (decision 094).
    const listener = listenForChanges(
      pg.Client,
      { connectionString: target.url, connectionTimeoutMillis: target.connectTimeoutMs ?? 3000 },
      countPostgresWrites(Object.values(pools), db),
      log,
    );
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Instances starting together take turns: drizzle's migrator does not lock by itself. A
        // migration may build an index over millions of rows: no time limit, on a connection
        // that is closed afterwards rather than returned to the pool without its limits.
        const client = await pools.background.connect();
        try {
          await client.query('set statement_timeout = 0; set lock_timeout = 0');
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release(true);
        }
      },
      ping: async () => void (await db.execute(sql`select 1`)),
      poolStats: () =>
        Object.fromEntries(
          Object.entries(pools).map(([lane, pool]) => [lane, { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }]),
        ),
      cancelRunningQueries: async () => {
        // A connection of its own: the pools' may all be busy with what is to be cancelled.
        const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: target.connectTimeoutMs ?? 3000 });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.query(
            `select pg_cancel_backend(pid) from pg_stat_activity
              where application_name = $1 and state <> 'idle' and pid <> pg_backend_pid()`,
            [applicationName],
          );
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      close: async () => {
        await listener.close();
        await Promise.all(Object.values(pools).map((pool) => pool.end()));
      },
    };
  }

  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The staff lists' trigram indexes (migration 0013, issue 37) need pg_trgm, as on PostgreSQL.
  const extensions = { pg_trgm };
  const lock = target.kind === 'pglite' ? lockDataDir(target.dataDir) : null;
  try {
    const client =
      target.kind === 'pglite'
        ? await PGlite.create({ dataDir: path.join(target.dataDir, 'pglite'), extensions })
        : await PGlite.create({ extensions, ...(target.loadDataDir && { loadDataDir: target.loadDataDir }) });
    await client.exec(`SET TIME ZONE 'UTC'`);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    countWrites(client, db);
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => void (await client.query('select 1')),
      // One connection in this process, which waits for no lock but its own statements.
      cancelRunningQueries: () => Promise.resolve(),
      poolStats: () => ({}),
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
