import type { Linter } from 'eslint';

/** eslint-layers.js's rules, typed for scripts/eslint-layers.test.ts. */
export function layerConfig(root: string, options?: { tsconfig?: string }): Linter.Config;
