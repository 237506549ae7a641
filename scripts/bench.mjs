// `npm run bench`: runs every benchmark in scripts/bench/ (TypeScript, through tsx) one after the
// other, each printing its figures with their targets and PASS/FAIL (scripts/bench/support/
// report.ts), then all of them in one table with the machine they came from, ready for the
// README. Fails when one figure misses its target. Figures are only as quiet as the machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = path.join('scripts', 'bench');
const only = process.argv[2];
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort();
const resultsDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const resultsFile = path.join(resultsDir, 'results.jsonl');

const machine = () => {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');
  return `${os.availableParallelism()} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load}`;
};
const before = machine();

let status = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, name)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
  });
  if (result.status !== 0) status = result.status ?? 1;
}

const results = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line))
  : [];
rmSync(resultsDir, { recursive: true, force: true });
console.log(`\n=== summary (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`);
console.log(`machine at start: ${before}`);
console.log(`machine at end:   ${machine()}\n`);
console.log('| figure | measured | compared with | ratio | target | |');
console.log('|---|---|---|---|---|---|');
for (const result of results) {
  const ratio = result.reference && result.measured !== undefined ? result.measured.toFixed(2) : '';
  console.log(`| ${result.name} | ${result.value} | ${result.reference ?? ''} | ${ratio} | ${result.target ?? ''} | ${result.verdict} |`);
}
const failed = results.filter((result) => result.verdict === 'FAIL').length;
const passed = results.filter((result) => result.verdict === 'PASS').length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status || (failed ? 1 : 0));
