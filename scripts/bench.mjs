// `npm run bench`: runs every benchmark in scripts/bench/ (TypeScript, through tsx) one after the
// other and fails when one misses its target.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.join('scripts', 'bench');
const benches = readdirSync(dir).filter((name) => name.endsWith('.bench.ts')).sort();
let status = 0;
for (const name of benches) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, name)], { stdio: 'inherit' });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
