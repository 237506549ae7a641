import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/database.ts';
import { DataDirLockedError } from './platform/db/data-dir-lock.ts';
import { DEMO_LOGINS, seedDemoData } from './modules/demo-seed/index.ts';
import { seedReferenceData } from './platform/db/reference-data.ts';
import { createMailTransport } from './platform/mail/transport.ts';
import { startHousekeeping } from './modules/housekeeping/index.ts';
import { startPrivacyWorker } from './modules/privacy/index.ts';
import { startResetRequestWorker } from './modules/recovery/index.ts';
import { startInvoiceReminders } from './modules/invoices/index.ts';
import { startMailWorker } from './platform/mail/worker.ts';
import { startPlanChangeWorker } from './modules/contracts/index.ts';
import { startBillingWorker } from './modules/billing/index.ts';
import { CLIENT_BUILD_DIR } from './platform/project-paths.ts';
import { localStorageFor } from './platform/storage/file-storage.ts';
import { resolveSessionSecret } from './platform/session/session-secret.ts';

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function prepareDatabase(config: Config, log: pino.Logger): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
          poolSize: config.DB_POOL_SIZE,
          backgroundPoolSize: config.DB_BACKGROUND_POOL_SIZE,
          queryLimits: {
            customer: { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS, lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS },
            background: {
              statementTimeoutMs: config.DB_BACKGROUND_STATEMENT_TIMEOUT_MS,
              lockTimeoutMs: config.DB_BACKGROUND_LOCK_TIMEOUT_MS,
            },
          },
          log: log.child({ module: 'database' }),
        }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await database.migrate();
  await seedReferenceData(database.db);
  const seedOptions = { fixedTokens: config.E2E_FIXED_TOKENS ?? false };
  if (config.seedDemo && (await seedDemoData(database.db, localStorageFor(config.DATA_DIR), seedOptions))) {
    log.info('demo data seeded');
  }
  return database;
}

function printWelcome(config: Config, kind: DatabaseHandle['kind']): void {
  const lines = [
    '',
    `  Portal do Cliente em ${config.publicUrl}`,
    `  Banco de dados: ${kind === 'pglite' ? `PGlite em ${path.resolve(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.seedDemo) {
    lines.push('', '  Logins de demonstração (senha demo1234):');
    for (const login of DEMO_LOGINS) lines.push(`    ${login.email.padEnd(26)} ${login.papel}`);
  }
  if (!config.SMTP_URL) {
    lines.push('', `  E-mails: caixa postal de desenvolvimento em ${config.publicUrl}/dev/caixa-postal`);
  }
  lines.push('', '  Ctrl+C encerra.', '');
  console.warn(lines.join('\n'));
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = pino({ level: config.LOG_LEVEL });

  let database: DatabaseHandle;
  try {
    database = await prepareDatabase(config, log);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }

  const app = await buildApp({
    config,
    database,
    sessionSecret: resolveSessionSecret(config.SESSION_SECRET, config.DATA_DIR),
    clientDir: CLIENT_BUILD_DIR,
    logger: log,
  });
  const mailWorker = startMailWorker({
    db: database.db,
    kind: database.kind,
    transport: createMailTransport(config),
    log: log.child({ module: 'mail' }),
  });
  const housekeeping = startHousekeeping({
    db: database.db,
    log: log.child({ module: 'housekeeping' }),
    intervalMs: config.HOUSEKEEPING_INTERVAL_MS,
    auditRetentionDays: config.AUDIT_RETENTION_DAYS,
    outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
  });
  const privacyWorker = startPrivacyWorker({
    db: database.db,
    providerName: config.PROVIDER_NAME,
    log: log.child({ module: 'privacy' }),
    intervalMs: config.PRIVACY_INTERVAL_MS,
  });
  const resetRequestWorker = startResetRequestWorker({
    db: database.db,
    publicUrl: config.publicUrl,
    providerName: config.PROVIDER_NAME,
    log: log.child({ module: 'recovery' }),
    intervalMs: config.RESET_REQUESTS_INTERVAL_MS,
  });
  const reminders = startInvoiceReminders({
    db: database.db,
    providerName: config.PROVIDER_NAME,
    publicUrl: config.publicUrl,
    log: log.child({ module: 'reminders' }),
    intervalMs: config.REMINDERS_INTERVAL_MS,
  });
  // The jobs' clock: the real one, but in a browser test that moves it ahead (config.ts).
  const jobsNow = () => new Date(Date.now() + config.JOBS_CLOCK_OFFSET_DAYS * 86_400_000);
  const planChangeWorker = startPlanChangeWorker({
    db: database.db,
    now: jobsNow,
    log: log.child({ module: 'plan-change' }),
    intervalMs: config.PLAN_CHANGE_INTERVAL_MS,
  });
  const billingWorker = startBillingWorker({
    db: database.db,
    now: jobsNow,
    log: log.child({ module: 'billing' }),
    intervalMs: config.BILLING_INTERVAL_MS,
    billing: {
      providerName: config.PROVIDER_NAME,
      publicUrl: config.publicUrl,
      leadDays: config.BILLING_LEAD_DAYS,
    },
  });

  // Graceful shutdown (decision 033, docs/operations.md): stop accepting, let requests in flight
  // finish within SHUTDOWN_GRACE_MS (then end them), stop the workers after their current item,
  // close the database (on PGlite that releases the DATA_DIR lock) and exit 0.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.SHUTDOWN_GRACE_MS;
    log.info({ signal, graceMs }, 'shutting down');
    const grace = setTimeout(() => {
      log.warn({ graceMs }, 'shutdown grace period over: closing the connections still busy, cancelling their queries');
      app.server.closeAllConnections();
      // A request or a job still waiting on the database (a locked table) would hold the close
      // until its own time limit; its statement is cancelled and it ends with an error (103).
      database.cancelRunningQueries().catch((error: unknown) => log.warn({ err: error }, 'shutdown: cancelling queries failed'));
    }, graceMs);
    grace.unref();
    // Only if closing itself hangs (a database that never answers the goodbye).
    const guard = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs + 10_000);
    guard.unref();
    let code = 0;
    const step = async (name: string, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        code = 1;
        log.error({ err: error }, `shutdown: ${name} failed`);
      }
    };
    await Promise.all([
      step('http', () => app.close()),
      step('mail worker', () => mailWorker.stop()),
      step('plan change worker', () => planChangeWorker.stop()),
      step('billing worker', () => billingWorker.stop()),
      step('housekeeping', () => housekeeping.stop()),
      step('privacy worker', () => privacyWorker.stop()),
      step('reset request worker', () => resetRequestWorker.stop()),
      step('invoice reminders', () => reminders.stop()),
    ]);
    clearTimeout(grace);
    await step('database', () => database.close());
    log.info({ code }, 'stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  printWelcome(config, database.kind);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
