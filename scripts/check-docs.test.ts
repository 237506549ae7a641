import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/check-docs.mjs (issue 42): the documentation names no path that is gone. Run on a small
 * repository of its own (a copy of the script under scripts/, whose parent is the root it reads).
 */
let root = '';
function repository(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), 'check-docs-'));
  for (const folder of ['scripts', 'docs/decisions', 'src/server/modules/people']) mkdirSync(path.join(root, folder), { recursive: true });
  copyFileSync(path.join(import.meta.dirname, 'check-docs.mjs'), path.join(root, 'scripts', 'check-docs.mjs'));
  writeFileSync(path.join(root, 'src/server/modules/people/service.ts'), '');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return spawnSync(process.execPath, [path.join(root, 'scripts', 'check-docs.mjs')], { cwd: root, encoding: 'utf8' });
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the documentation check', () => {
  it('passes when every path named exists, rooted, partial or linked', () => {
    const run = repository({
      'README.md': 'See `src/server/modules/people/service.ts`, `people/service.ts` and [the index](docs/decisions/README.md).\n',
      'docs/decisions/README.md': '# Decisions\n',
    });
    expect(run.stderr + run.stdout).not.toMatch(/missing|não existe|does not exist/i);
    expect(run.status).toBe(0);
  });

  it('fails naming the document, the line and the path that is gone', () => {
    const run = repository({
      'README.md': '# Portal\n\nThe people live in `src/server/modules/pessoas/service.ts`.\n',
      'docs/decisions/README.md': '# Decisions\n\n[Gone](114-gone.md)\n',
    });
    expect(run.status).toBe(1);
    const output = run.stderr + run.stdout;
    expect(output).toContain('README.md:3');
    expect(output).toContain('src/server/modules/pessoas/service.ts');
    expect(output).toContain('docs/decisions/README.md:3');
    expect(output).toContain('114-gone.md');
  });

  it('accepts a stale path in a decision record only when the allow-list names it', () => {
    const decision = { 'README.md': '# Portal\n', 'docs/decisions/020-x-plan.md': 'The worker was `contrato/plan-change-worker.ts`.\n' };
    expect(repository(decision).status).toBe(1);
    rmSync(root, { recursive: true, force: true });
    const allowed = repository({ ...decision, 'docs/.check-docs-allow': 'docs/decisions/020-x-plan.md: contrato/plan-change-worker.ts\n' });
    expect(allowed.status).toBe(0);
  });
});
