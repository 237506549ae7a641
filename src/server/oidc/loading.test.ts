import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const moduleUrl = (relative: string) => JSON.stringify(new URL(relative, import.meta.url).href);

describe('the OpenID provider library (provider.ts)', () => {
  it('is not loaded by the server until a request under /oidc needs it: a third of a second of every start', () => {
    // Its dependency koa is CommonJS: once loaded, it is in the require cache, which ES modules share.
    const script = `
      const { createRequire } = await import('node:module');
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/koa/'));
      await import(${moduleUrl('../app.ts')});
      await import(${moduleUrl('../jobs/housekeeping.ts')});
      const atStart = loaded();
      await import('oidc-provider');
      console.log(JSON.stringify({ atStart, onFirstUse: loaded() }));`;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}')).toEqual({
      atStart: false,
      onFirstUse: true,
    });
  });
});
