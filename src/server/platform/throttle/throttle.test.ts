import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createProduct,
  createTrustedDevice,
  createUser,
  enableTwofa,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { testTotpSecret, totpCode } from '#tests/helpers/totp.ts';
import { glAcessoTentativa, glUsuario } from '../db/schema.ts';
import {
  ACCOUNT_ADDRESS_POLICY,
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  CODE_POLICY,
  accountAddressKey,
  accountKey,
  addressKey,
  clearFailures,
  codeKey,
  isBlocked,
  readFailures,
  recordFailure,
} from './throttle.ts';

let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await createTestApp();
  produtoId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

let addressCounter = 0;
const freshAddress = () => `10.3.0.${++addressCounter}`;
const login = (
  agent: ApiAgent,
  email: string,
  senha = 'demo1234',
  extra: Record<string, unknown> = {},
) =>
  agent.post('/api/acesso/login', {
    email,
    senha,
    recaptcha: 'ok',
    gl_produto_id: produtoId,
    ...extra,
  });
const row = async (chave: string) =>
  (await t.db.select().from(glAcessoTentativa).where(eq(glAcessoTentativa.chave, chave)))[0];

describe('throttle counters', () => {
  it('slows an account from one address from the 5th failure, doubling the wait, and locks it at the 10th', async () => {
    const key = accountAddressKey(`lento.${Date.now()}@teste.com.br`, '10.8.0.1');
    const now = new Date('2026-11-22T12:00:00Z');
    const waits: (number | null)[] = [];
    for (let i = 1; i <= 10; i++) {
      const { falhas, bloqueado_ate } = await recordFailure(t.db, key, ACCOUNT_ADDRESS_POLICY, now);
      expect(falhas).toBe(i);
      waits.push(bloqueado_ate ? (bloqueado_ate.getTime() - now.getTime()) / 1000 : null);
    }
    expect(waits).toEqual([null, null, null, null, 1, 2, 4, 8, 16, 15 * 60]);
    expect(isBlocked(await readFailures(t.db, [key]), [key], new Date(now.getTime() + 15 * 60_000 - 1))).toBe(true);
    expect(isBlocked(await readFailures(t.db, [key]), [key], new Date(now.getTime() + 15 * 60_000 + 1))).toBe(false);
  });

  it('locks an address at its 50th failure', async () => {
    const key = addressKey(`10.9.${Date.now() % 250}.1`);
    const now = new Date('2026-11-22T12:00:00Z');
    for (let i = 1; i < 50; i++) {
      expect((await recordFailure(t.db, key, ADDRESS_POLICY, now)).bloqueado_ate).toBeNull();
    }
    const last = await recordFailure(t.db, key, ADDRESS_POLICY, now);
    expect(last.falhas).toBe(50);
    expect(last.bloqueado_ate?.getTime()).toBe(now.getTime() + 15 * 60_000);
  });

  it('locks an account at its 100th failure from anywhere, with no slowing before', async () => {
    const key = accountKey(`espalhado.${Date.now()}@teste.com.br`);
    const now = new Date('2026-11-22T12:00:00Z');
    for (let i = 1; i < 100; i++) {
      expect((await recordFailure(t.db, key, ACCOUNT_POLICY, now)).bloqueado_ate).toBeNull();
    }
    expect((await recordFailure(t.db, key, ACCOUNT_POLICY, now)).bloqueado_ate?.getTime()).toBe(
      now.getTime() + 15 * 60_000,
    );
  });

  it('starts a new window 15 minutes after the first failure when no block runs', async () => {
    const key = accountAddressKey(`janela.${Date.now()}@teste.com.br`, '10.8.0.2');
    const start = new Date('2026-11-22T12:00:00Z');
    for (let i = 0; i < 3; i++) await recordFailure(t.db, key, ACCOUNT_ADDRESS_POLICY, start);
    const later = await recordFailure(
      t.db,
      key,
      ACCOUNT_ADDRESS_POLICY,
      new Date(start.getTime() + 15 * 60_000),
    );
    expect(later.falhas).toBe(1);
  });

  it('keeps counting during a lock that outlives the window, and never shortens a block', async () => {
    const key = codeKey(900_000 + (Date.now() % 100_000));
    const start = new Date('2026-11-22T12:00:00Z');
    const minute = (n: number) => new Date(start.getTime() + n * 60_000);
    await recordFailure(t.db, key, CODE_POLICY, start);
    for (let i = 0; i < 9; i++) await recordFailure(t.db, key, CODE_POLICY, minute(10)); // locked until 25
    // Minute 20: the window (from 0) is over, the lock is not: no fresh start, the count goes on.
    const during = await recordFailure(t.db, key, CODE_POLICY, minute(20));
    expect(during.falhas).toBe(11);
    expect(during.bloqueado_ate?.getTime()).toBe(minute(35).getTime());
    // After the lock, past the window: a fresh start, and the old block is not brought back.
    const after = await recordFailure(t.db, key, CODE_POLICY, minute(40));
    expect(after.falhas).toBe(1);
    expect(isBlocked(await readFailures(t.db, [key]), [key], minute(40))).toBe(false);
  });

  it('counts concurrent failures without losing one (one atomic upsert each)', async () => {
    const key = accountKey(`paralelo.${Date.now()}@teste.com.br`);
    await Promise.all(Array.from({ length: 20 }, () => recordFailure(t.db, key, ADDRESS_POLICY)));
    expect((await row(key))?.falhas).toBe(20);
    await clearFailures(t.db, await readFailures(t.db, [key]), [key]);
    expect(await row(key)).toBeUndefined();
  });

  it('keys accounts by lower-case e-mail and IPv6 addresses by their /64', () => {
    expect(accountKey(' Ana@Exemplo.COM ')).toBe('email:ana@exemplo.com');
    expect(accountAddressKey('Ana@Exemplo.COM', '::ffff:203.0.113.7')).toBe(
      'email:ana@exemplo.com|ip:203.0.113.7',
    );
    expect(codeKey(42)).toBe('twofa:42');
    expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('ip:2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('ip:2001:db8:0:0::/64');
  });
});

describe('login throttling', () => {
  it('engages after 5 failures and answers exactly like a wrong password, even to the right one', async () => {
    const user = await createUser(t.db);
    const address = freshAddress();
    const agent = new ApiAgent(t.app, { remoteAddress: address });
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await login(agent, user.email, 'errada123'));
    const key = accountAddressKey(user.email, address);
    // The 5th failure blocks for 1 s; a loaded machine may take longer than that to send the next
    // request, so the test holds the block open (the counter tests check its length).
    expect((await row(key))?.bloqueado_ate).not.toBeNull();
    await t.db
      .update(glAcessoTentativa)
      .set({ bloqueado_ate: new Date(Date.now() + 60_000) })
      .where(eq(glAcessoTentativa.chave, key));
    const blocked = await login(agent, user.email); // the right password, refused unchecked
    expect(blocked.status).toBe(wrong[0]?.status);
    expect(blocked.body).toEqual(wrong[0]?.body);
    expect(blocked.raw).toBe(wrong[0]?.raw);
    expect(blocked.body).toEqual({
      status: 401,
      message: 'E-mail ou senha inválidos.',
      errors: null,
      warnings: [],
      data: null,
      code: 'invalid_credentials',
    });
    // The refused attempt still counted, on every key.
    expect((await row(accountAddressKey(user.email, address)))?.falhas).toBe(6);
    expect((await row(accountKey(user.email)))?.falhas).toBe(6);
    expect((await row(addressKey(address)))?.falhas).toBe(6);
  });

  it('locks the account for that address at the 10th failure, never for its owner elsewhere (review item 8)', async () => {
    const user = await createUser(t.db);
    const attacker = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    for (let i = 0; i < 10; i++) {
      await recordFailure(t.db, accountAddressKey(user.email, '10.3.9.9'), ACCOUNT_ADDRESS_POLICY);
    }
    const fromAttacker = new ApiAgent(t.app, { remoteAddress: '10.3.9.9' });
    expect((await login(fromAttacker, user.email)).status).toBe(401);
    for (let i = 0; i < 10; i++) await login(attacker, user.email, 'errada123');
    expect((await login(attacker, user.email)).status).toBe(401);
    const owner = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    expect((await login(owner, user.email)).status).toBe(200);
  });

  it('locks the account everywhere after 100 failures from anywhere, except on the owner’s trusted device', async () => {
    const user = await createUser(t.db);
    await t.db
      .insert(glAcessoTentativa)
      .values({ chave: accountKey(user.email), falhas: 99, janela_inicio: new Date() });
    const stranger = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    expect((await login(stranger, user.email, 'errada123')).status).toBe(401);
    expect((await row(accountKey(user.email)))?.bloqueado_ate).not.toBeNull();
    const elsewhere = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    expect((await login(elsewhere, user.email)).status).toBe(401);
    const { cookieValue } = await createTrustedDevice(t.db, user.id);
    const owner = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    owner.cookies.set('portal_dispositivo', cookieValue);
    expect((await login(owner, user.email)).status).toBe(200);
  });

  it('counts unknown e-mails the same way', async () => {
    const email = `inexistente.${Date.now()}@teste.com.br`;
    const agent = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    for (let i = 0; i < 3; i++) await login(agent, email);
    expect((await row(accountKey(email)))?.falhas).toBe(3);
  });

  it('locks an address after 50 failures in the window, for every account', async () => {
    const address = freshAddress();
    const user = await createUser(t.db);
    await t.db
      .insert(glAcessoTentativa)
      .values({ chave: addressKey(address), falhas: 49, janela_inicio: new Date() });
    const agent = new ApiAgent(t.app, { remoteAddress: address });
    expect((await login(agent, 'outra.pessoa@teste.com.br', 'errada123')).status).toBe(401);
    const refused = await login(agent, user.email);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('E-mail ou senha inválidos.');
    expect(
      (await login(new ApiAgent(t.app, { remoteAddress: freshAddress() }), user.email)).status,
    ).toBe(200);
  });

  it('clears the account after a success once the wait is over', async () => {
    const user = await createUser(t.db);
    const address = freshAddress();
    const agent = new ApiAgent(t.app, { remoteAddress: address });
    for (let i = 0; i < 5; i++) await login(agent, user.email, 'errada123');
    await t.db
      .update(glAcessoTentativa)
      .set({ bloqueado_ate: new Date(Date.now() - 1000) })
      .where(eq(glAcessoTentativa.chave, accountAddressKey(user.email, address)));
    expect((await login(agent, user.email)).status).toBe(200);
    expect(await row(accountAddressKey(user.email, address))).toBeUndefined();
    expect(await row(accountKey(user.email))).toBeUndefined();
    // The address keeps its count (docs/decisions/010-login-throttling.md).
    expect((await row(addressKey(address)))?.falhas).toBe(5);
  });

  it('counts wrong 2FA codes per user, from any address, and then refuses even the right one', async () => {
    const user = await createUser(t.db);
    const secret = testTotpSecret();
    await enableTwofa(t.db, user.id, secret);
    for (let i = 0; i < 10; i++) {
      const agent = new ApiAgent(t.app, { remoteAddress: freshAddress() });
      const response = await login(agent, user.email, 'demo1234', {
        twofaCode: totpCode(secret, { stepOffset: 10 + i }),
      });
      expect(response.status).toBe(422);
    }
    expect((await row(codeKey(user.id)))?.falhas).toBe(10);
    const agent = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    const blocked = await login(agent, user.email, 'demo1234', { twofaCode: totpCode(secret) });
    expect(blocked.status).toBe(422);
    expect(blocked.body.errors).toEqual({ twofaCode: ['Código inválido.'] });
  });
});

