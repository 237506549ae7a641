import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createSessionCookie, createUser } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glSessao } from '../db/schema.ts';
import { SESSION_COOKIE } from '../session/session-plugin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedInAgent() {
  const user = await createUser(t.db);
  const agent = new ApiAgent(t.app);
  agent.cookies.set(SESSION_COOKIE, await createSessionCookie(t.db, user.id));
  const session = await agent.get('/api/sessao/web');
  expect(session.body.status).toBe(200);
  return { agent, user };
}

const sessionCount = async () => (await t.db.select({ n: count() }).from(glSessao))[0]?.n ?? 0;

describe('CSRF', () => {
  it('refuses a state-changing request without the token and changes nothing', async () => {
    const { agent } = await signedInAgent();
    const before = await sessionCount();
    const response = await agent.request('POST', '/api/acesso/logout', { body: {}, csrf: false });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/sessão de segurança expirou/);
    expect(await sessionCount()).toBe(before);
    expect((await agent.get('/api/sessao/web')).body.status).toBe(200); // still signed in
  });

  it('refuses a token that belongs to another session', async () => {
    const { agent } = await signedInAgent();
    const other = new ApiAgent(t.app);
    await other.get('/api/sessao/web');
    const response = await agent.request('POST', '/api/acesso/logout', {
      body: {},
      csrf: false,
      headers: { 'x-xsrf-token': other.csrfToken ?? '' },
    });
    expect(response.status).toBe(403);
    expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
  });

  it('accepts the session-bound token, and logout ends the session server-side', async () => {
    const { agent } = await signedInAgent();
    const oldCookie = agent.cookies.get(SESSION_COOKIE) ?? '';
    const before = await sessionCount();
    const response = await agent.post('/api/acesso/logout', {});
    expect(response.status).toBe(200);
    expect(await sessionCount()).toBe(before - 1);

    // The old cookie, replayed, no longer names a session.
    const replay = new ApiAgent(t.app);
    replay.cookies.set(SESSION_COOKIE, oldCookie);
    const after = await replay.get('/api/sessao/web');
    expect(after.body.status).toBe(400);
    expect(after.body.message).toBe('Sessão expirada.');
  });
});

describe('error envelope', () => {
  it('answers malformed JSON with a 400 envelope in pt-BR', async () => {
    const agent = new ApiAgent(t.app);
    const response = await agent.request('POST', '/api/acesso/logout', { rawBody: '{"sessao_id": ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, message: 'O corpo da requisição não é um JSON válido.', data: null });
  });

  it('answers a wrong field type with 422 and per-field pt-BR messages', async () => {
    const agent = new ApiAgent(t.app);
    const response = await agent.post('/api/acesso/logout', { sessao_id: 12345 });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Verifique os campos destacados.');
    expect(response.body.errors?.sessao_id?.[0]).toMatch(/[a-zà-ú]/);
    expect(response.body.errors?.sessao_id?.[0]).not.toMatch(/expected|invalid input/i);
  });

  it('answers an unknown /api path with the 404 envelope', async () => {
    const agent = new ApiAgent(t.app);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await agent.request(method, '/api/nao/existe');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, message: 'Recurso não encontrado.', errors: null, warnings: [], data: null, code: 'not_found' });
    }
  });

  it('names the kind of every failure in `code` (decision 003), so callers never compare texts', async () => {
    const agent = new ApiAgent(t.app);
    const cases: [string, Promise<{ status: number; body: { code?: string } }>, number, string][] = [
      ['malformed JSON', agent.request('POST', '/api/acesso/logout', { rawBody: '{"x": ' }), 400, 'invalid_json'],
      ['a wrong field type', agent.post('/api/acesso/logout', { sessao_id: 12345 }), 422, 'validation'],
      ['no CSRF header', agent.request('POST', '/api/acesso/logout', { body: {}, csrf: false }), 403, 'csrf'],
      ['a signed-in route without a session', agent.get('/api/gl_usuario/me'), 401, 'not_logged_in'],
      ['an unknown path', agent.get('/api/nao/existe'), 404, 'not_found'],
    ];
    for (const [what, call, status, code] of cases) {
      const response = await call;
      expect({ what, status: response.status, code: response.body.code }).toEqual({ what, status, code });
    }
    // A visitor's session answer is the §3 400 'Sessão expirada.' with its code.
    const anonymous = await new ApiAgent(t.app).get('/api/sessao/web');
    expect(anonymous.body).toMatchObject({ status: 400, message: 'Sessão expirada.', code: 'session_expired' });
  });

  it('never shows a stack on a 5xx', async () => {
    const broken = await createTestApp({
      configure: (app) =>
        app.get('/api/__quebra', () => {
          throw new Error('segredo interno em /srv/app.ts:42');
        }),
    });
    const response = await new ApiAgent(broken.app).get('/api/__quebra');
    await broken.close();
    expect(response.status).toBe(500);
    expect(response.raw).not.toContain('segredo');
    expect(response.raw).not.toContain('.ts');
    expect(response.body.message).toBe('Ocorreu um erro inesperado. Tente novamente em instantes.');
  });
});

