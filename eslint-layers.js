import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The house's layers as lint rules (docs/architecture.md, Layers; decision 115): the platform
 * never imports a module; a module reaches another only through its index.ts (its public
 * surface), app.ts and main.ts through index.ts or the module's route files; a client feature
 * reaches another only through its index.ts; no import cycle anywhere. Built from the folders
 * found under `root`, so a new module or feature is covered without editing this file;
 * scripts/eslint-layers.test.ts runs it on a small tree of its own.
 */
export function layerConfig(root, { tsconfig } = {}) {
  const folders = (relative) =>
    readdirSync(path.join(root, relative), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  const zones = [
    {
      target: './src/server/platform',
      from: ['./src/server/modules', './src/server/app.ts', './src/server/main.ts'],
      message: 'The platform never imports a module: pass in what it needs, or move the code to the module.',
    },
    ...folders('src/server/modules').map((name) => ({
      target: `./src/server/modules/${name}/**`,
      from: `./src/server/modules/!(${name})/**`,
      except: ['**/src/server/modules/*/index.ts'],
      message: 'Another module is reached only through its index.ts, its public surface.',
    })),
    {
      // The composition root also registers each module's route plugins, which no module imports.
      target: './src/server/*.ts',
      from: './src/server/modules/*/**',
      except: ['**/src/server/modules/*/index.ts', '**/src/server/modules/*/*routes.ts'],
      message: 'app.ts and main.ts reach a module through its index.ts or its route files.',
    },
    ...folders('src/client/features').map((name) => ({
      target: `./src/client/features/${name}/**`,
      from: `./src/client/features/!(${name})/**`,
      except: ['**/src/client/features/*/index.ts'],
      message: 'Another feature is reached only through its index.ts, its public surface.',
    })),
  ];
  return {
    files: ['src/**/*.{ts,tsx}'],
    // Tests may reach inside what they exercise; the layers bind the running code.
    ignores: ['**/*.test.{ts,tsx}', 'src/client/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver(tsconfig ? { project: tsconfig } : {})],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  };
}
