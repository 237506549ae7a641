/**
 * Load: the portal side by side with reference servers doing the least possible work
 * on the same machine and database, each ratio printed with its target and PASS/FAIL.
 *
 * - GET /api/sessao/web, signed in (a client, its product, an active contract with a pending
 *   plan change), against a plain Fastify one-row read (support/reference-server.ts): on
 *   PostgreSQL and on PGlite. Target ≥ 0.5×.
 * - POST /api/acesso/login with the right password from a browser the person used before,
 *   against bare argon2 verifications with the app's parameters, 8 at a time, in this process.
 *   Target ≥ 0.9×. INFO: the same from a new browser each time (an alert e-mail each); the
 *   reference server's least-work sign-in (read the hash, verify, write a session) against the
 *   same bare verifications, the ceiling of that ratio on this machine, and the app against it.
 * - GET /api/sessao/web while 40 sign-ins wait, against its idle rate. Target ≥ 0.5×.
 * - 300 sign-ins at once: past the hashing queue's bound they are answered 503 with Retry-After,
 *   every other one 200, none after 10 s.
 * - INFO: GET /api/gl_produto/{pid}/public_planos, and two instances against one.
 *
 * autocannon, 50 connections, after a 2 s warm-up. Each ratio's two rates are measured in turns
 * (three turns of each, alternately, BENCH_DURATION_S / 2 seconds a turn, BENCH_DURATION_S being
 * 10 unless set) and compared by their medians: this machine's speed drifts by a fifth within a
 * minute, and measured one after the other the two rates took the drift into their ratio.
 * PostgreSQL: DATABASE_URL's server or a local one at postgres://postgres@127.0.0.1:5432, in a
 * throwaway database. The servers log at `warn` (at `info` each request writes a log line).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { hashPassword, PASSWORD_HASH_OPTIONS } from '../../src/server/platform/crypto/password.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/database.ts';
import { seedReferenceData } from '../../src/server/platform/db/reference-data.ts';
import { SESSION_COOKIE } from '../../src/server/platform/session/session-plugin.ts';
import { createSession } from '../../src/server/platform/session/session-store.ts';
import { PROJECT_ROOT } from '../../src/server/platform/project-paths.ts';
import {
  createClient,
  createContract,
  createPendingPlanChange,
  createPlanWithOption,
  createProduct,
  createUser,
  linkUserToClient,
} from '../../tests/helpers/factories.ts';
import { freePort } from '../../tests/helpers/free-port.ts';
import { startServerProcess, type ServerProcess } from '../../tests/helpers/server-process.ts';
import { percentile } from './support/percentile.ts';
import { report, reportRatio } from './support/report.ts';
import { throwawayDatabase } from './support/postgres.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Turns of each rate in a ratio (inTurns), and the seconds of a turn. */
const TURNS = 3;
const TURN_S = Math.max(2, Math.round(DURATION_S / 2));
const CONNECTIONS = 50;
const PASSWORD = 'demo1234';
const SESSAO = '/api/sessao/web';

interface Rate {
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  p99Ms: number;
  maxMs: number;
  statusCodes: Record<string, number>;
}

async function load(options: {
  url: string;
  connections?: number;
  duration?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}): Promise<Rate> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION_S,
    method: options.method ?? 'GET',
    headers: { accept: 'application/json', ...options.headers },
    ...(options.body !== undefined && { body: options.body }),
    timeout: 30,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statusCodes,
  };
}

const warmUp = (url: string, headers: Record<string, string> = {}) =>
  load({ url, connections: 4, duration: 2, headers });

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/**
 * Rates measured alternately, TURNS turns of each in the order given; answers the median of each.
 */
async function medianRatesInTurns(rates: Array<() => Promise<number>>): Promise<number[]> {
  const measured: number[][] = rates.map(() => []);
  for (let turn = 0; turn < TURNS; turn++) {
    for (const [index, rate] of rates.entries()) measured[index]?.push(await rate());
  }
  return measured.map(median);
}

