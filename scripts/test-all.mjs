// `npm test`: every check a change must pass, in order of cost; stops at the first failure.
// Prints a closing line "N passed, N failed" summed over the unit, API, fault and browser suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

// Not under test-results/: Playwright empties that folder when it starts.
const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  ['types', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/unit.json`]],
  ['api', 'npx', ['vitest', 'run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/api.json`]],
  ['faults', 'npx', ['vitest', 'run', '--project', 'faults', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/faults.json`]],
  ['build', 'npm', ['run', 'build']],
  ['browser', 'npx', ['playwright', 'test']],
];

let passed = 0;
let failed = 0;
function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}
function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

let status = 0;
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const env = name === 'browser'
    ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` }
    : process.env;
  const extra = name === 'browser' ? ['--reporter=list,json'] : [];
  const result = spawnSync(command, [...args, ...extra], { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${name} failed`);
    status = result.status ?? 1;
    if (name !== 'unit' && name !== 'api' && name !== 'faults') failed = Math.max(failed, 1);
    break;
  }
}
countVitest(`${reports}/unit.json`);
countVitest(`${reports}/api.json`);
countVitest(`${reports}/faults.json`);
countPlaywright(`${reports}/e2e.json`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status);
