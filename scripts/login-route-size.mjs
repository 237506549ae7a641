// What the login route downloads after `vite build`: the entry chunk, the login screen's lazy
// chunk, their static imports and their CSS (lazy chunks loaded later, such as the captcha widget
// and the form's validation, are not counted). Used by scripts/bundle-budget.mjs and the bench.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const LOGIN_CHUNK = 'features/auth/components/login-page.tsx';

export function loginRouteSize(dist = path.resolve('dist/client')) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const collect = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect('index.html');
  collect(LOGIN_CHUNK);
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dist, file));
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: files.size, gzipKb: gzip / 1024, brotliKb: brotli / 1024 };
}
