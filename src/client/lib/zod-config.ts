/**
 * zod compiles object parsers with `new Function` unless told not to, and probes whether it may
 * by calling it once: the CSP (script-src 'self', no 'unsafe-eval') refuses that and the browser
 * reports a violation on every page. `jitless` parses without eval. It must be set
 * before any schema is built, so main.tsx imports this module first; the screens' schemas come
 * later, in their own chunks. The server keeps zod's default (no CSP there).
 *
 * This is `z.config({ jitless: true })` without importing zod into the first page's download
 * (about 4 KB gzipped): zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts
 * an object found there (zod/v4/core/core.js). zod-config.test.ts fails if that ever changes.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
