// `npm run lighthouse`: Lighthouse (mobile, its default) on /login/1 and /produto/1/planos of the
// built portal, with Debian's Chromium, printing each category's score against the performance
// targets (performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95) and PASS/FAIL.
// Meant for a quiet machine: performance is timed, and a busy CPU lowers it. Needs `npm run
// build` first. Starts the portal on a free port with a throwaway embedded database and the demo
// data, and writes each page's full report to .lighthouse/ (LIGHTHOUSE_KEEP=1 keeps the data).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const PAGES = ['/login/1', '/produto/1/planos'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };

// chrome-launcher reports a missing browser from an event no caller can catch: the script would
// die and leave the portal it started running.
if (!existsSync(CHROMIUM)) {
  console.error(`lighthouse: no Chromium at ${CHROMIUM} (on Debian: apt-get install chromium; or set CHROME_PATH)`);
  process.exit(1);
}
if (!existsSync(path.join(root, 'dist', 'server', 'main.js')) || !existsSync(path.join(root, 'dist', 'client', 'index.html'))) {
  console.error('lighthouse: build the portal first (npm run build)');
  process.exit(1);
}

const port = await new Promise((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
const portal = spawn(process.execPath, [path.join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'development' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const baseUrl = `http://127.0.0.1:${port}`;

let chrome;
let failed = false;
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (portal.exitCode !== null) throw new Error('the portal exited at start');
    if (Date.now() > deadline) throw new Error('the portal did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const reports = path.join(root, '.lighthouse');
  mkdirSync(reports, { recursive: true });
  for (const page of PAGES) {
    const audit = () =>
      lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
    let result = await audit();
    // Lighthouse sometimes loses the page load's trace (NO_NAVSTART) and scores the page 0; that
    // says nothing about the page, so it is measured once more.
    if (result?.lhr.runtimeError) {
      console.log(`\n${page}: Lighthouse failed (${result.lhr.runtimeError.code}); measuring again`);
      result = await audit();
    }
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    const file = path.join(reports, `${page.replaceAll('/', '_').replace(/^_/, '')}.json`);
    writeFileSync(file, result.report);
    console.log(`\n${page} (report: ${path.relative(root, file)})`);
    for (const [category, target] of Object.entries(TARGETS)) {
      const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
      const ok = score >= target;
      failed ||= !ok;
      console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${category.padEnd(15)} ${String(score).padStart(3)}  (target ${target === 100 ? '100' : `≥ ${target}`})`);
      if (!ok) {
        // What Lighthouse holds against the page in that category, for whoever fixes it.
        for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            console.log(`          ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          }
        }
      }
    }
  }
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await chrome?.kill();
  portal.kill('SIGTERM');
  await new Promise((resolve) => portal.once('exit', resolve));
  if (!process.env.LIGHTHOUSE_KEEP) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
