import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '../../../../tests/helpers/api-agent.ts';
import { createProduct, createUser, enableTwofa } from '../../../../tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { testTotpSecret, totpCode } from '../../../../tests/helpers/totp.ts';
import { glAcessoTentativa } from '../../db/schema.ts';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  accountKey,
  addressKey,
  clearFailures,
  isBlocked,
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
  it('slows the account from the 5th failure, doubling the wait, and locks it at the 10th', async () => {
    const key = accountKey(`lento.${Date.now()}@teste.com.br`);
    const now = new Date('2026-11-22T12:00:00Z');
    const waits: (number | null)[] = [];
    for (let i = 1; i <= 10; i++) {
      const { falhas, bloqueado_ate } = await recordFailure(t.db, key, ACCOUNT_POLICY, now);
      expect(falhas).toBe(i);
      waits.push(bloqueado_ate ? (bloqueado_ate.getTime() - now.getTime()) / 1000 : null);
    }
    expect(waits).toEqual([null, null, null, null, 1, 2, 4, 8, 16, 15 * 60]);
    expect(await isBlocked(t.db, [key], new Date(now.getTime() + 15 * 60_000 - 1))).toBe(true);
    expect(await isBlocked(t.db, [key], new Date(now.getTime() + 15 * 60_000 + 1))).toBe(false);
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

  it('starts a new window 15 minutes after the first failure when no block runs', async () => {
    const key = accountKey(`janela.${Date.now()}@teste.com.br`);
    const start = new Date('2026-11-22T12:00:00Z');
    for (let i = 0; i < 3; i++) await recordFailure(t.db, key, ACCOUNT_POLICY, start);
    const later = await recordFailure(
      t.db,
      key,
      ACCOUNT_POLICY,
      new Date(start.getTime() + 15 * 60_000),
    );
    expect(later.falhas).toBe(1);
  });

  it('keeps counting during a lock that outlives the window, and never shortens a block', async () => {
    const key = accountKey(`bloqueio.${Date.now()}@teste.com.br`);
    const start = new Date('2026-11-22T12:00:00Z');
    const minute = (n: number) => new Date(start.getTime() + n * 60_000);
    await recordFailure(t.db, key, ACCOUNT_POLICY, start);
    for (let i = 0; i < 9; i++) await recordFailure(t.db, key, ACCOUNT_POLICY, minute(10)); // locked until 25
    // Minute 20: the window (from 0) is over, the lock is not: no fresh start, the count goes on.
    const during = await recordFailure(t.db, key, ACCOUNT_POLICY, minute(20));
    expect(during.falhas).toBe(11);
    expect(during.bloqueado_ate?.getTime()).toBe(minute(35).getTime());
    // After the lock, past the window: a fresh start, and the old block is not brought back.
    const after = await recordFailure(t.db, key, ACCOUNT_POLICY, minute(40));
    expect(after.falhas).toBe(1);
    expect(await isBlocked(t.db, [key], minute(40))).toBe(false);
  });

  it('counts concurrent failures without losing one (one atomic upsert each)', async () => {
    const key = accountKey(`paralelo.${Date.now()}@teste.com.br`);
    await Promise.all(Array.from({ length: 20 }, () => recordFailure(t.db, key, ADDRESS_POLICY)));
    expect((await row(key))?.falhas).toBe(20);
    await clearFailures(t.db, key);
    expect(await row(key)).toBeUndefined();
  });

  it('keys accounts by lower-case e-mail and IPv6 addresses by their /64', () => {
    expect(accountKey(' Ana@Exemplo.COM ')).toBe('email:ana@exemplo.com');
    expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('ip:2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('ip:2001:db8:0:0::/64');
  });
});

describe('login throttling', () => {
  it('engages after 5 failures and answers exactly like a wrong password, even to the right one', async () => {
    const user = await createUser(t.db);
    const agent = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await login(agent, user.email, 'errada123'));
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
    });
    // The refused attempt still counted.
    expect((await row(accountKey(user.email)))?.falhas).toBe(6);
  });

  it('locks the account for 15 minutes at the 10th failure, from any address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      await recordFailure(t.db, accountKey(user.email), ACCOUNT_POLICY);
    }
    const elsewhere = await login(
      new ApiAgent(t.app, { remoteAddress: freshAddress() }),
      user.email,
    );
    expect(elsewhere.status).toBe(401);
    const lock = (await row(accountKey(user.email)))?.bloqueado_ate?.getTime() ?? 0;
    expect(lock - Date.now()).toBeGreaterThan(14 * 60_000);
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
      .where(eq(glAcessoTentativa.chave, accountKey(user.email)));
    expect((await login(agent, user.email)).status).toBe(200);
    expect(await row(accountKey(user.email))).toBeUndefined();
    // The address keeps its count (docs/decisions/010-login-throttling.md).
    expect((await row(addressKey(address)))?.falhas).toBe(5);
  });

  it('counts wrong 2FA codes as failures', async () => {
    const user = await createUser(t.db);
    const secret = testTotpSecret();
    await enableTwofa(t.db, user.id, secret);
    const agent = new ApiAgent(t.app, { remoteAddress: freshAddress() });
    for (let i = 0; i < 5; i++) {
      const response = await login(agent, user.email, 'demo1234', {
        twofaCode: totpCode(secret, { stepOffset: 10 + i }),
      });
      expect(response.status).toBe(422);
    }
    const blocked = await login(agent, user.email, 'demo1234', { twofaCode: totpCode(secret) });
    expect(blocked.status).toBe(401);
    expect(blocked.body.message).toBe('E-mail ou senha inválidos.');
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
