/**
 * Load: requests per second of GET /api/sessao/web for a signed-in session (a session lookup and
 * the session's description, both from the database), served by one instance and by two
 * instances side by side on one PostgreSQL (DATABASE_URL, or a local server at
 * postgres://postgres@127.0.0.1:5432, in a throwaway database), measured with autocannon. Prints
 * both rates and their ratio. No target: on a 2-core machine the load generator takes a core of its
 * own, so the ratio says more about the machine than about the portal; on a larger one it shows
 * that instances share nothing but the database.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.ts';
import { seedReferenceData } from '../../src/server/db/reference-data.ts';
import { glUsuario } from '../../src/server/db/schema.ts';
import { SESSION_COOKIE } from '../../src/server/session/session-plugin.ts';
import { createSession } from '../../src/server/session/session-store.ts';
import { startServerProcess, type ServerProcess } from '../../tests/helpers/server-process.ts';

const DURATION_S = 10;
const CONNECTIONS = 20;
const PATH = '/api/sessao/web';

interface Rate {
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  p99Ms: number;
}

async function measure(servers: ServerProcess[], cookie: string): Promise<Rate> {
  const results = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: `${server.baseUrl}${PATH}`,
        connections: Math.max(1, Math.round(CONNECTIONS / servers.length)),
        duration: DURATION_S,
        headers: { cookie, accept: 'application/json' },
      }),
    ),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
  };
}

async function signedInCookie(url: string): Promise<string> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const [user] = await database.db
      .insert(glUsuario)
      .values({ nome: 'Pessoa do Benchmark', email: `bench.${randomBytes(4).toString('hex')}@teste.com.br`, senha_hash: 'x' })
      .returning({ id: glUsuario.id });
    if (!user) throw new Error('no user');
    const session = await createSession(
      database.db,
      { usuarioId: user.id },
      { ttlMs: 24 * 3600_000, absoluteTtlMs: 7 * 24 * 3600_000 },
    );
    return `${SESSION_COOKIE}=${session.cookieValue}`;
  } finally {
    await database.close();
  }
}

async function run(url: string): Promise<void> {
  const cookie = await signedInCookie(url);
  const env = {
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    PLAN_CHANGE_INTERVAL_MS: '0',
    SESSION_SECRET: 'bench-secret-'.padEnd(48, 'x'),
  };
  const first = await startServerProcess(env);
  const servers = [first];
  try {
    // Warm-up, then one instance, then two.
    await autocannon({ url: `${first.baseUrl}${PATH}`, connections: 4, duration: 2, headers: { cookie } });
    const one = await measure([first], cookie);
    const second = await startServerProcess(env);
    servers.push(second);
    await autocannon({ url: `${second.baseUrl}${PATH}`, connections: 4, duration: 2, headers: { cookie } });
    const two = await measure([first, second], cookie);
    const line = (label: string, rate: Rate) =>
      `  ${label.padEnd(28)} ${rate.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${String(rate.p99Ms).padStart(4)} ms` +
      `  (non-2xx ${rate.non2xx}, errors ${rate.errors})`;
    console.log(`GET ${PATH} (signed in), ${CONNECTIONS} connections, ${DURATION_S} s each, PostgreSQL`);
    console.log(line('one instance', one));
    console.log(line('two instances', two));
    console.log(`  ratio two/one: ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}`);
    if (one.non2xx + one.errors + two.non2xx + two.errors > 0) {
      console.log('  FAILED: some requests were not answered 2xx');
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(servers.map((server) => server.kill()));
  }
}

const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(`load: skipped, PostgreSQL at ${new URL(base).host} is not reachable (${(error as Error).message})`);
  process.exit(0);
}
const name = `portal_bench_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${name}`);
try {
  const url = new URL(base);
  url.pathname = `/${name}`;
  await run(url.toString());
} finally {
  for (let tries = 0; tries < 50; tries++) {
    const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
    if (open.rowCount === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
