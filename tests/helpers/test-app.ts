import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/platform/config.ts';
import type { Database, DatabaseHandle } from '../../src/server/platform/db/database.ts';
import { createTestDatabase, type TestDatabaseOptions } from './test-database.ts';

/** The session secret every test app gets (CSRF, ALTCHA and the TOTP-secret key derive from it). */
export const TEST_SESSION_SECRET = 'test-secret-'.padEnd(48, 'x');

export interface TestApp {
  app: App;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Adds routes or hooks before the app is ready (e.g. a route that fails on purpose). */
  configure?: (app: App) => void;
  /** A pino logger whose lines the test reads (default: no logging). */
  logger?: FastifyBaseLogger;
  /** Pools and time limits of the test's PostgreSQL database. */
  database?: TestDatabaseOptions;
}

/** A whole server on a fresh database, as main.ts wires it, without listening. */
export async function createTestApp({ env = {}, configure, logger, database: databaseOptions }: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(databaseOptions);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.data-test',
    CAPTCHA_PROVIDER: 'none',
    LOG_LEVEL: 'silent',
    // Every request of a test file comes from one address: the per-route limits of the routes
    // that check a secret would get in the way (a test that checks them sets its own).
    RATE_LIMIT_AUTH_MAX: '100000',
    // An ALTCHA challenge a test solves in milliseconds.
    CAPTCHA_ALTCHA_COST: '1',
    CAPTCHA_ALTCHA_MAX_NUMBER: '20',
    ...env,
  });
  const app = await buildApp({ config, database, sessionSecret: TEST_SESSION_SECRET, ...(logger && { logger }) });
  configure?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
