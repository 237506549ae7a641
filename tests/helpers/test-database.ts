import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/database.ts';
import type { QueryLane, QueryLimits } from '../../src/server/platform/db/query-lanes.ts';

/** PostgreSQL only: pools and limits other than the tests' default (a 20-connection customer lane). */
export interface TestDatabaseOptions {
  backgroundPoolSize?: number;
  queryLimits?: Record<QueryLane, QueryLimits>;
}

/**
 * The one way a test gets a database: a fresh copy of the migrated template (reference data
 * included), private to the calling test file. Close it in afterAll.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const postgresTemplate = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (postgresTemplate && databaseUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20, ...options });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        // pg's pool.end() resolves before its connections have closed: a forced drop would kill
        // one still saying goodbye, an uncaught error in the run. Wait for them (briefly) first.
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (!rows[0]?.n) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('api-global-setup provided no database template');
  return openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([readFileSync(template)]) });
}

/**
 * The URL of the PostgreSQL database behind a test's handle: for a second instance or another
 * client on the same database (decision 094).
 */
export async function postgresUrlOf(database: DatabaseHandle): Promise<string> {
  // Both drivers answer with { rows }; the engine-neutral Database type says unknown.
  const result = (await database.db.execute(sql`select current_database() as name`)) as { rows: { name: string }[] };
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${result.rows[0]?.name ?? ''}`;
  return url.toString();
}