describe('GET /api/sessao/web', () => {
  it('tells an anonymous visitor the session is expired, with empty data', async () => {
    const response = await new ApiAgent(t.app).get('/api/sessao/web');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 400,
      message: 'Sessão expirada.',
      data: { usuario: null, cliente: null, produto: null, contrato: null, contrato_evento_aberto: null, env_production: false },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('describes the signed-in user', async () => {
    const { agent, user } = await signedInAgent();
    const response = await agent.get<{ usuario: { id: number; nome: string } }>('/api/sessao/web');
    expect(response.body.data.usuario).toMatchObject({ id: user.id, nome: user.nome });
  });
});

describe('platform', () => {
  it('serves health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it("sends an API answer helmet's headers with a CSP that allows nothing (OWASP, REST)", async () => {
    for (const url of ['/api/sessao/web', '/api/gl_produto/1/public_planos']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('rate-limits the API per address with a pt-BR 429 envelope', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    const agent = new ApiAgent(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await agent.get('/api/sessao/web')).status);
    const last = await agent.get('/api/sessao/web');
    await limited.close();
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(last.status).toBe(429);
    expect(last.body.message).toBe('Muitas tentativas. Aguarde um momento e tente novamente.');
  });
});

describe('the SPA page', () => {
  it("carries this response's CSP style nonce in the csp-nonce meta tag, fresh each time", async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { buildApp } = await import('../../app.ts');
    const { createTestDatabase } = await import('#tests/helpers/test-database.ts');
    const clientDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<meta name="csp-nonce" content="__CSP_NONCE__">');
    const database = await createTestDatabase();
    const app = await buildApp({ config: t.config, database, sessionSecret: 'x'.repeat(48), clientDir });
    try {
      const nonces: string[] = [];
      for (let i = 0; i < 2; i++) {
        const response = await app.inject('/login/1');
        const nonce = /content="([0-9a-f]{32})"/.exec(response.body)?.[1];
        expect(nonce).toBeDefined();
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toMatch(new RegExp(`style-src 'self' 'nonce-${nonce}'`));
        expect(csp).not.toContain('unsafe-inline');
        nonces.push(nonce!);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('compression and caching (docs/decisions/061-compression-and-caching.md)', () => {
  it('sends the built files as the build compressed them, cached for a year, and index.html revalidated', async () => {
    const { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { spawnSync } = await import('node:child_process');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { buildApp } = await import('../../app.ts');
    const { createTestDatabase } = await import('#tests/helpers/test-database.ts');
    const clientDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
    mkdirSync(path.join(clientDir, 'assets'));
    const script = `console.log(${JSON.stringify('Portal do Cliente '.repeat(200))});\n`;
    writeFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><title>__PROVIDER_NAME__</title>${'<!-- x -->'.repeat(200)}`);
    writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const build = spawnSync(process.execPath, ['scripts/compress-assets.mjs', clientDir], { encoding: 'utf8' });
    expect(build.status).toBe(0);
    expect(existsSync(path.join(clientDir, 'index.html.br'))).toBe(false);

    const database = await createTestDatabase();
    const app = await buildApp({ config: t.config, database, sessionSecret: 'x'.repeat(48), clientDir });
    try {
      const asset = (encoding?: string) =>
        app.inject({ url: '/assets/index-Ab12Cd34.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      const brotli = await asset('gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotli.rawPayload).toEqual(readFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd34.js.br')));
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);

      const gzip = await asset('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const plain = await asset();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      // The top folder's files are revalidated; index.html only ever leaves filled in.
      const robots = await app.inject('/robots.txt');
      expect(robots).toMatchObject({ statusCode: 200, body: 'User-agent: *\nAllow: /\n' });
      expect(robots.headers['cache-control']).toBe('no-cache');
      for (const url of ['/index.html', '/assets/../index.html']) {
        const index = await app.inject(url);
        expect(index.body, url).toContain('<title>Portal do Cliente</title>');
      }
      // A missing built file is a 404, not the page (a script answered with HTML fails as a
      // wrong type, not as missing).
      const missing = await app.inject('/assets/nada-Zz99.js');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(missing.headers['cache-control']).toBe('no-cache');
      expect(missing.body).toBe('Arquivo não encontrado.');

      const page = await app.inject({ url: '/login/1', headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Portal do Cliente</title>');
      // A page whose address carries a token is never stored (decision 012).
      for (const url of ['/cliente/abc123/fatura', '/fatura/faturaEmitida/abc', '/login/recuperar_token/abc', '/e/login?evento_token=x']) {
        expect((await app.inject(url)).headers['cache-control']).toBe('no-store');
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('compresses JSON answers over 1 KB, not smaller ones', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const { createPlanWithOption, createProduct } = await import('#tests/helpers/factories.ts');
    const produto = await createProduct(t.db);
    for (let plan = 0; plan < 4; plan++) {
      await createPlanWithOption(t.db, produto.id, { plano: { descricao_exibicao: `- Suporte por e-mail\n- Backup diário\n${'- Item do plano\n'.repeat(20)}` } });
    }
    const large = await t.app.inject({ url: `/api/gl_produto/${produto.id}/public_planos`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(large.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body)).toMatchObject({ status: 200 });

    const small = await t.app.inject({ url: '/api/sessao/web', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 400 });
  });
});
