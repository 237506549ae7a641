/**
 * Build and start, on the tree as it is (run `npm run build` first):
 * - the login route's JS+CSS, gzipped, against the 120 KB target (decisions 062, 085);
 * - `npm start` on the built tree: ready (GET /readyz 200) in under 2 s on an existing embedded
 *   database, without installing or building anything. The first start on an empty database
 *   (migrations, the IBGE municipalities, the demo data) is printed for the record.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/server/platform/project-paths.ts';
import { freePort } from '../../tests/helpers/free-port.ts';
// @ts-expect-error: a plain .mjs script shared with the build, without types.
import { loginRouteSize } from '../login-route-size.mjs';
import { percentile } from './support/percentile.ts';
import { report } from './support/report.ts';

const TARGET_KB = 120;
const READY_TARGET_MS = 2000;
const AGAIN_RUNS = 5;

async function timeStart(dataDir: string): Promise<{ ms: number; output: string }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { ms: performance.now() - started, output };
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      if (performance.now() - started > 300_000) throw new Error('npm start was not ready within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const dist = path.join(PROJECT_ROOT, 'dist', 'client');
if (!existsSync(path.join(dist, '.vite', 'manifest.json')) || !existsSync(path.join(PROJECT_ROOT, 'dist', 'server', 'main.js'))) {
  report({ name: 'build and start', value: 'no build: run `npm run build` first', pass: false });
} else {
  const size = (loginRouteSize as (dir: string) => { files: number; gzipKb: number; brotliKb: number })(dist);
  report({
    name: 'the login route, JS+CSS',
    value: `${size.gzipKb.toFixed(1)} KB gzipped (${size.brotliKb.toFixed(1)} KB as sent, brotli; ${size.files} files)`,
    measured: size.gzipKb,
    target: `≤ ${TARGET_KB} KB gzipped`,
    pass: size.gzipKb <= TARGET_KB,
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-start-'));
  try {
    const first = await timeStart(dataDir);
    report({ name: 'npm start, first start (empty database: migrations, reference and demo data)', value: `ready in ${(first.ms / 1000).toFixed(2)} s` });
    // One start moves by a quarter with whatever else the machine does: the median of five.
    const starts: { ms: number; output: string }[] = [];
    for (let run = 0; run < AGAIN_RUNS; run++) starts.push(await timeStart(dataDir));
    const times = starts.map(({ ms }) => ms).sort((a, b) => a - b);
    const median = percentile(times, 50);
    const work = starts.map(({ output }) => /Instalando|Compilando/.exec(output)?.[0]).find(Boolean);
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    report({
      name: 'npm start on the built tree, existing database',
      value:
        `ready in ${seconds(median)} s, median of ${AGAIN_RUNS} (${times.map(seconds).join(', ')})` +
        (work ? ` (it ran "${work}...")` : ', nothing installed or built'),
      measured: median / 1000,
      target: `< ${READY_TARGET_MS / 1000} s, no install, no build`,
      pass: median < READY_TARGET_MS && !work,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