/** A rate and the one it is compared with (measured first in each turn), in turns. */
async function inTurns(
  figure: () => Promise<number>,
  reference: () => Promise<number>,
): Promise<{ figure: number; reference: number }> {
  const [referenceRate = 0, figureRate = 0] = await medianRatesInTurns([reference, figure]);
  return { figure: figureRate, reference: referenceRate };
}

/** A turn of GET `url` at 50 connections; its requests must all be answered 2xx. */
async function turnRate(name: string, url: string, headers?: Record<string, string>): Promise<number> {
  const rate = await load({ url, duration: TURN_S, ...(headers && { headers }) });
  checkAnswered(name, rate);
  return rate.requestsPerSecond;
}

/** A failed figure: requests the server did not answer as expected. */
function checkAnswered(name: string, rate: Rate): void {
  if (rate.non2xx + rate.errors > 0) {
    report({ name: `${name}: every request answered 2xx`, value: `non-2xx ${rate.non2xx}, errors ${rate.errors}`, pass: false });
  }
}

interface ReferenceServer {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startReference(env: Record<string, string>): Promise<ReferenceServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('scripts', 'bench', 'support', 'reference-server.ts')],
    { cwd: PROJECT_ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the reference server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The reference server, warmed up, and a turn of its one-row read. */
async function referenceServer(env: Record<string, string>): Promise<ReferenceServer & { turn: () => Promise<number> }> {
  const reference = await startReference(env);
  const url = `${reference.baseUrl}/one-row`;
  await warmUp(url);
  return { ...reference, turn: () => turnRate('reference one-row read', url) };
}

interface World {
  cookie: string;
  email: string;
  produtoId: number;
}

/**
 * A person signed in to a client with an active contract and a pending plan change (the session
 * answer's every part), with the password PASSWORD hashed as the app hashes it.
 */
async function seedWorld(database: DatabaseHandle): Promise<World> {
  const { db } = database;
  await database.migrate();
  await seedReferenceData(db);
  const produto = await createProduct(db, { nome: 'Produto do Benchmark' });
  for (let index = 0; index < 3; index++) await createPlanWithOption(db, produto.id);
  const user = await createUser(db, { senha_hash: await hashPassword(PASSWORD) });
  const cliente = await createClient(db, { razao_social: 'Cliente do Benchmark Ltda' });
  await linkUserToClient(db, user.id, cliente.id, 10);
  const { contrato } = await createContract(db, cliente.id, produto.id);
  await createPendingPlanChange(db, contrato);
  const session = await createSession(
    db,
    { usuarioId: user.id, clienteId: cliente.id, produtoId: produto.id },
    { ttlMs: 24 * 3600_000, absoluteTtlMs: 7 * 24 * 3600_000 },
  );
  return { cookie: `${SESSION_COOKIE}=${session.cookieValue}`, email: user.email, produtoId: produto.id };
}

const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_AUTH_MAX: '100000000',
  PLAN_CHANGE_INTERVAL_MS: '0',
  SESSION_SECRET: 'bench-secret-'.padEnd(48, 'x'),
  // BENCH_SERVER_NODE_OPTIONS becomes the app processes' NODE_OPTIONS. Node refuses --cpu-prof
  // there, and the processes end by SIGKILL: to profile, `--import` a module that starts
  // node:inspector's profiler and writes its profile every few seconds.
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
};

/**
 * A signed-in browser's cookies: the session's and the XSRF-TOKEN the first answer sets, which a
 * browser sends back with every later request (without it, every answer would set it again).
 */
