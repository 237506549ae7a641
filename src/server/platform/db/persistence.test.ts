import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-paths.ts';
import { openDatabase } from './database.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { seedDemoData } from '../../modules/demo-seed/demo-seed.ts';
import { seedReferenceData } from './reference-data.ts';
import { localStorageFor } from '../storage/file-storage.ts';
import { glCliente, glUsuario } from './schema.ts';

// These tests are about the embedded database's files, whatever DATABASE_URL says.
const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-data-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startLikeMain(dataDir: string) {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  await handle.migrate();
  await seedReferenceData(handle.db);
  const seeded = await seedDemoData(handle.db, localStorageFor(dataDir));
  return { handle, seeded };
}

describe('the embedded database on disk', () => {
  it('keeps data across a restart and seeds the demo only once', async () => {
    const dataDir = tempDataDir();
    const first = await startLikeMain(dataDir);
    expect(first.seeded).toBe(true);
    const [users] = await first.handle.db.select({ n: count() }).from(glUsuario);
    const [clients] = await first.handle.db.select({ n: count() }).from(glCliente);
    await first.handle.close();

    const second = await startLikeMain(dataDir);
    expect(second.seeded).toBe(false);
    expect((await second.handle.db.select({ n: count() }).from(glUsuario))[0]).toEqual(users);
    expect((await second.handle.db.select({ n: count() }).from(glCliente))[0]).toEqual(clients);
    await second.handle.close();
  }, 120_000);

  it('makes a second server process on the same DATA_DIR refuse to start with a clear message', async () => {
    const dataDir = tempDataDir();
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      clearTimeout(timer);
      expect(code).toBe(1);
      expect(output).toContain('já está em uso pelo processo');
      expect(output).toContain(String(process.pid));
    } finally {
      await handle.close();
    }
    // Once the first closes, the directory is free again.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = tempDataDir();
    const { writeFileSync } = await import('node:fs');
    // pid_max is at most 2^22 on Linux, so this pid cannot be running.
    writeFileSync(path.join(dataDir, 'portal.lock'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.close();
  });

  it('reports a live owner with the DataDirLockedError', async () => {
    const dataDir = tempDataDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dataDir, 'portal.lock'), JSON.stringify({ pid: process.ppid }));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
  });
});
