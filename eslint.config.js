import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { layerConfig } from './eslint-layers.js';

export default tseslint.config(
  { ignores: ['dist', 'data', 'drizzle', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  layerConfig(import.meta.dirname, { tsconfig: `${import.meta.dirname}/tsconfig.json` }),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The accessibility rules a linter can see; the axe-core browser check sees the rest.
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '**/server/**'],
              message: 'The browser bundle must never include server code; share through src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // One place for the texts a person reads (docs/architecture.md, Texts): a component takes
    // its words from its feature's texts.ts, src/client/texts.ts or src/shared, never inline.
    // The legal pages are documents, not interface texts.
    files: ['src/client/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'src/client/testing/**', 'src/client/features/legal/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-zÀ-ú]{2,}/]',
          message: 'A text a person reads comes from a texts catalogue (docs/architecture.md, Texts).',
        },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|label|alt|caption)$/] > Literal',
          message: 'A text a person reads comes from a texts catalogue (docs/architecture.md, Texts).',
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '#client/*', '**/server/**', '**/client/**', 'react', 'fastify'],
              message: 'src/shared is imported by both sides, so it may import neither.',
            },
          ],
        },
      ],
    },
  },
);
