// The first half of `npm start` (scripts/start.mjs) and of `npm run oidc:rotate-keys`: install what
// is missing or stale, build what is stale.
// Only Node built-ins here: this runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { installedMatchesLock } from './install-check.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// 1. Dependencies: installed when node_modules does not hold what package-lock.json names,
// however it was installed (scripts/install-check.mjs).
// 2. Build: when the sources are newer than the last build.
const builtServer = path.join(root, 'dist', 'server', 'main.js');
const builtClient = path.join(root, 'dist', 'client', 'index.html');
const sourcesChanged = () => {
  if (!existsSync(builtServer) || !existsSync(builtClient)) return true;
  const built = Math.min(statSync(builtServer).mtimeMs, statSync(builtClient).mtimeMs);
  return newestMtime(path.join(root, 'src')) > built || statSync(path.join(root, 'package-lock.json')).mtimeMs > built;
};

const needsBuild = sourcesChanged();
if (!installedMatchesLock(root, { withDev: needsBuild })) {
  console.log('Instalando dependências (npm ci)...');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}
if (needsBuild) {
  console.log('Compilando o portal...');
  run(npm, ['run', 'build']);
}
