import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaConfig } from '#shared/schemas/auth';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser } from '#tests/helpers/factories.ts';
import {
  TEST_SESSION_SECRET,
  createTestApp,
  type TestApp,
} from '#tests/helpers/test-app.ts';
import { deriveKey } from '../../platform/crypto/keys.ts';
import { ConfigError, loadConfig } from '../../platform/config.ts';

/** What the ALTCHA widget sends: base64 of JSON {challenge, solution}. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA (the default provider)', () => {
  let t: TestApp;
  let produtoId: number;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    produtoId = (await createProduct(t.db)).id;
    email = (await createUser(t.db)).email;
  });
  afterAll(() => t.close());

  const login = (agent: ApiAgent, recaptcha?: string) =>
    agent.post('/api/acesso/login', {
      email,
      senha: 'demo1234',
      gl_produto_id: produtoId,
      ...(recaptcha !== undefined && { recaptcha }),
    });

  async function fetchChallenge(agent: ApiAgent): Promise<Challenge> {
    const response = await agent.get<Challenge>('/api/captcha/desafio');
    expect(response.status).toBe(200);
    return response.body.data;
  }

  it('tells the form to show ALTCHA and where its challenge is', async () => {
    const response = await new ApiAgent(t.app).get<CaptchaConfig>('/api/captcha/config');
    expect(response.body.data).toEqual({
      provider: 'altcha',
      siteKey: null,
      challengeUrl: '/api/captcha/desafio',
    });
  });

  it('hands out a signed, expiring challenge the widget can read at the top level too', async () => {
    const response = await new ApiAgent(t.app).get<Challenge>('/api/captcha/desafio');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body as unknown as Challenge & { status: number; data: Challenge };
    expect(body.status).toBe(200);
    expect(body.parameters).toEqual(body.data.parameters);
    expect(body.signature).toBe(body.data.signature);
    const { parameters } = body.data;
    expect(parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(parameters.cost).toBe(1);
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = (parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it('accepts a solved challenge once, then refuses its replay', async () => {
    const agent = new ApiAgent(t.app);
    const payload = await solve(await fetchChallenge(agent));
    expect((await login(agent, payload)).status).toBe(200);
    const replay = await login(new ApiAgent(t.app), payload);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({
      message: 'Confirme que você não é um robô.',
      errors: { recaptcha: ['Confirme que você não é um robô.'] },
    });
  });

  it('accepts a solved challenge once even when replayed in parallel', async () => {
    const payload = await solve(await fetchChallenge(new ApiAgent(t.app)));
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        login(new ApiAgent(t.app, { remoteAddress: `10.5.0.${index + 1}` }), payload),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
  });

  it('refuses a missing, malformed, unsolved, tampered or expired answer', async () => {
    const agent = new ApiAgent(t.app);
    const challenge = await fetchChallenge(agent);
    const good = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const unsolved = encode({
      ...good,
      solution: { counter: good.solution.counter + 1, derivedKey: '00'.repeat(32) },
    });
    const tampered = encode({
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } },
    });
    // Signed with the app's own keys, but already expired.
    const expired = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 3,
      deriveKey: pbkdf2,
      hmacSignatureSecret: deriveKey(TEST_SESSION_SECRET, 'altcha-signature').toString('hex'),
      hmacKeySignatureSecret: deriveKey(TEST_SESSION_SECRET, 'altcha-key-signature').toString(
        'hex',
      ),
      expiresAt: new Date(Date.now() - 1000),
    });
    // Signed by someone else.
    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 3,
      deriveKey: pbkdf2,
      hmacSignatureSecret: 'outro-segredo',
      hmacKeySignatureSecret: 'outra-chave',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const answers = [
      undefined,
      '',
      'não é base64 de json',
      encode({ challenge: 1 }),
      unsolved,
      tampered,
      await solve(expired),
      await solve(foreign),
    ];
    for (const answer of answers) {
      const response = await login(new ApiAgent(t.app), answer);
      expect(response.status, String(answer)).toBe(422);
      expect(response.body.errors).toEqual({ recaptcha: ['Confirme que você não é um robô.'] });
    }
  });
});

describe('reCAPTCHA and Turnstile (verified by their servers)', () => {
  let server: Server;
  let verifyUrl: string;
  const received: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ success: form.get('response') === 'token-bom' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const provider of ['recaptcha', 'turnstile'] as const) {
    it(`${provider}: hands out the site key and asks the provider with the secret`, async () => {
      const t = await createTestApp({
        env: {
          CAPTCHA_PROVIDER: provider,
          CAPTCHA_SECRET: 'segredo-do-servidor',
          CAPTCHA_SITE_KEY: 'chave-do-site',
          CAPTCHA_VERIFY_URL: verifyUrl,
        },
      });
      try {
        const config = await new ApiAgent(t.app).get<CaptchaConfig>('/api/captcha/config');
        expect(config.body.data).toEqual({
          provider,
          siteKey: 'chave-do-site',
          challengeUrl: null,
        });
        expect((await new ApiAgent(t.app).get('/api/captcha/desafio')).status).toBe(404);

        const email = (await createUser(t.db)).email;
        const gl_produto_id = (await createProduct(t.db)).id;
        const good = await new ApiAgent(t.app).post('/api/acesso/login', {
          email,
          senha: 'demo1234',
          gl_produto_id,
          recaptcha: 'token-bom',
        });
        expect(good.status).toBe(200);
        expect(Object.fromEntries(received.at(-1) ?? [])).toEqual({
          secret: 'segredo-do-servidor',
          response: 'token-bom',
          remoteip: '127.0.0.1',
        });
        const bad = await new ApiAgent(t.app).post('/api/acesso/login', {
          email,
          senha: 'demo1234',
          gl_produto_id,
          recaptcha: 'token-ruim',
        });
        expect(bad.status).toBe(422);
        expect(bad.body.errors).toEqual({ recaptcha: ['Confirme que você não é um robô.'] });
      } finally {
        await t.close();
      }
    });
  }

  it('fails closed when the provider cannot be reached', async () => {
    const t = await createTestApp({
      env: {
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SECRET: 's',
        CAPTCHA_SITE_KEY: 'k',
        CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/nada',
      },
    });
    try {
      const email = (await createUser(t.db)).email;
      const gl_produto_id = (await createProduct(t.db)).id;
      const response = await new ApiAgent(t.app).post('/api/acesso/login', {
        email,
        senha: 'demo1234',
        gl_produto_id,
        recaptcha: 'token-bom',
      });
      expect(response.status).toBe(422);
    } finally {
      await t.close();
    }
  });
});

describe('none (tests only)', () => {
  it('shows no captcha', async () => {
    const t = await createTestApp();
    try {
      const response = await new ApiAgent(t.app).get<CaptchaConfig>('/api/captcha/config');
      expect(response.body.data).toEqual({ provider: 'none', siteKey: null, challengeUrl: null });
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(40),
    PUBLIC_URL: 'https://portal.exemplo.com.br',
    SMTP_URL: 'smtp://smtp.exemplo.com.br:587',
  };

  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems;
    }
  };

  it('requires the secret and the site key of reCAPTCHA and Turnstile in production', () => {
    expect(problems({ ...production, CAPTCHA_PROVIDER: 'recaptcha' })).toEqual([
      'CAPTCHA_SECRET: obrigatório para reCAPTCHA e Turnstile',
      'CAPTCHA_SITE_KEY: obrigatório para reCAPTCHA e Turnstile',
    ]);
    expect(
      problems({
        ...production,
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SECRET: 'x',
        CAPTCHA_SITE_KEY: 'y',
      }),
    ).toEqual([]);
  });

  it('keeps the ALTCHA work modest by default', () => {
    const config = loadConfig(production);
    expect(config.CAPTCHA_PROVIDER).toBe('altcha');
    expect(config.CAPTCHA_ALTCHA_COST).toBe(100);
    expect(config.CAPTCHA_ALTCHA_MAX_NUMBER).toBe(2000);
    expect(config.RATE_LIMIT_AUTH_MAX).toBe(20);
  });
});
