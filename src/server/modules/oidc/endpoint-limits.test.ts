import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glOidcCliente } from '../../platform/db/schema.ts';
import { hashToken } from '../../platform/session/tokens.ts';

const PUBLIC_URL = 'https://portal.exemplo.com.br';
/** RATE_LIMIT_AUTH_MAX of these tests. */
const LIMIT = 5;

/** An application registered straight in the table, with a known secret (or public). */
async function registerApplication(t: TestApp, confidencial = true) {
  const produto = await createProduct(t.db);
  const secret = randomBytes(32).toString('base64url');
  const clientId = `app_${randomBytes(6).toString('hex')}`;
  const redirectUri = `https://${clientId}.exemplo.com.br/callback`;
  await t.db.insert(glOidcCliente).values({
    gl_produto_id: produto.id,
    nome: `Aplicativo ${clientId}`,
    client_id: clientId,
    confidencial,
    segredo_hash: confidencial ? hashToken(secret) : null,
    redirect_uris: [redirectUri],
    post_logout_redirect_uris: [],
  });
  return { clientId, secret, redirectUri, produtoId: produto.id };
}
type Application = Awaited<ReturnType<typeof registerApplication>>;

/** RFC 6749 §2.3.1: the id and secret are form-urlencoded, then Base64. */
const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

/** A fresh caller address (TEST-NET-3) for each series, so series do not share counters. */
let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

/** The form each endpoint that authenticates an application is sent. */
function formFor(path: string, application: Application): string {
  const verifier = randomBytes(32).toString('base64url');
  const forms: Record<string, Record<string, string>> = {
    '/oidc/token': {
      grant_type: 'authorization_code',
      code: 'abc',
      code_verifier: verifier,
      redirect_uri: application.redirectUri,
    },
    '/oidc/request': {
      response_type: 'code',
      scope: 'openid',
      redirect_uri: application.redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    },
    '/oidc/token/introspection': { token: 'abc' },
    '/oidc/token/revocation': { token: 'abc' },
  };
  return new URLSearchParams(forms[path]).toString();
}

const CLIENT_AUTH_ENDPOINTS = [
  '/oidc/token',
  '/oidc/request',
  '/oidc/token/introspection',
  '/oidc/token/revocation',
];

/** The portal's 404 envelope, which the canonical-path check answers with. */
function isRefusedSpelling(answer: LightMyRequestResponse): boolean {
  return answer.statusCode === 404 && answer.body.includes('"code":"not_found"');
}

describe('the provider’s endpoints that check an application’s secret are limited like sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, RATE_LIMIT_AUTH_MAX: String(LIMIT) } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const call = (
    path: string,
    application: Application,
    options: { authorization: string; remoteAddress: string },
  ) =>
    t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: options.remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: options.authorization,
      },
      payload: formFor(path, application),
    });

  it.each(CLIENT_AUTH_ENDPOINTS)(
    'answers 429 at %s once an address has sent RATE_LIMIT_AUTH_MAX wrong secrets in a minute',
    async (path) => {
      const application = await registerApplication(t);
      const remoteAddress = newAddress();
      const statuses: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let attempt = 0; attempt <= LIMIT; attempt++) {
        last = await call(path, application, {
          authorization: basic(application.clientId, `errado${attempt}`),
          remoteAddress,
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
      expect(last?.json()).toMatchObject({ status: 429, code: 'too_many_requests' });
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    },
  );

  it.each(CLIENT_AUTH_ENDPOINTS)(
    'counts the wrong secrets of one application at %s whatever address they come from, and whatever spelling of its id',
    async (path) => {
      const application = await registerApplication(t);
      // The provider reads the id form-urlencoded (RFC 6749 §2.3.1): app%5F... is app_...
      const spellings = [application.clientId, application.clientId.replace('_', '%5F')];
      const statuses: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let attempt = 0; attempt <= LIMIT; attempt++) {
        last = await call(path, application, {
          authorization: basic(spellings[attempt % 2] ?? '', `errado${attempt}`),
          remoteAddress: newAddress(),
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
      expect(last?.json()).toMatchObject({ status: 429, code: 'too_many_requests' });
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);

      // Another application, from another address, is not held back by them.
      const other = await registerApplication(t);
      const answer = await call(path, other, {
        authorization: basic(other.clientId, 'errado'),
        remoteAddress: newAddress(),
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ error: 'invalid_client' });
    },
  );

  it('lets the application in again a minute after the guesses stop', async () => {
    const path = '/oidc/token/introspection';
    const application = await registerApplication(t);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      await call(path, application, {
        authorization: basic(application.clientId, 'errado'),
        remoteAddress: newAddress(),
      });
    }
    const right = () =>
      call(path, application, {
        authorization: basic(application.clientId, application.secret),
        remoteAddress: newAddress(),
      });
    expect((await right()).statusCode).toBe(429);
    vi.setSystemTime(start + 61_000);
    const answer = await right();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ active: false });
  });

  it('never limits an application that authenticates: only refused secrets count', async () => {
    const path = '/oidc/token/introspection';
    const application = await registerApplication(t);
    const remoteAddress = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3 * LIMIT; attempt++) {
      const answer = await call(path, application, {
        authorization: basic(application.clientId, application.secret),
        remoteAddress,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual(Array<number>(3 * LIMIT).fill(200));
  });

  it('refuses the stored hash of a secret sent in the body (only HTTP Basic authenticates)', async () => {
    const application = await registerApplication(t);
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/introspection',
      remoteAddress: newAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: 'abc',
        client_id: application.clientId,
        client_secret: hashToken(application.secret),
      }).toString(),
    });
    expect(inBody.statusCode).toBe(401);
    expect(inBody.json()).toMatchObject({ error: 'invalid_client' });
    const discovery = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.json<{ token_endpoint_auth_methods_supported: string[] }>().token_endpoint_auth_methods_supported).toEqual([
      'client_secret_basic',
      'none',
    ]);
  });

  it('answers 429 at userinfo once an address has sent RATE_LIMIT_AUTH_MAX unknown tokens in a minute', async () => {
    const remoteAddress = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const answer = await t.app.inject({
        url: '/oidc/me',
        remoteAddress,
        headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
  });

  it('keeps the API’s limit, not the sign-in’s, on the provider’s other paths', async () => {
    const remoteAddress = newAddress();
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const answer = await t.app.inject({ url: '/oidc/jwks', remoteAddress });
      expect(answer.statusCode).toBe(200);
    }
  });
});

