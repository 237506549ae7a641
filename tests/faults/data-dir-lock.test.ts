import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/platform/project-paths.ts';

/**
 * Processes that find the same stale DATA_DIR lock at the same moment must not
 * both take it over (before the fix, one deleted the other's fresh lock and both ran PGlite on one
 * directory). Several processes race, round after round, each round on a fresh stale lock.
 */
const PROCESSES = 4;
const ROUNDS = 40;
const PERIOD_MS = 60;
// pid_max is at most 2^22 on Linux, so this pid cannot be running.
const GONE_PID = 2 ** 22 + 12345;

const base = mkdtempSync(path.join(tmpdir(), 'portal-lock-race-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface Racer {
  /** The rounds it won, once it has run them all (it still holds those locks). */
  result: Promise<{ won: number[]; errors: string[] }>;
  /** Lets it release its locks and exit. */
  finish(): Promise<void>;
}

function racer(startAt: number): Racer {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/faults/fixtures/lock-race.ts', base, String(ROUNDS), String(startAt), String(PERIOD_MS)],
    { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  const result = new Promise<{ won: number[]; errors: string[] }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.endsWith('\n')) resolve(JSON.parse(output) as { won: number[]; errors: string[] });
    });
    void exited.then((code) => reject(new Error(`racer exited ${code} before reporting`)));
  });
  return {
    result,
    async finish() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`racer exited ${code}`);
    },
  };
}

describe('taking over a stale DATA_DIR lock', () => {
  it('gives each stale lock to exactly one of the processes that race for it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(base, String(round));
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'portal.lock'), JSON.stringify({ pid: GONE_PID }));
    }
    // Time for every racer to load before the first round.
    const startAt = Date.now() + 6000;
    const racers = Array.from({ length: PROCESSES }, () => racer(startAt));
    // Every racer holds what it won until all have run every round.
    const results = await Promise.all(racers.map((one) => one.result));
    await Promise.all(racers.map((one) => one.finish()));
    const winners = Array.from({ length: ROUNDS }, (_, round) => results.filter((result) => result.won.includes(round)).length);
    const shared = winners.map((count, round) => ({ round, count })).filter(({ count }) => count !== 1);
    expect(shared).toEqual([]);
    expect(results.flatMap((result) => result.errors)).toEqual([]);
  });
});
