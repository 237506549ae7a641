import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, postgresUrlOf } from '#tests/helpers/test-database.ts';
import { LocalDiskStorage } from '../../platform/storage/file-storage.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { DEMO_SEED_LOCK, seedDemoData } from './demo-seed.ts';
import { DEFAULT_QUERY_LIMITS } from '../../platform/db/query-lanes.ts';

/**
 * Two instances starting together on an empty database: the second waits for the first's seed
 * however long it takes, past the background lane's lock_timeout (here 100 ms), and then finds it
 * done. PostgreSQL only (PGlite is one process).
 */
let handle: DatabaseHandle | null = null;
const filesDir = mkdtempSync(path.join(tmpdir(), 'portal-seed-lock-'));

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  handle = await createTestDatabase({
    queryLimits: { ...DEFAULT_QUERY_LIMITS, background: { statementTimeoutMs: 120_000, lockTimeoutMs: 100 } },
  });
});
afterAll(async () => {
  await handle?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

it('waits for another instance seeding, however long, instead of failing its start', async (context) => {
  if (handle?.kind !== 'postgres') return context.skip();
  const other = new pg.Client({ connectionString: await postgresUrlOf(handle) });
  await other.connect();
  try {
    await other.query('select pg_advisory_lock($1)', [DEMO_SEED_LOCK]);
    const seeding = seedDemoData(handle.db, new LocalDiskStorage(filesDir));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await other.query('select pg_advisory_unlock($1)', [DEMO_SEED_LOCK]);
    await expect(seeding).resolves.toBe(true);
  } finally {
    await other.end();
  }
});