describe('one spelling for the provider’s paths', () => {
  let t: TestApp;
  let application: Application;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL },
      // A step under the portal's interaction path, as its sign-in screens add them.
      configure: (app) =>
        app.get('/oidc/interacao/:uid/etapa-de-teste', () => ({ status: 200, data: 'etapa' })),
    });
    application = await registerApplication(t);
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/oidc/Token'],
    ['POST', '/OIDC/token'],
    ['POST', '/Oidc/token'],
    ['POST', '/oidc/TOKEN/introspection'],
    ['POST', '/oidc/token/Revocation'],
    ['POST', '/oidc/Request'],
    ['GET', '/oidc/.well-known/OpenID-configuration'],
    ['GET', '/oidc/JWKS'],
    ['GET', '/OIDC/jwks'],
    ['GET', '/oidc/Me'],
    ['GET', '/oidc/Auth?client_id=x'],
    ['GET', '/oidc/Interacao/AbCdEf'],
    ['GET', '/oidc/interacao/AbCdEf/Etapa-De-Teste'],
    ['GET', '/oidc/token/xyz'],
    ['GET', '/oidc'],
  ] as const)('answers %s %s with 404 before the provider sees it', async (method, url) => {
    const answer = await t.app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(application.clientId, application.secret),
      },
      payload: method === 'POST' ? 'token=abc' : undefined,
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('still serves the canonical spellings', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/introspection',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(application.clientId, application.secret),
      },
      payload: 'token=abc',
    });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toEqual({ active: false });
    const discovery = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/oidc/jwks' })).statusCode).toBe(200);
  });

  it('lets through every endpoint the discovery document publishes', async () => {
    const discovery = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    const document = discovery.json<Record<string, unknown>>();
    const endpoints = Object.entries(document)
      .filter(
        ([name, value]) =>
          (name.endsWith('_endpoint') || name === 'jwks_uri') && typeof value === 'string',
      )
      .map(([, value]) => new URL(value as string).pathname);
    expect(endpoints).toEqual(expect.arrayContaining(['/oidc/token', '/oidc/request', '/oidc/me']));
    for (const path of endpoints) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await t.app.inject({ method, url: path });
        expect(isRefusedSpelling(answer), `${method} ${path}`).toBe(false);
      }
    }
  });

  it('leaves the case of the ids in paths alone', async () => {
    // The provider's resume of an authorization, with an id it does not know: its own answer.
    const resume = await t.app.inject({ url: '/oidc/auth/AbCdEfGhIjKlMnOpQrStU' });
    expect(isRefusedSpelling(resume)).toBe(false);
    expect(resume.headers['content-type']).toContain('text/html');

    // A real interaction: the provider sends the browser to /oidc/interacao/{uid} (a mixed-case
    // id), which sends it on to the product's login screen.
    const agent = new ApiAgent(t.app);
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: application.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: application.redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const authorization = await agent.get(`/oidc/auth?${query.toString()}`);
    const interaction = String(authorization.headers.location).replace(PUBLIC_URL, '');
    expect(interaction).toMatch(/^\/oidc\/interacao\/[A-Za-z0-9_-]+$/);
    const screen = await agent.get(interaction);
    expect(String(screen.headers.location)).toContain(`/login/${application.produtoId}?interacao=`);

    // A lower-case step under an interaction, its id in any case.
    const step = await t.app.inject({ url: '/oidc/interacao/AbCdEf/etapa-de-teste' });
    expect(step.statusCode).toBe(200);
  });
});
