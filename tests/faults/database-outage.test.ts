import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { MESSAGES } from '../../src/shared/messages.ts';
import { openDatabase } from '../../src/server/platform/db/database.ts';
import { SESSION_COOKIE } from '../../src/server/platform/session/session-plugin.ts';
import { createSession } from '../../src/server/platform/session/session-store.ts';
import { createUser } from '../helpers/factories.ts';
import { PROJECT_ROOT } from '../../src/server/platform/project-paths.ts';
import { pgClusterUnavailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

/**
 * The process survives PostgreSQL going away in every way (terminated
 * connections, fast and immediate restarts, a stop), answers 503 meanwhile, and recovers by itself.
 * Runs on a PostgreSQL cluster of its own, never the shared server.
 */
const unavailable = pgClusterUnavailable();
if (unavailable) console.warn(`database-outage: ignorado, ${unavailable}`);

const CONNECT_TIMEOUT_MS = 1500;
/** A route that needs the database and no session. */
const DB_ROUTE = '/api/gl_cidade?q=Sao';

describe.skipIf(unavailable)('PostgreSQL outages', () => {
  let cluster: PgCluster;
  let server: ServerProcess;
  const statuses: number[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.createDatabase('portal');
    server = await startServerProcess({
      DATABASE_URL: cluster.url('portal'),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      RATE_LIMIT_MAX: '1000000',
    });
  });
  afterAll(async () => {
    await server?.kill();
    cluster?.destroy();
  });

  async function call(path = DB_ROUTE) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { status: number; message: string };
    statuses.push(response.status);
    return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
  }

  /** Requests in a loop, four at a time, while an outage happens: they keep connections busy. */
  function load() {
    let running = true;
    const loops = Array.from({ length: 4 }, async () => {
      while (running && server.isRunning()) await call().catch(() => undefined);
    });
    return async () => {
      running = false;
      await Promise.all(loops);
    };
  }

  async function recovered() {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await call();
      if (answer.status === 200) return answer;
      if (Date.now() > deadline) throw new Error(`still ${answer.status} after the outage`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('keeps the process up when a connection checked out in a transaction is terminated', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/faults/fixtures/hold-transaction.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: cluster.url('portal') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('holding')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then(() => reject(new Error(`exited early:\n${output}`)));
    });
    expect(await cluster.terminateConnections('portal')).toBeGreaterThan(0);
    const code = await exited;
    expect(output).not.toContain("Unhandled 'error' event");
    expect(output).toContain('transaction failed');
    expect(output).toContain('alive');
    expect(code).toBe(0);
  });

  it.each([
    ['terminated connections', () => cluster.terminateConnections('portal')],
    ['a fast restart', () => Promise.resolve(cluster.restart('fast'))],
    ['an immediate restart (a crash)', () => Promise.resolve(cluster.restart('immediate'))],
  ])('survives %s under load and recovers by itself', async (_name, outage) => {
    expect((await call()).status).toBe(200);
    const stopLoad = load();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await outage();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopLoad();
    expect(server.isRunning()).toBe(true);
    await recovered();
    expect(server.isRunning()).toBe(true);
  });

  it('answers 503 with Retry-After within the connect timeout while the database is stopped', async () => {
    expect((await call()).status).toBe(200);
    cluster.stop('fast');
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await call();
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ status: 503, message: MESSAGES.serviceUnavailable });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
      }
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'indisponivel', database: 'indisponivel' });
    } finally {
      cluster.start();
    }
    await recovered();
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(server.isRunning()).toBe(true);
  });

  // Decision 094: the server keeps session lookups only while it hears of the database's changes.
  it('answers a kept session 503 while the database is stopped, and hears of changes again after it', async () => {
    const database = await openDatabase({ kind: 'postgres', url: cluster.url('portal'), poolSize: 1 });
    let cookie: string;
    let sessionId: string;
    try {
      const user = await createUser(database.db);
      const session = await createSession(database.db, { usuarioId: user.id }, { ttlMs: 3600_000, absoluteTtlMs: 7200_000 });
      cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
      sessionId = session.id;
    } finally {
      await database.close();
    }
    const sessao = async () => {
      const response = await fetch(`${server.baseUrl}/api/sessao/web`, { headers: { accept: 'application/json', cookie } });
      statuses.push(response.status);
      return { status: response.status, body: (await response.json()) as { status: number } };
    };
    expect((await sessao()).body.status).toBe(200);
    expect((await sessao()).body.status).toBe(200);
    cluster.stop('fast');
    try {
      expect((await sessao()).status).toBe(503);
    } finally {
      cluster.start();
    }
    await recovered();
    expect((await sessao()).body.status).toBe(200);
    // The server listens again by itself, and a session another client ends is refused. The other
    // client is a plain connection: a database handle would LISTEN too, and be counted below.
    const other = new pg.Client({ connectionString: cluster.url('portal') });
    await other.connect();
    try {
      const listening = async () =>
        (await other.query(`select 1 from pg_stat_activity where datname = 'portal' and query ilike 'listen%'`)).rows.length;
      const listenDeadline = Date.now() + 10_000;
      while ((await listening()) === 0 && Date.now() < listenDeadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listening()).toBe(1);
      await other.query('delete from gl_sessao where id = $1', [sessionId]);
    } finally {
      await other.end();
    }
    const deadline = Date.now() + 5000;
    let answer = await sessao();
    while (answer.body.status !== 400 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await sessao();
    }
    expect(answer.body.status).toBe(400);
  });

  // Issue 36 item 7: the OpenID provider's answers while the database is away.
  it("answers an application's sign-in steps with a page and Retry-After, its endpoints with Retry-After", async () => {
    const database = await openDatabase({ kind: 'postgres', url: cluster.url('portal'), poolSize: 1 });
    let cookie: string;
    try {
      const user = await createUser(database.db);
      const session = await createSession(database.db, { usuarioId: user.id }, { ttlMs: 3600_000, absoluteTtlMs: 7200_000 });
      cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
    } finally {
      await database.close();
    }
    // The provider loaded (its keys read) while the database answers.
    expect((await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`)).status).toBe(200);
    const authorize = `/oidc/auth?client_id=aplicativo-x&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://app.example/cb')}`;
    cluster.stop('fast');
    try {
      for (const headers of [{ cookie }, {} as Record<string, string>]) {
        const page = await fetch(`${server.baseUrl}${authorize}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
        statuses.push(page.status);
        expect(page.status).toBe(503);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await page.text()).toContain('temporariamente indisponível');
      }
      const token = await fetch(`${server.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('aplicativo-x:segredo').toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      });
      statuses.push(token.status);
      expect(token.status).toBe(503);
      expect(Number(token.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      cluster.start();
    }
    await recovered();
  });

  it('never answered 500 during any of the outages', () => {
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  });
});
