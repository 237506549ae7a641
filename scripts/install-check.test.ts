import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (it runs before node_modules exists), without types.
import { installedMatchesLock } from './install-check.mjs';

const check = installedMatchesLock as (root: string, options: { withDev: boolean }) => boolean;

const LOCK = {
  packages: {
    '': { name: 'portal-do-cliente' },
    'node_modules/fastify': { version: '5.12.8' },
    'node_modules/vite': { version: '8.3.8', dev: true },
    'node_modules/@esbuild/darwin-arm64': { version: '0.28.2', optional: true, dev: true },
  },
};

let root = '';
function project(installed: Record<string, object> | null) {
  root = mkdtempSync(path.join(tmpdir(), 'install-check-'));
  writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(LOCK));
  if (installed) {
    mkdirSync(path.join(root, 'node_modules'));
    writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: installed }));
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start installs only when node_modules does not match the lock file', () => {
  it('takes a tree installed by any npm command that matches, without the other platforms’ packages', () => {
    const dir = project({ 'node_modules/fastify': { version: '5.12.8' }, 'node_modules/vite': { version: '8.3.8', dev: true } });
    expect(check(dir, { withDev: true })).toBe(true);
  });

  it('takes a production-only tree when nothing needs building', () => {
    const dir = project({ 'node_modules/fastify': { version: '5.12.8' } });
    expect(check(dir, { withDev: false })).toBe(true);
    expect(check(dir, { withDev: true })).toBe(false);
  });

  it('refuses a missing tree, another version, or a package the lock file does not name', () => {
    expect(check(project(null), { withDev: false })).toBe(false);
    rmSync(root, { recursive: true, force: true });
    expect(check(project({ 'node_modules/fastify': { version: '5.11.0' } }), { withDev: false })).toBe(false);
    rmSync(root, { recursive: true, force: true });
    const stale = project({ 'node_modules/fastify': { version: '5.12.8' }, 'node_modules/left-pad': { version: '1.3.0' } });
    expect(check(stale, { withDev: false })).toBe(false);
  });
});
