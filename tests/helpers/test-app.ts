import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database, DatabaseHandle } from '../../src/server/db/database.ts';
import { createTestDatabase } from './test-database.ts';

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
}

/** A whole server on a fresh database, as main.ts wires it, without listening. */
export async function createTestApp({ env = {}, configure }: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.data-test',
    CAPTCHA_PROVIDER: 'none',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, database, sessionSecret: 'test-secret-'.padEnd(48, 'x') });
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
