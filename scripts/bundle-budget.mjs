// Prints, after `vite build`, how much JS+CSS (gzipped) the login route loads: the entry chunk,
// the login screen's lazy chunk, their static imports and their CSS. Fails above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 180;
const LOGIN_CHUNK = 'features/auth/components/login-page.tsx';
const dist = path.resolve('dist/client');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-budget: no chunk ${key} in the Vite manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect(LOGIN_CHUNK);

let total = 0;
for (const file of files) total += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = total / 1024;
console.log(`bundle: the login route loads ${kb.toFixed(1)} KB of JS+CSS gzipped (${files.size} files; budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`bundle: over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
