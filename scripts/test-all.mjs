// `npm test`: every check a change must pass. Every suite runs even when an earlier one fails
// (a slow unit test must not hide the API or browser results); the browser suite is skipped only
// when the build it needs failed. Ends with one line per suite and "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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
  // Beside lint: each is one busy thread, and two cores run both in the time of the longer.
  { name: 'types', run: ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']], besideNext: true },
  { name: 'lint', run: ['npx', ['eslint', '--max-warnings=0', '.']] },
  // Unused files, exports and dependencies (knip.json says where the entry points are).
  { name: 'knip', run: ['npx', ['knip']] },
  // Every path README.md and docs/ name exists (scripts/check-docs.mjs; docs/.check-docs-allow).
  { name: 'docs', run: ['node', ['scripts/check-docs.mjs']] },
  { name: 'unit', run: vitest('unit'), counts: () => countVitest('unit') },
  { name: 'api', run: vitest('api'), counts: () => countVitest('api') },
  { name: 'build', run: ['npm', ['run', 'build']] },
  // Beside the browser suite, which leaves about a third of two cores idle (waiting on pages and
  // TOTP steps): the fault tests mostly wait on the PostgreSQL, Redis and server processes they
  // start and stop, on ports of their own (docs/decisions/083-test-suite-speed.md).
  { name: 'faults', run: vitest('faults'), counts: () => countVitest('faults'), besideNext: true },
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

function settle(step, status, started) {
  const seconds = Math.round((Date.now() - started) / 1000);
  const counts = step.counts?.();
  // A suite that crashed before writing its report still fails.
  const ok = status === 0 && (counts === undefined || counts.failed === 0);
  outcomes.set(step.name, { status: ok ? 'passed' : 'failed', seconds, counts });
}

/** Starts a step whose output goes to a file, printed once it ends; resolves with its exit code. */
function startBeside(step) {
  const [command, args] = step.run;
  const logFile = `${reports}/${step.name}.log`;
  console.log(`\n=== ${step.name} (beside the next suite; its output follows it): ${command} ${args.join(' ')}`);
  const out = createWriteStream(logFile);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const started = Date.now();
  return new Promise((resolve) => {
    // A command that cannot start fails its suite like one that fails (spawnSync did the same).
    child.on('error', (error) => out.write(`${error.message}\n`));
    child.on('close', (code) => {
      out.end(() => {
        console.log(`\n=== ${step.name}: output\n${readFileSync(logFile, 'utf8')}`);
        settle(step, code, started);
        resolve();
      });
    });
  });
}

const outcomes = new Map();
const beside = [];
for (const step of steps) {
  if (step.needs && outcomes.get(step.needs)?.status !== 'passed') {
    outcomes.set(step.name, { status: 'skipped', note: `${step.needs} failed` });
    continue;
  }
  if (step.besideNext) {
    beside.push(startBeside(step));
    continue;
  }
  const [command, args] = step.run;
  console.log(`\n=== ${step.name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  // Asynchronous, so that a suite running beside this one has its output collected meanwhile.
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  child.on('error', (error) => console.error(error.message));
  const status = await new Promise((resolve) => child.on('close', resolve));
  settle(step, status, started);
}
await Promise.all(beside);

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