async function browserHeaders(baseUrl: string, sessionCookie: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}${SESSAO}`, { headers: { cookie: sessionCookie } });
  await expectSignedIn(response);
  const xsrf = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))?.split(';')[0];
  if (!xsrf) throw new Error('the signed-in answer set no XSRF-TOKEN cookie');
  return { cookie: `${sessionCookie}; ${xsrf}` };
}

/**
 * GET /api/sessao/web answers HTTP 200 signed in or not (decision 004): a figure counts only
 * if its answers said who is signed in, checked before and after the load.
 */
async function expectSignedIn(response: Response): Promise<void> {
  const body = (await response.json()) as { status?: number; data?: { usuario?: unknown } };
  if (body.status !== 200 || !body.data?.usuario) throw new Error(`${SESSAO} did not answer signed in: ${JSON.stringify(body)}`);
}

/** An anonymous visitor's cookies and CSRF header, as the SPA holds them before signing in. */
async function anonymousHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}${SESSAO}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const csrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return {
    cookie: cookies.join('; '),
    'x-xsrf-token': csrf,
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  };
}

/**
 * The headers of a browser the person signed in with before: `signIn`'s, with the
 * portal_navegador cookie its first sign-in set (decision 071).
 */
async function knownBrowserHeaders(signIn: { url: string; headers: Record<string, string>; body: string }): Promise<Record<string, string>> {
  const response = await fetch(signIn.url, { method: 'POST', headers: signIn.headers, body: signIn.body });
  if (!response.ok) throw new Error(`the first sign-in answered ${response.status}`);
  const browser = response.headers.getSetCookie().find((line) => line.startsWith('portal_navegador='))?.split(';')[0];
  if (!browser) throw new Error('the sign-in set no portal_navegador cookie');
  return { ...signIn.headers, cookie: `${signIn.headers.cookie}; ${browser}` };
}

/**
 * Bare argon2id verifications with the app's parameters and library, `concurrency` at a time
 * (on libuv's pool, at the normal priority: the most a process could get from the cores).
 */
async function bareVerifyRate(concurrency: number, durationS: number): Promise<number> {
  const hash = await argon2Hash(PASSWORD, PASSWORD_HASH_OPTIONS);
  for (let index = 0; index < 8; index++) await argon2Verify(hash, PASSWORD);
  let done = 0;
  const started = performance.now();
  const end = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (!(await argon2Verify(hash, PASSWORD))) throw new Error('verify failed');
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function postgresFigures(): Promise<void> {
  const target = await throwawayDatabase();
  if (typeof target === 'string') {
    report({ name: 'PostgreSQL figures', value: `skipped: ${target}` });
    return;
  }
  const servers: ServerProcess[] = [];
  let reference: Awaited<ReturnType<typeof referenceServer>> | null = null;
  try {
    const database = await openDatabase({ kind: 'postgres', url: target.url });
    let world: World;
    try {
      world = await seedWorld(database);
    } finally {
      await database.close();
    }
    console.log(`PostgreSQL ${target.serverVersion}`);
    reference = await referenceServer({ REFERENCE_PG_URL: target.url, REFERENCE_PASSWORD: PASSWORD });

    const app = await startServerProcess({ ...SERVER_ENV, DATABASE_URL: target.url });
    servers.push(app);
    const sessao = `${app.baseUrl}${SESSAO}`;
    const signedIn = await browserHeaders(app.baseUrl, world.cookie);
    await warmUp(sessao, signedIn);
    const idleTurn = () => turnRate(`GET ${SESSAO}, PostgreSQL`, sessao, signedIn);
    const session = await inTurns(idleTurn, reference.turn);
    await expectSignedIn(await fetch(sessao, { headers: signedIn }));
    reportRatio({
      name: `GET ${SESSAO} signed in, PostgreSQL`,
      value: session.figure,
      reference: session.reference,
      referenceName: 'plain one-row read',
      unit: 'req/s',
      minimum: 0.5,
    });

    const planos = `${app.baseUrl}/api/gl_produto/${world.produtoId}/public_planos`;
    await warmUp(planos);
    const plans = await load({ url: planos });
    checkAnswered('public_planos', plans);
    report({
      name: 'GET /api/gl_produto/{pid}/public_planos, PostgreSQL',
      value: `${plans.requestsPerSecond.toFixed(0)} req/s`,
      reference: `plain one-row read ${session.reference.toFixed(0)} req/s`,
      measured: plans.requestsPerSecond / session.reference,
    });

    // Sign-ins: the app against bare argon2 verifications with the same parameters. The person
    // signs in again from a browser they used before (its portal_navegador cookie), as people
    // mostly do; a sign-in from a new browser also sends an alert by e-mail (decision 071), and is
    // measured on its own below.
    const newBrowser = {
      url: `${app.baseUrl}/api/acesso/login`,
      method: 'POST' as const,
      headers: await anonymousHeaders(app.baseUrl),
      body: JSON.stringify({ email: world.email, senha: PASSWORD, recaptcha: 'x', gl_produto_id: world.produtoId }),
    };
    const login = { ...newBrowser, headers: await knownBrowserHeaders(newBrowser) };
    // The least a sign-in can do on this stack (the reference server's): what the app's ratio can
    // reach here at most, with the load generator on the same cores. The three in the same turns.
    const leastWork = {
      url: `${reference.baseUrl}/sign-in`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'referencia@teste.com.br', senha: PASSWORD }),
    };
    await load({ ...login, connections: 2, duration: 2 });
    await load({ ...leastWork, connections: 2, duration: 2 });
    const signInRate = async (name: string, target: typeof login) => {
      const rate = await load({ ...target, connections: 8, duration: TURN_S });
      checkAnswered(name, rate);
      return rate.requestsPerSecond;
    };
    const [bare = 0, leastWorkRate = 0, appRate = 0] = await medianRatesInTurns([
      () => bareVerifyRate(8, TURN_S),
      () => signInRate('reference POST /sign-in', leastWork),
      () => signInRate('POST /api/acesso/login', login),
    ]);
    reportRatio({
      name: 'POST /api/acesso/login (right password), 8 at a time',
      value: appRate,
      reference: bare,
      referenceName: `bare argon2id verify (m=${PASSWORD_HASH_OPTIONS.memoryCost / 1024} MiB, t=${PASSWORD_HASH_OPTIONS.timeCost}, p=${PASSWORD_HASH_OPTIONS.parallelism}), 8 at a time,`,
      unit: '/s',
      minimum: 0.9,
    });
    report({
      name: 'least-work sign-in (reference server: read the hash, verify, write a session), 8 at a time',
      value: `${leastWorkRate.toFixed(1)} /s`,
      reference: `bare argon2id verify ${bare.toFixed(1)} /s`,
      measured: leastWorkRate / bare,
    });
    report({
      name: 'POST /api/acesso/login against the least-work sign-in',
      value: `${appRate.toFixed(1)} /s`,
      reference: `least-work sign-in ${leastWorkRate.toFixed(1)} /s`,
      measured: appRate / leastWorkRate,
    });

    const fromNewBrowsers = await load({ ...newBrowser, connections: 8, duration: TURN_S });
    checkAnswered('POST /api/acesso/login from a new browser', fromNewBrowsers);
    report({
      name: 'POST /api/acesso/login (right password) from a new browser each time, 8 at a time',
      value: `${fromNewBrowsers.requestsPerSecond.toFixed(1)} /s`,
      reference: `from a known browser ${appRate.toFixed(1)} /s`,
      measured: fromNewBrowsers.requestsPerSecond / appRate,
    });

    // The session answer while 40 sign-ins wait for the hashing queue, against its idle rate.
    const signIns: Rate[] = [];
    const busy = await inTurns(async () => {
      const [signInRate, during] = await Promise.all([
        load({ ...login, connections: 40, duration: TURN_S }),
        turnRate(`GET ${SESSAO} during the sign-ins`, sessao, signedIn),
      ]);
      checkAnswered('sign-ins during the load', signInRate);
      signIns.push(signInRate);
      return during;
    }, idleTurn);
    reportRatio({
      name: `GET ${SESSAO} while 40 sign-ins wait`,
      value: busy.figure,
      reference: busy.reference,
      referenceName: 'idle',
      unit: 'req/s',
      minimum: 0.5,
      note: `sign-ins meanwhile ${median(signIns.map((rate) => rate.requestsPerSecond)).toFixed(1)}/s, their p99 up to ${Math.max(...signIns.map((rate) => rate.p99Ms))} ms`,
    });

    // A burst past the queue's bound is turned away at once, not piled up.
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const answer = await fetch(login.url, { method: 'POST', headers: login.headers, body: login.body });
        const body = (await answer.json()) as { message?: string };
        return { status: answer.status, retryAfter: answer.headers.get('retry-after'), message: body.message, ms: performance.now() - started };
      }),
    );
    const accepted = answers.filter((answer) => answer.status === 200).length;
    const refusals = answers.filter((answer) => answer.status === 503);
    const others = answers.length - accepted - refusals.length;
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    report({
      name: '300 sign-ins at once',
      value: `${accepted} answered 200, ${refusals.length} answered 503 (Retry-After ${refusals[0]?.retryAfter ?? '-'}), ${others} other; the last answer after ${slowest.toFixed(0)} ms`,
      target: 'past the bound 503 + Retry-After at once, no other answer, none after 10 s',
      pass:
        accepted > 0 &&
        refusals.length > 0 &&
        others === 0 &&
        slowest < 10_000 &&
        refusals.every(
          (refusal) =>
            refusal.retryAfter !== null &&
            refusal.message === 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        ),
    });

    // Two instances on one database, for the record (on 2 cores the load generator takes one).
    const second = await startServerProcess({ ...SERVER_ENV, DATABASE_URL: target.url });
    servers.push(second);
    await warmUp(`${second.baseUrl}${SESSAO}`, signedIn);
    const both = await Promise.all(
      servers.map((server) =>
        load({ url: `${server.baseUrl}${SESSAO}`, headers: signedIn, connections: CONNECTIONS / 2 }),
      ),
    );
    const bothRate = both.reduce((sum, rate) => sum + rate.requestsPerSecond, 0);
    report({
      name: `GET ${SESSAO}, two instances on one PostgreSQL`,
      value: `${bothRate.toFixed(0)} req/s`,
      reference: `one instance ${session.figure.toFixed(0)} req/s`,
      measured: bothRate / session.figure,
    });
  } finally {
    await Promise.all(servers.map((server) => server.kill()));
    await reference?.stop();
    await target.drop();
  }
}

async function pgliteFigures(): Promise<void> {
  const referenceDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-ref-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-app-'));
  let app: ServerProcess | null = null;
  let reference: Awaited<ReturnType<typeof referenceServer>> | null = null;
  try {
    reference = await referenceServer({ REFERENCE_PGLITE_DIR: referenceDir });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let world: World;
    try {
      world = await seedWorld(database);
    } finally {
      await database.close();
    }
    app = await startServerProcess({ ...SERVER_ENV, DATA_DIR: dataDir });
    const sessao = `${app.baseUrl}${SESSAO}`;
    const signedIn = await browserHeaders(app.baseUrl, world.cookie);
    await warmUp(sessao, signedIn);
    const session = await inTurns(() => turnRate(`GET ${SESSAO}, PGlite`, sessao, signedIn), reference.turn);
    await expectSignedIn(await fetch(sessao, { headers: signedIn }));
    reportRatio({
      name: `GET ${SESSAO} signed in, PGlite`,
      value: session.figure,
      reference: session.reference,
      referenceName: 'plain one-row read',
      unit: 'req/s',
      minimum: 0.5,
    });
  } finally {
    await app?.kill();
    await reference?.stop();
    rmSync(referenceDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`autocannon ${CONNECTIONS} connections, ${DURATION_S} s per figure`);
// BENCH_ONLY=postgres or pglite runs one half.
const only = process.env.BENCH_ONLY;
if (only !== 'pglite') await postgresFigures();
if (only !== 'postgres') await pgliteFigures();
