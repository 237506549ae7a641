import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/database.ts';
import { seedReferenceData } from '../../src/server/platform/db/reference-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data directory each test file loads. */
    pgliteTemplate: string | null;
    /** PostgreSQL: name of a migrated template database each test file copies. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrate once per run, then every test file starts from a copy (decision 006): a dumped PGlite
 * data directory, or `CREATE DATABASE ... TEMPLATE` on PostgreSQL when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `portal_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', null);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  await seedReferenceData(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = path.resolve('.data-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return () => rmSync(file, { force: true });
}
