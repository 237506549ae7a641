import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/database.ts';
import { pgClusterUnavailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Issue 36 item 2 (decision 103): a table locked for longer than a query may wait. A customer's
 * request answers 503 with Retry-After and a pt-BR message once its lock time is up, and works
 * again when the lock goes; a job stuck on the lock with no limit of its own does not hold a
 * SIGTERM: its statement is cancelled when the grace ends and the process exits 0. Runs on a
 * PostgreSQL cluster of its own, never the shared server.
 */
const unavailable = pgClusterUnavailable();
if (unavailable) console.warn(`query-time-limit: ignorado, ${unavailable}`);

describe.skipIf(unavailable)('a table locked past the time limits', () => {
  let cluster: PgCluster;
  let database: DatabaseHandle;
  let server: ServerProcess | undefined;
  let holder: pg.Client | undefined;

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.createDatabase('portal');
    database = await openDatabase({ kind: 'postgres', url: cluster.url('portal'), poolSize: 2 });
    await database.migrate();
  });
  afterEach(async () => {
    await holder?.end().catch(() => undefined);
    holder = undefined;
    await server?.kill();
  });
  afterAll(async () => {
    await database?.close();
    cluster?.destroy();
  });

  /** Another client holds an exclusive lock on `table` until the test lets it go. */
  async function lockTable(table: string) {
    holder = new pg.Client({ connectionString: cluster.url('portal') });
    await holder.connect();
    await holder.query('begin');
    await holder.query(`lock table ${table} in access exclusive mode`);
    return holder;
  }

  it('answers a customer 503 with Retry-After within the lock time, and serves again once the lock goes', async () => {
    server = await startServerProcess({
      DATABASE_URL: cluster.url('portal'),
      DB_LOCK_TIMEOUT_MS: '300',
      DB_STATEMENT_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'warn',
    });
    const plans = () => fetch(`${server?.baseUrl}/api/gl_produto/424242/public_planos`, { signal: AbortSignal.timeout(8_000) });
    const lock = await lockTable('gl_produto');
    const startedAt = Date.now();
    const refused = await plans();
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ status: 503, message: MESSAGES.queryTimeout });

    await lock.query('rollback');
    const served = await plans();
    // Answered by the route again (no such product), not by the time limit.
    expect(served.status).toBe(404);
    expect(server.output()).toContain('query time limit reached');
  });

  it('uses as many customer connections as DB_POOL_SIZE says, however many requests wait', async () => {
    server = await startServerProcess({
      DATABASE_URL: cluster.url('portal'),
      DB_POOL_SIZE: '2',
      DB_LOCK_TIMEOUT_MS: '0',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_CONNECT_TIMEOUT_MS: '20000',
      LOG_LEVEL: 'warn',
    });
    const lock = await lockTable('gl_produto');
    const waiting = Array.from({ length: 6 }, () =>
      fetch(`${server?.baseUrl}/api/gl_produto/424242/public_planos`, { signal: AbortSignal.timeout(15_000) }),
    );
    // Asked outside the lock's transaction, whose view of pg_stat_activity stays as it began.
    const blocked = async () =>
      ((await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = 'portal' and wait_event_type = 'Lock'`,
      )) as { rows: { n: number }[] }).rows[0]?.n;
    await expect.poll(blocked, { timeout: 5_000 }).toBe(2);
    // Still two a moment later: the other requests wait for a connection, not on the lock.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await blocked()).toBe(2);
    await lock.query('rollback');
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
  });

  it('cancels a job stuck on a lock when the shutdown grace ends, and exits 0', async () => {
    await lockTable('gl_contrato');
    server = await startServerProcess({
      DATABASE_URL: cluster.url('portal'),
      // No limit at all for the jobs: only the shutdown can end the billing run's wait.
      DB_BACKGROUND_LOCK_TIMEOUT_MS: '0',
      DB_BACKGROUND_STATEMENT_TIMEOUT_MS: '0',
      BILLING_INTERVAL_MS: '100',
      SHUTDOWN_GRACE_MS: '1000',
      LOG_LEVEL: 'warn',
    });
    const running = server;
    // The billing run waits on the lock.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await (holder as pg.Client).query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = 'portal' and wait_event_type = 'Lock'`,
      );
      if (rows[0]?.n) break;
      if (Date.now() > deadline) throw new Error(`no query of the portal waits on the lock:\n${running.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    const { code } = await running.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
  });
});
