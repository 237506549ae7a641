import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glSessao } from '../db/schema.ts';

/**
 * Every spelling of an API path gets the API's checks (CSRF, session, rate
 * limits), and spellings other than the canonical one are answered 404, never routed.
 */
const LOGIN_SPELLINGS = [
  '/%61pi/acesso/login',
  '/%41PI/acesso/login',
  '/api/%61cesso/login',
  '/api/acesso/%6Cogin',
  '//api/acesso/login',
  '/api//acesso/login',
  '/api/./acesso/login',
  '/api/acesso/../acesso/login',
  '/api/%2e/acesso/login',
  '/api/acesso/login/',
  '/API/acesso/login',
  '/Api/acesso/login',
  '/api%2Facesso/login',
  '/api/acesso%2flogin',
];

const SESSION_SPELLINGS = [
  '/%61pi/sessao/web',
  '/%41PI/sessao/web',
  '/api/%73essao/web',
  '//api/sessao/web',
  '/api/./sessao/web',
  '/api/x/../sessao/web',
  '/api/sessao/web/',
  '/API/sessao/web',
  '/api\\sessao/web',
];

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): unknown;
}

/**
 * A request over a real socket with the path exactly as written: app.inject (light-my-request)
 * parses the URL first and so would resolve '.', '..' and '\\' before Fastify sees them.
 */
function raw(app: TestApp['app'], method: string, path: string, options: { body?: unknown } = {}) {
  const { port } = app.server.address() as AddressInfo;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<RawResponse>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          accept: 'application/json',
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const sessionCount = async () => (await t.db.select({ n: count() }).from(glSessao))[0]?.n ?? 0;

describe('CSRF and the session for every spelling of an API path', () => {
  it.each(LOGIN_SPELLINGS)('a login through %s without cookie or CSRF header is 404 and signs no one in', async (path) => {
    const produto = await createProduct(t.db);
    const user = await createUser(t.db);
    const before = await sessionCount();
    const response = await raw(t.app, 'POST', path, {
      body: { email: user.email, senha: 'demo1234', gl_produto_id: produto.id },
    });
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, data: null });
    expect(await sessionCount()).toBe(before);
    expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/portal_sessao=\d+\./);
  });

  it('the canonical path still signs in with the CSRF header, and refuses without it', async () => {
    const produto = await createProduct(t.db);
    const user = await createUser(t.db);
    const body = { email: user.email, senha: 'demo1234', gl_produto_id: produto.id };
    const agent = new ApiAgent(t.app);
    expect((await agent.request('POST', '/api/acesso/login', { body, csrf: false })).status).toBe(403);
    expect((await agent.post('/api/acesso/login', body)).status).toBe(200);
  });

  it.each(SESSION_SPELLINGS)('GET %s is a 404 envelope, not the session nor the SPA page, with the API security headers', async (path) => {
    const response = await raw(t.app, 'GET', path);
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, data: null });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the spec\'s API route outside /api (acesso/login_evento) gets the CSRF check under any spelling', async () => {
    for (const path of ['/acesso/login_evento', '/%61cesso/login_evento', '/acesso/login_%65vento']) {
      const response = await raw(t.app, 'POST', path, {
        body: { password: 'x', evento_id: 1, evento_token: 'x'.repeat(43) },
      });
      expect([403, 404]).toContain(response.status);
      expect(response.json()).toMatchObject({ data: null });
    }
  });

  it('still serves the SPA (not the API 404) for page paths', async () => {
    for (const path of ['/login/1', '/a/redirect?url=%2Fpainel', '/apis', '/cliente/abc/fatura']) {
      const response = await raw(t.app, 'GET', path);
      // API tests run without a built client: the SPA fallback answers its 503 text.
      expect(response.status).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    }
  });
});

describe('the global rate limit for every spelling of an API path', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_MAX: '5' } });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => limited.close());

  it('lets no spelling past the per-address limit', async () => {
    const statuses: number[] = [];
    const paths = [...SESSION_SPELLINGS, ...SESSION_SPELLINGS, '/api/sessao/web'];
    for (const path of paths) statuses.push((await raw(limited.app, 'GET', path)).status);
    for (let i = 0; i < 10; i++) statuses.push((await raw(limited.app, 'GET', '/api/sessao/web')).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
  });
});