describe('2FA codes outside the login (review item 9)', () => {
  it('turning 2FA off: wrong codes from 5 addresses lock the user’s codes, the right one is then refused', async () => {
    const user = await createUser(t.db);
    const secret = testTotpSecret();
    await enableTwofa(t.db, user.id, secret);
    const agents = await Promise.all(
      Array.from({ length: 5 }, () => signedInAgent(t, user.id, { remoteAddress: freshAddress() })),
    );
    for (let i = 0; i < 10; i++) {
      const agent = agents[i % 5] as ApiAgent;
      const wrong = await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', {
        code: totpCode(secret, { stepOffset: 20 + i }),
      });
      expect(wrong.status).toBe(422);
    }
    const right = await (agents[0] as ApiAgent).post('/api/gl_usuario/twofaDisableTwoFactorAuth', {
      code: totpCode(secret),
    });
    expect(right.status).toBe(422);
    expect(right.body.errors).toEqual({ code: ['Código inválido.'] });
    const [still] = await t.db.select({ on: glUsuario.twofa_ativo }).from(glUsuario).where(eq(glUsuario.id, user.id));
    expect(still?.on).toBe(true);
  });

  it('the step-up counts on the same key', async () => {
    const user = await createUser(t.db);
    const secret = testTotpSecret();
    await enableTwofa(t.db, user.id, secret);
    const agent = await signedInAgent(t, user.id, { remoteAddress: freshAddress() });
    for (let i = 0; i < 10; i++) {
      const wrong = await agent.post('/api/gl_usuario/me/reautenticar', {
        code: totpCode(secret, { stepOffset: 20 + i }),
      });
      expect(wrong.status).toBe(422);
    }
    const right = await agent.post('/api/gl_usuario/me/reautenticar', { code: totpCode(secret) });
    expect(right.status).toBe(422);
    expect((await row(codeKey(user.id)))?.falhas).toBe(11);
  });
});

describe('route rate limit', () => {
  it('limits each route that checks a secret per address, with the pt-BR 429', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '2' } });
    try {
      const agent = new ApiAgent(limited.app);
      const body = { email: 'x@teste.com.br', senha: 'x', recaptcha: 'ok', gl_produto_id: 1 };
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await agent.post('/api/acesso/login', body)).status);
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
      const check = [];
      for (let i = 0; i < 3; i++) {
        check.push(
          (await agent.post('/api/gl_usuario/twofa/twofaCheckUsuario', { email: 'x@teste.com.br' }))
            .status,
        );
      }
      expect(check).toEqual([200, 200, 429]);
      const alias = [];
      const eventBody = { evento_id: 1, evento_token: 'x', password: 'x', recaptcha: 'ok' };
      for (let i = 0; i < 3; i++)
        alias.push((await agent.post('/acesso/login_evento', eventBody)).status);
      expect(alias).toEqual([404, 404, 429]);
      const last = await agent.post('/acesso/login_evento', eventBody);
      expect(last.body.message).toBe('Muitas tentativas. Aguarde um momento e tente novamente.');
    } finally {
      await limited.close();
    }
  });
});
