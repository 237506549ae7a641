import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layerConfig } from '../eslint-layers.js';

/**
 * The layer rules of eslint-layers.js (issue 42, decision 115), run on a small tree of their own:
 * each forbidden import is reported and each allowed one is not, so `npm run lint` fails on the
 * first kind.
 */
const FILES: Record<string, string> = {
  'src/server/app.ts': "import { alphaRoutes } from './modules/alpha/routes.ts';\nexport const app = alphaRoutes;\n",
  'src/server/main.ts': "import { alphaService } from './modules/alpha/service.ts';\nexport const main = alphaService;\n",
  'src/server/platform/db/database.ts': 'export const database = 1;\n',
  'src/server/platform/db/reads-module.ts': "import { alphaService } from '../../modules/alpha/index.ts';\nexport const value = alphaService;\n",
  'src/server/modules/alpha/service.ts': "import { database } from '../../platform/db/database.ts';\nexport const alphaService = database;\n",
  'src/server/modules/alpha/index.ts': "export { alphaService } from './service.ts';\n",
  'src/server/modules/alpha/routes.ts': "import { alphaService } from './service.ts';\nexport const alphaRoutes = alphaService;\n",
  'src/server/modules/beta/through-index.ts': "import { alphaService } from '../alpha/index.ts';\nexport const beta = alphaService;\n",
  'src/server/modules/beta/skips-index.ts': "import { alphaService } from '../alpha/service.ts';\nexport const skipped = alphaService;\n",
  'src/server/modules/gamma/one.ts': "import { two } from './two.ts';\nexport const one = (): number => two() + 1;\n",
  'src/server/modules/gamma/two.ts': "import { one } from './one.ts';\nexport const two = (): number => (one === undefined ? 0 : 1);\n",
  'src/server/modules/gamma/reads-in-test.test.ts': "import { alphaService } from '../alpha/service.ts';\nexport const inTest = alphaService;\n",
  'src/client/features/first/index.ts': "export { shown } from './shown.ts';\n",
  'src/client/features/first/shown.ts': 'export const shown = 1;\n',
  'src/client/features/second/through-index.ts': "import { shown } from '../first/index.ts';\nexport const fine = shown;\n",
  'src/client/features/second/skips-index.ts': "import { shown } from '../first/shown.ts';\nexport const reached = shown;\n",
};

let root = '';
const problems = new Map<string, string[]>();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'eslint-layers-'));
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, layerConfig(root)],
  });
  for (const result of await eslint.lintFiles(['src/**/*.ts'])) {
    problems.set(
      path.relative(root, result.filePath),
      result.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`),
    );
  }
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const reported = (file: string) => problems.get(file) ?? [];

describe('the layer rules', () => {
  it('refuse a platform file importing a module, even through its index.ts', () => {
    expect(reported('src/server/platform/db/reads-module.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The platform never imports a module/),
    ]);
  });

  it('refuse a module importing another past its index.ts, and allow it through index.ts', () => {
    expect(reported('src/server/modules/beta/skips-index.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*through its index\.ts/),
    ]);
    expect(reported('src/server/modules/beta/through-index.ts')).toEqual([]);
  });

  it('let app.ts register a route file, and refuse main.ts reaching past index.ts', () => {
    expect(reported('src/server/app.ts')).toEqual([]);
    expect(reported('src/server/main.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*app\.ts and main\.ts reach a module/),
    ]);
  });

  it('refuse an import cycle', () => {
    expect(reported('src/server/modules/gamma/one.ts')).toEqual([expect.stringMatching(/^import-x\/no-cycle:/)]);
    expect(reported('src/server/modules/gamma/two.ts')).toEqual([expect.stringMatching(/^import-x\/no-cycle:/)]);
  });

  it('refuse a client feature importing another past its index.ts', () => {
    expect(reported('src/client/features/second/skips-index.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Another feature/),
    ]);
    expect(reported('src/client/features/second/through-index.ts')).toEqual([]);
  });

  it('leave tests free to reach inside what they exercise', () => {
    expect(reported('src/server/modules/gamma/reads-in-test.test.ts')).toEqual([]);
    expect(reported('src/server/modules/alpha/service.ts')).toEqual([]);
  });
});
