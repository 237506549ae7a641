/**
 * The billing run at a provider's size (issue 35, decision 102), on PostgreSQL (DATABASE_URL's
 * server or a local one, in a throwaway database), with the scale data of support/scale-data.ts:
 *
 * - a run billing 1 000 contracts, then one billing 99 000 more (100 000 in the database): the
 *   whole run within 3 minutes, and the cost per invoice flat (the large run's per-invoice time
 *   at most 1.5× the small one's); both on an otherwise quiet machine;
 * - a run with nothing to do over the 100 000 contracts: a few milliseconds (median < 10 ms);
 * - GET /api/sessao/web of a signed-in customer, served by a portal instance, while a run bills
 *   the next month of all 100 000 contracts, against its rate with no run: ≥ 0.5× (the run never
 *   starves customers). The load comes from autocannon in a process of its own, so that it
 *   competes for the 2 cores as customers' traffic would, not for the run's event loop.
 *
 * BILLING_BENCH_CONTRACTS changes the large size (100 000 by default).
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '../../src/shared/dates.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/database.ts';
import { seedReferenceData } from '../../src/server/platform/db/reference-data.ts';
import { runBilling } from '../../src/server/modules/billing/billing-run.ts';
import { SESSION_COOKIE } from '../../src/server/platform/session/session-plugin.ts';
import { createSession } from '../../src/server/platform/session/session-store.ts';
import { startServerProcess } from '../../tests/helpers/server-process.ts';
import { percentile } from './support/percentile.ts';
import { throwawayDatabase } from './support/postgres.ts';
import { report, reportRatio } from './support/report.ts';
import { scaleContracts, scaleProduct } from './support/scale-data.ts';

const SMALL = 1_000;
const LARGE = Number(process.env.BILLING_BENCH_CONTRACTS ?? 100_000);
const OPTIONS = { providerName: 'Provedora', publicUrl: 'https://portal.exemplo.com.br', leadDays: 10 };
const RATE_TURN_S = 5;

/** Requests per second of `url` over `seconds`, from autocannon in a child process. */
function sessionRate(url: string, cookie: string, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'node_modules/.bin/autocannon',
      ['--json', '-c', '20', '-d', String(seconds), '-H', `cookie=${cookie}`, url],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve((JSON.parse(out) as { requests: { average: number } }).requests.average);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

async function main(): Promise<void> {
  const target = await throwawayDatabase();
  if (typeof target === 'string') {
    console.log(`  SKIP  billing run: ${target}`);
    return;
  }
  let database: DatabaseHandle | null = null;
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    database = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 10 });
    await database.migrate();
    await seedReferenceData(database.db);
    const { db } = database;
    const today = todayInSaoPaulo();
    // Periods ending in 5 days: the next one starts within the 10-day lead time, so it is due.
    const periodEnd = addDays(today, 5);
    const periodStart = addDays(periodEnd, -29);
    const product = await scaleProduct(db);

    await scaleContracts(db, product, { from: 1, to: SMALL, periodStart, periodEnd });
    let started = performance.now();
    const small = await runBilling(db, OPTIONS);
    const smallMs = performance.now() - started;
    const smallPer = smallMs / small.faturas;
    report({ name: `billing run, ${SMALL} contracts`, value: `${small.faturas} invoices in ${(smallMs / 1000).toFixed(1)} s (${smallPer.toFixed(2)} ms each)` });

    await scaleContracts(db, product, { from: SMALL + 1, to: LARGE, periodStart, periodEnd });
    started = performance.now();
    const large = await runBilling(db, OPTIONS);
    const largeMs = performance.now() - started;
    const largePer = largeMs / large.faturas;
    report({
      name: `billing run, ${LARGE} contracts in the database`,
      value: `${large.faturas} invoices in ${(largeMs / 1000).toFixed(1)} s (${largePer.toFixed(2)} ms each)`,
      measured: largeMs / 1000,
      target: '≤ 180 s',
      pass: largeMs <= 180_000 && large.erros === 0 && small.faturas + large.faturas === LARGE,
    });
    report({
      name: `cost per invoice, ${LARGE} against ${SMALL} contracts`,
      value: `${largePer.toFixed(2)} ms`,
      reference: `${smallPer.toFixed(2)} ms`,
      measured: largePer / smallPer,
      target: '≤ 1.5×',
      pass: largePer / smallPer <= 1.5,
    });

    const idle: number[] = [];
    for (let run = 0; run < 20; run++) {
      const at = performance.now();
      const nothing = await runBilling(db, OPTIONS);
      idle.push(performance.now() - at);
      if (nothing.faturas !== 0) throw new Error('an idle run billed something');
    }
    const idleMs = percentile([...idle].sort((a, b) => a - b), 50);
    report({
      name: `billing run with nothing to do, ${LARGE} contracts`,
      value: `${idleMs.toFixed(1)} ms (median of 20)`,
      measured: idleMs,
      target: '< 10 ms',
      pass: idleMs < 10,
    });

    // A signed-in customer of one of the contracts, served by a portal instance on this database.
    const [customer] = (
      (await db.execute<{ usuario: number; cliente: number }>(
        sql`select u.id as usuario, c.id as cliente from gl_cliente c join gl_cliente_usuario l on l.gl_cliente_id = c.id join gl_usuario u on u.id = l.gl_usuario_id where c.cpfcnpj = lpad('1', 14, '0')`,
      )) as { rows: { usuario: number; cliente: number }[] }
    ).rows;
    if (!customer) throw new Error('no customer');
    const session = await createSession(
      db,
      { usuarioId: customer.usuario, clienteId: customer.cliente, produtoId: product.produtoId },
      { ttlMs: 3600_000, absoluteTtlMs: 7 * 86_400_000 },
    );
    server = await startServerProcess({
      DATABASE_URL: target.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      BILLING_INTERVAL_MS: '0',
      SEED_DEMO: 'false',
    });
    const url = `${server.baseUrl}/api/sessao/web`;
    const cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
    await sessionRate(url, cookie, 2);
    const idleRate = await sessionRate(url, cookie, RATE_TURN_S);

    // Next month: every period rolls over as the plan-change worker's roll-over would (here in
    // one statement: the roll-over is not what is measured), and the run bills them all again.
    await db.execute(sql`update gl_contrato set periodo_inicio = periodo_fim + 1, periodo_fim = faturado_ate`);
    const nextMonth = new Date(Date.now() + 30 * 86_400_000);
    started = performance.now();
    let finished = false;
    const loaded = runBilling(db, OPTIONS, nextMonth).finally(() => {
      finished = true;
    });
    // The customers' rate while the run bills: turns until it ends, the median of those that
    // ended before it did.
    const during: number[] = [];
    await sleep(1000);
    while (!finished) {
      const rate = await sessionRate(url, cookie, RATE_TURN_S);
      if (!finished) during.push(rate);
    }
    const loadedReport = await loaded;
    const loadedMs = performance.now() - started;
    report({
      name: `billing run of the next month, ${LARGE} contracts, with customers' calls at full rate`,
      value: `${loadedReport.faturas} invoices in ${(loadedMs / 1000).toFixed(1)} s (${(loadedMs / loadedReport.faturas).toFixed(2)} ms each)`,
    });
    const duringRate = during.length ? percentile([...during].sort((a, b) => a - b), 50) : 0;
    reportRatio({
      name: 'GET /api/sessao/web while the billing run bills',
      value: duringRate,
      reference: idleRate,
      referenceName: 'no run',
      unit: 'req/s',
      minimum: 0.5,
      note: `median of ${during.length} turns of ${RATE_TURN_S} s`,
    });
  } finally {
    await server?.kill();
    await database?.close();
    await target.drop();
  }
}

await main();
