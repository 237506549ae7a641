// `npm test`: every check a change must pass. Every suite runs even when an earlier one fails
// (a slow unit test must not hide the API or browser results); the browser suite is skipped only
// when the build it needs failed. Ends with one line per suite and "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

// Not under test-results/: Playwright empties that folder when it starts.
const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = (project) => [
  'npx',
  [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports}/${project}.json`,
  ],
];
const steps = [
  { name: 'types', run: ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']] },
  { name: 'lint', run: ['npx', ['eslint', '--max-warnings=0', '.']] },
  // Unused files, exports and dependencies (knip.json says where the entry points are).
  { name: 'knip', run: ['npx', ['knip']] },
  { name: 'unit', run: vitest('unit'), counts: () => countVitest('unit') },
  { name: 'api', run: vitest('api'), counts: () => countVitest('api') },
  { name: 'faults', run: vitest('faults'), counts: () => countVitest('faults') },
  { name: 'build', run: ['npm', ['run', 'build']] },
  {
    name: 'browser',
    needs: 'build',
    run: ['npx', ['playwright', 'test', '--reporter=list,json']],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` },
    counts: countPlaywright,
  },
];

function countVitest(project) {
  const file = `${reports}/${project}.json`;
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}
function countPlaywright() {
  const file = `${reports}/e2e.json`;
  if (!existsSync(file)) return undefined;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 };
}

const outcomes = new Map();
for (const step of steps) {
  if (step.needs && outcomes.get(step.needs)?.status !== 'passed') {
    outcomes.set(step.name, { status: 'skipped', note: `${step.needs} failed` });
    continue;
  }
  const [command, args] = step.run;
  console.log(`\n=== ${step.name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  const counts = step.counts?.();
  // A suite that crashed before writing its report still fails.
  const ok = result.status === 0 && (counts === undefined || counts.failed === 0);
  outcomes.set(step.name, { status: ok ? 'passed' : 'failed', seconds, counts });
}

let passed = 0;
let failed = 0;
console.log('\n=== summary');
for (const [name, { status, seconds, counts, note }] of outcomes) {
  const tally = counts ? ` (${counts.passed} passed, ${counts.failed} failed)` : '';
  const time = seconds === undefined ? '' : ` in ${seconds} s`;
  console.log(`${name.padEnd(8)} ${status}${tally}${time}${note ? ` — ${note}` : ''}`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (status === 'failed' && !counts?.failed) failed += 1;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit([...outcomes.values()].some((o) => o.status !== 'passed') ? 1 : 0);
