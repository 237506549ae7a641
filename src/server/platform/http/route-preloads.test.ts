import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloader } from './route-preloads.ts';

/** A build's manifest as Vite writes it: the entry, the plans screen and what they import. */
function builtClient(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'preloads-'));
  mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-A.js', imports: ['_compat-B.js'] },
    '_compat-B.js': { file: 'assets/compat-B.js' },
    '_table-C.js': {
      file: 'assets/table-C.js',
      css: ['assets/table-C.css'],
      imports: ['_compat-B.js'],
    },
    'features/plans/components/plans-page.tsx': {
      file: 'assets/plans-page-D.js',
      imports: ['_compat-B.js', '_table-C.js', 'index.html'],
      css: ['assets/plans-page-D.css'],
    },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('route preloads (decision 090)', () => {
  it("names a first page's screen code and what it imports beyond the entry, styles without blocking", () => {
    const preloads = routePreloader(builtClient());
    expect(preloads('/produto/1/planos')).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/api/gl_produto/1/public_planos">' +
        '<link rel="preload" as="fetch" crossorigin href="/api/gl_produto/1/edit">' +
        '<link rel="modulepreload" crossorigin href="/assets/plans-page-D.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/table-C.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/plans-page-D.css">' +
        '<link rel="preload" as="style" crossorigin href="/assets/table-C.css">',
    );
  });

  it("asks for the plans page's data as its code will (decision 092), only for a valid product id", () => {
    const preloads = routePreloader(builtClient());
    // The client reads '007' as product 7 (parsePid): the same address, or it would fetch twice.
    expect(preloads('/produto/007/planos')).toContain('href="/api/gl_produto/7/public_planos"');
    for (const invalid of [
      '/produto/0/planos',
      '/produto/abc/planos',
      '/produto/1234567890/planos',
    ]) {
      expect(preloads(invalid)).not.toContain('as="fetch"');
      expect(preloads(invalid)).toContain('plans-page-D.js');
    }
  });

  it('adds nothing to other pages, to a screen missing from the build, or without a manifest', () => {
    const preloads = routePreloader(builtClient());
    expect(preloads('/painel')).toBe('');
    expect(preloads('/produto/1/planos/extra')).toBe('');
    // The login screen is not in this build's manifest.
    expect(preloads('/login/1')).toBe('');
    expect(routePreloader(mkdtempSync(path.join(tmpdir(), 'no-build-')))('/produto/1/planos')).toBe(
      '',
    );
  });
});
