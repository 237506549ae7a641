// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of
// dist/client, at the strongest levels, so the server sends them as they are (@fastify/static's
// preCompressed, src/server/platform/http/spa.ts) instead of compressing on every request
// (docs/decisions/061-compression-and-caching.md). index.html is left out: the server fills it
// per request and compresses that answer itself.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist/client');
const COMPRESSIBLE = /\.(js|mjs|css|svg|txt|json|webmanifest|map|ico)$/;
/** Smaller files gain less than the headers of a compressed answer cost. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(dist, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  if (file.includes(`${path.sep}.vite${path.sep}`)) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files++;
  before += content.length;
  after += brotli.length;
}
console.log(`compress: ${files} files, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with brotli (and .gz)`);
