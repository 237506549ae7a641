import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const moduleUrl = (relative: string) => JSON.stringify(new URL(relative, import.meta.url).href);

/**
 * Libraries a start does not need, each loaded by the first request that does (decisions 088
 * and 093): the OpenID provider (koa under it), Fastify's default ajv and fast-json-stringify
 * compilers (every route uses zod's), the OpenAPI writer (@fastify/swagger, yaml under it),
 * nodemailer, the common-password list and the IBGE municipality list (on a database that has it).
 */
const NOT_AT_START = {
  'oidc-provider': /\/node_modules\/(oidc-provider|koa)\//,
  ajv: /\/node_modules\/(ajv|@fastify\/ajv-compiler)\//,
  'fast-json-stringify compiler': /\/node_modules\/@fastify\/fast-json-stringify-compiler\//,
  '@fastify/swagger': /\/node_modules\/(@fastify\/swagger|yaml)\//,
  nodemailer: /\/node_modules\/nodemailer\//,
  'common passwords': /\/node_modules\/@zxcvbn-ts\//,
  municipalities: /\/brazilian-utils\/dist\/get-municipalities/,
};

// ES modules reach the load hook; CommonJS ones required by CommonJS do not, so the require
// cache (which ES modules share) is read too.
const HOOK = `
import { appendFileSync } from 'node:fs';
let out;
export function initialize(data) { out = data.out; }
export async function load(url, context, next) { appendFileSync(out, url + '\\n'); return next(url, context); }`;

const template = inject('pgliteTemplate');
const work = mkdtempSync(path.join(tmpdir(), 'start-loading-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a start of the server', () => {
  // The embedded database's template is a file; the PostgreSQL run has none (nor this concern).
  it.skipIf(!template)(
    'loads none of the libraries that only some requests need, and they still load when needed',
    () => {
      const loadedFile = path.join(work, 'loaded.txt');
      const script = `
      const { register, createRequire } = await import('node:module');
      const { readFileSync, writeFileSync } = await import('node:fs');
      writeFileSync(${JSON.stringify(loadedFile)}, '');
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}), { data: { out: ${JSON.stringify(loadedFile)} } });
      const loaded = () => [...readFileSync(${JSON.stringify(loadedFile)}, 'utf8').split('\\n'), ...Object.keys(createRequire(import.meta.url).cache)];
      const { openDatabase } = await import(${moduleUrl('./platform/db/database.ts')});
      const { seedReferenceData } = await import(${moduleUrl('./platform/db/reference-data.ts')});
      const { loadConfig } = await import(${moduleUrl('./platform/config.ts')});
      const { buildApp } = await import(${moduleUrl('./app.ts')});
      const { createMailTransport } = await import(${moduleUrl('./platform/mail/transport.ts')});
      await import(${moduleUrl('./modules/housekeeping/housekeeping.ts')});
      const database = await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([readFileSync(${JSON.stringify(template)})]) });
      await seedReferenceData(database.db);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ${JSON.stringify(work)}, CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'silent', SMTP_URL: 'smtp://127.0.0.1:1' });
      const app = await buildApp({ config, database, sessionSecret: 'x'.repeat(48) });
      await app.ready();
      createMailTransport(config).close();
      const atStart = loaded();
      const docs = await app.inject('/api/docs');
      const afterDocs = loaded();
      await app.close();
      await database.close();
      console.log(JSON.stringify({ atStart, afterDocs, docs: docs.statusCode }));`;
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script],
        {
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as {
        atStart: string[];
        afterDocs: string[];
        docs: number;
      };
      const found = (files: string[]) =>
        Object.entries(NOT_AT_START)
          .filter(([, pattern]) => files.some((file) => pattern.test(file)))
          .map(([name]) => name);
      // Sanity: the start did load what it needs (the lists are not empty for another reason).
      expect(result.atStart.some((file) => file.includes('/node_modules/fastify/'))).toBe(true);
      expect(found(result.atStart)).toEqual([]);
      // The first request for the API document loads its writer, and the check sees it.
      expect(result.docs).toBe(200);
      expect(found(result.afterDocs)).toEqual(['@fastify/swagger']);
    },
  );
});
