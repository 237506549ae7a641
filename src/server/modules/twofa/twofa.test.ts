import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwofaCheckResponse } from '#shared/schemas/auth';
import type { TwofaQrCodeResponse, TwofaStatusResponse } from '#shared/schemas/twofa';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createProduct,
  createTrustedDevice,
  createUser,
  enableTwofa,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { awayFromStepEdge, testTotpSecret, totpCode } from '#tests/helpers/totp.ts';
import {
  glEmailSaida,
  glSessao,
  glUsuario,
  glUsuarioChaveRecuperacao,
  glUsuarioDispositivo,
} from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = async (id: number) =>
  (await t.db.select().from(glUsuario).where(eq(glUsuario.id, id)))[0];
const RECOVERY_KEY = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A signed-in user with 2FA on (a known secret) and a fresh set of recovery keys. */
async function twofaUser() {
  const user = await createUser(t.db);
  const secret = testTotpSecret();
  await enableTwofa(t.db, user.id, secret);
  const agent = await signedInAgent(t, user.id, { reauthenticated: true });
  const keys = await agent.post<{ recovery_keys: string[] }>(
    '/api/gl_usuario/twofaGenerateRecoveryKeys',
  );
  expect(keys.status).toBe(200);
  return { user, secret, agent, keys: keys.body.data.recovery_keys };
}

describe('signed-in only', () => {
  const routes = [
    '/api/gl_usuario/twofa/twofaActivateWhen',
    '/api/gl_usuario/twofaGenerateQrCode',
    '/api/gl_usuario/twofaValidateCodeRequest',
    '/api/gl_usuario/twofaActivateTwoFactorAuth',
    '/api/gl_usuario/twofaDisableTwoFactorAuth',
    '/api/gl_usuario/twofaGenerateRecoveryKeys',
    '/api/gl_usuario/twofaStatus',
    '/api/gl_usuario/1/twofaUntrustInDevice',
  ];
  it.each(routes)('%s answers 401 to an anonymous visitor', async (path) => {
    const response = await new ApiAgent(t.app).post(path, {});
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Usuário não logado.');
  });

  it('answers 401 to a deactivated user', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    await t.db.update(glUsuario).set({ ativo: false }).where(eq(glUsuario.id, user.id));
    expect((await agent.post('/api/gl_usuario/twofaStatus')).status).toBe(401);
  });
});

describe('POST /api/gl_usuario/twofa/twofaCheckUsuario', () => {
  const check = (agent: ApiAgent, email: string) =>
    agent.post<TwofaCheckResponse>('/api/gl_usuario/twofa/twofaCheckUsuario', { email });
  const NOTHING = {
    twofa_enabled: false,
    twofa_shouldAskCreate: false,
    twofa_isTrustedDevice: false,
  };

  it('says nothing about e-mails without 2FA, unknown ones included', async () => {
    const plain = await createUser(t.db);
    expect((await check(new ApiAgent(t.app), plain.email)).body.data).toEqual(NOTHING);
    expect((await check(new ApiAgent(t.app), 'ninguem@teste.com.br')).body.data).toEqual(NOTHING);
  });

  it('tells a 2FA user whether this device is trusted', async () => {
    const { user } = await twofaUser();
    const { cookieValue } = await createTrustedDevice(t.db, user.id);
    const other = await createTrustedDevice(t.db, (await createUser(t.db)).id);
    expect((await check(new ApiAgent(t.app), user.email.toUpperCase())).body.data).toEqual({
      twofa_enabled: true,
      twofa_shouldAskCreate: false,
      twofa_isTrustedDevice: false,
    });
    const trusted = new ApiAgent(t.app);
    trusted.cookies.set('portal_dispositivo', cookieValue);
    expect((await check(trusted, user.email)).body.data.twofa_isTrustedDevice).toBe(true);
    const foreign = new ApiAgent(t.app);
    foreign.cookies.set('portal_dispositivo', other.cookieValue);
    expect((await check(foreign, user.email)).body.data.twofa_isTrustedDevice).toBe(false);
  });

  it('answers a bad e-mail with 422', async () => {
    const response = await check(new ApiAgent(t.app), 'sem-arroba');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: ['Digite um e-mail válido.'] });
  });
});

describe('POST /api/gl_usuario/twofa/twofaActivateWhen', () => {
  it('reminds in 30 days by default (§9), or in the days asked', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const response = await agent.post<{ twofa_lembrar_em: string }>(
      '/api/gl_usuario/twofa/twofaActivateWhen',
      {},
    );
    expect(response.status).toBe(200);
    const days = (Date.parse(response.body.data.twofa_lembrar_em) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
    expect((await userRow(user.id))?.twofa_lembrar_em?.toISOString()).toBe(
      response.body.data.twofa_lembrar_em,
    );
    const week = await agent.post<{ twofa_lembrar_em: string }>(
      '/api/gl_usuario/twofa/twofaActivateWhen',
      { dias: 7 },
    );
    expect(
      Math.round((Date.parse(week.body.data.twofa_lembrar_em) - Date.now()) / 86_400_000),
    ).toBe(7);
    expect((await agent.post('/api/gl_usuario/twofa/twofaActivateWhen', { dias: 0 })).status).toBe(
      422,
    );
  });
});

describe('enrolment: QR code, code validation, activation', () => {
  it('activates 2FA after a valid code, with the first recovery keys shown once', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { reauthenticated: true });
    const qr = await agent.post<TwofaQrCodeResponse>('/api/gl_usuario/twofaGenerateQrCode');
    expect(qr.status).toBe(200);
    const { secret, qr_code_base64 } = qr.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qr_code_base64).toMatch(/^data:image\/png;base64,/);
    // Pending, and stored encrypted.
    const pending = await userRow(user.id);
    expect(pending?.twofa_ativo).toBe(false);
    expect(pending?.twofa_secret).toMatch(/^v1\./);
    expect(pending?.twofa_secret).not.toContain(secret);

    const tooEarly = await agent.post('/api/gl_usuario/twofaActivateTwoFactorAuth', { secret });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.errors).toEqual({ code: ['Código inválido.'] });

    const wrongCode = await agent.post('/api/gl_usuario/twofaValidateCodeRequest', {
      secret,
      code: totpCode(secret, { stepOffset: 7 }),
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body).toMatchObject({
      message: 'Código inválido.',
      errors: { code: ['Código inválido.'] },
    });
    const otherSecret = testTotpSecret();
    const wrongSecret = await agent.post('/api/gl_usuario/twofaValidateCodeRequest', {
      secret: otherSecret,
      code: totpCode(otherSecret),
    });
    expect(wrongSecret.status).toBe(422);

    const code = totpCode(secret);
    const valid = await agent.post<{ isValid: boolean }>(
      '/api/gl_usuario/twofaValidateCodeRequest',
      { secret, code },
    );
    expect(valid.status).toBe(200);
    expect(valid.body.data).toEqual({ isValid: true });
    // The same code, again: refused (a step is accepted once).
    const again = await agent.post('/api/gl_usuario/twofaValidateCodeRequest', { secret, code });
    expect(again.status).toBe(422);

    const activated = await agent.post<{ recovery_keys: string[] }>(
      '/api/gl_usuario/twofaActivateTwoFactorAuth',
      { secret },
    );
    expect(activated.status).toBe(200);
    expect(activated.body.message).toBe('2FA ativado com sucesso!');
    expect(activated.body.data.recovery_keys).toHaveLength(10);
    for (const key of activated.body.data.recovery_keys) expect(key).toMatch(RECOVERY_KEY);
    expect(new Set(activated.body.data.recovery_keys).size).toBe(10);
    expect((await userRow(user.id))?.twofa_ativo).toBe(true);

    const status = await agent.post<TwofaStatusResponse>('/api/gl_usuario/twofaStatus');
    expect(status.body.data).toEqual({
      twofa_enabled: true,
      trusted_dispositivo_list: [],
      recovery_keys_restantes: 10,
    });
    expect((await agent.post('/api/gl_usuario/twofaGenerateQrCode')).status).toBe(409);
    expect(
      (await agent.post('/api/gl_usuario/twofaActivateTwoFactorAuth', { secret })).status,
    ).toBe(409);
  });

  it('refuses an activation whose validation is older than 10 minutes', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { reauthenticated: true });
    const { secret } = (
      await agent.post<TwofaQrCodeResponse>('/api/gl_usuario/twofaGenerateQrCode')
    ).body.data;
    expect(
      (
        await agent.post('/api/gl_usuario/twofaValidateCodeRequest', {
          secret,
          code: totpCode(secret),
        })
      ).status,
    ).toBe(200);
    await t.db
      .update(glUsuario)
      .set({ twofa_secret_validado_em: new Date(Date.now() - 11 * 60_000) })
      .where(eq(glUsuario.id, user.id));
    expect(
      (await agent.post('/api/gl_usuario/twofaActivateTwoFactorAuth', { secret })).status,
    ).toBe(422);
  });

  it('answers bad input with 422 per field', async () => {
    const agent = await signedInAgent(t, (await createUser(t.db)).id, { reauthenticated: true });
    const response = await agent.post('/api/gl_usuario/twofaValidateCodeRequest', {
      secret: 'abc',
      code: '',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      secret: ['Código inválido.'],
      code: ['Por favor, insira o código de verificação.'],
    });
    const disable = await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', {});
    expect(disable.body.errors).toEqual({ code: ['Por favor, insira o código de verificação.'] });
  });
});

describe('POST /api/gl_usuario/twofaDisableTwoFactorAuth', () => {
  it('disables with a current code and drops secret, keys and trusted devices', async () => {
    const { user, secret, agent } = await twofaUser();
    await createTrustedDevice(t.db, user.id);
    const response = await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', {
      code: totpCode(secret),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: '2FA desativado com sucesso!',
      data: { disabled: true },
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ twofa_ativo: false, twofa_secret: null });
    expect(
      await t.db
        .select()
        .from(glUsuarioChaveRecuperacao)
        .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, user.id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(glUsuarioDispositivo)
        .where(eq(glUsuarioDispositivo.gl_usuario_id, user.id)),
    ).toEqual([]);
    expect(
      (
        await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', {
          code: totpCode(secret, { stepOffset: 1 }),
        })
      ).status,
    ).toBe(409);
  });

  it('disables with an unused recovery key, typed in any case, with or without dashes', async () => {
    const { user, keys, agent } = await twofaUser();
    const key = (keys[3] ?? '').replaceAll('-', '').toLowerCase();
    const response = await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', { code: key });
    expect(response.status).toBe(200);
    expect((await userRow(user.id))?.twofa_ativo).toBe(false);
  });

  it('refuses a wrong code, a used key and a key of an earlier set', async () => {
    const { secret, keys, agent } = await twofaUser();
    const wrong = await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', {
      code: totpCode(secret, { stepOffset: 9 }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      message: 'Código inválido.',
      errors: { code: ['Código inválido.'] },
    });
    expect(
      (await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', { code: 'AAAA-BBBB-CCCC' }))
        .status,
    ).toBe(422);

    // A new set invalidates the earlier one (§4).
    const fresh = await agent.post<{ recovery_keys: string[] }>(
      '/api/gl_usuario/twofaGenerateRecoveryKeys',
    );
    expect(fresh.body.data.recovery_keys).toHaveLength(10);
    expect(
      (await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', { code: keys[0] })).status,
    ).toBe(422);
    const status = await agent.post<TwofaStatusResponse>('/api/gl_usuario/twofaStatus');
    expect(status.body.data.recovery_keys_restantes).toBe(10);
  });

  it('accepts the same TOTP code exactly once among 20 parallel requests', async () => {
    const { user, secret, agent } = await twofaUser();
    const code = totpCode(secret);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', { code }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect((await userRow(user.id))?.twofa_ativo).toBe(false);
  });

  it('accepts the same recovery key exactly once among 20 parallel requests', async () => {
    const { user, keys, agent } = await twofaUser();
    const code = keys[0] ?? '';
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', { code }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect((await userRow(user.id))?.twofa_ativo).toBe(false);
  });

  it('does not take another user’s recovery key', async () => {
    const first = await twofaUser();
    const second = await twofaUser();
    const stolen = await second.agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', {
      code: first.keys[0],
    });
    expect(stolen.status).toBe(422);
    expect((await userRow(first.user.id))?.twofa_ativo).toBe(true);
  });
});

describe('POST /api/gl_usuario/twofaGenerateRecoveryKeys', () => {
  it('needs 2FA on', async () => {
    const agent = await signedInAgent(t, (await createUser(t.db)).id, { reauthenticated: true });
    const response = await agent.post('/api/gl_usuario/twofaGenerateRecoveryKeys');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('A autenticação em dois fatores não está ativada.');
  });

  it('stores only hashes', async () => {
    const { user, keys } = await twofaUser();
    const rows = await t.db
      .select({ chave_hash: glUsuarioChaveRecuperacao.chave_hash })
      .from(glUsuarioChaveRecuperacao)
      .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, user.id));
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.chave_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const key of keys) expect(row.chave_hash).not.toContain(key.replaceAll('-', ''));
    }
  });
});

describe('trusted devices: status and untrust', () => {
  it('lists the user’s unexpired devices, newest first', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { reauthenticated: true });
    const old = await createTrustedDevice(t.db, user.id, {
      nome: 'Antigo',
      trusted_datetime: new Date(Date.now() - 86_400_000),
    });
    const recent = await createTrustedDevice(t.db, user.id, { nome: 'Recente' });
    await createTrustedDevice(t.db, user.id, {
      nome: 'Vencido',
      trusted_until: new Date(Date.now() - 1000),
    });
    await createTrustedDevice(t.db, (await createUser(t.db)).id, { nome: 'De outra pessoa' });
    const status = await agent.post<TwofaStatusResponse>('/api/gl_usuario/twofaStatus');
    expect(status.body.data.twofa_enabled).toBe(false);
    expect(status.body.data.trusted_dispositivo_list.map((device) => device.nome)).toEqual([
      'Recente',
      'Antigo',
    ]);
    expect(status.body.data.trusted_dispositivo_list[0]).toEqual({
      id: recent.device.id,
      nome: 'Recente',
      trusted_datetime: recent.device.trusted_datetime.toISOString(),
      trusted_ip: '127.0.0.1',
      trusted_until: recent.device.trusted_until.toISOString(),
    });
    expect(old.device.id).toBeLessThan(recent.device.id);
  });

  it('removes an own device, answers the new status and forgets this browser’s cookie', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { reauthenticated: true });
    const mine = await createTrustedDevice(t.db, user.id, { nome: 'Este' });
    agent.cookies.set('portal_dispositivo', mine.cookieValue);
    const response = await agent.request<TwofaStatusResponse>(
      'POST',
      `/api/gl_usuario/${mine.device.id}/twofaUntrustInDevice`,
      { body: {} },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.trusted_dispositivo_list).toEqual([]);
    expect(String(response.headers['set-cookie'])).toMatch(/portal_dispositivo=;/);
  });

  it('cannot untrust another user’s device: 404 and nothing changes', async () => {
    const owner = await createUser(t.db);
    const device = await createTrustedDevice(t.db, owner.id);
    const intruder = await signedInAgent(t, (await createUser(t.db)).id, { reauthenticated: true });
    const response = await intruder.post(
      `/api/gl_usuario/${device.device.id}/twofaUntrustInDevice`,
    );
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Dispositivo não encontrado.');
    expect(
      await t.db
        .select()
        .from(glUsuarioDispositivo)
        .where(eq(glUsuarioDispositivo.id, device.device.id)),
    ).toHaveLength(1);
  });

  it('answers a bad id with 422', async () => {
    const agent = await signedInAgent(t, (await createUser(t.db)).id, { reauthenticated: true });
    expect((await agent.post('/api/gl_usuario/abc/twofaUntrustInDevice')).status).toBe(422);
  });
});

describe('step-up before sensitive 2FA changes (security review item 2)', () => {
  const STEP_UP = {
    status: 403,
    message: 'Por segurança, confirme sua identidade para continuar.',
    errors: null,
    warnings: [],
    data: null,
    code: 'reauth_required',
  };
  const sessionRow = async (agent: ApiAgent) =>
    (await t.db.select().from(glSessao).where(eq(glSessao.id, agent.sessionId ?? '')))[0];

  it('a session alone cannot renew the keys, turn 2FA on or remove a device', async () => {
    const { user } = await twofaUser();
    const stolen = await signedInAgent(t, user.id);
    const { device } = await createTrustedDevice(t.db, user.id);
    const keysBefore = await t.db
      .select()
      .from(glUsuarioChaveRecuperacao)
      .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, user.id));
    expect(await stolen.post('/api/gl_usuario/twofaGenerateRecoveryKeys')).toMatchObject({
      status: 403,
      body: STEP_UP,
    });
    expect(await stolen.post(`/api/gl_usuario/${device.id}/twofaUntrustInDevice`)).toMatchObject({
      status: 403,
      body: STEP_UP,
    });
    const keysAfter = await t.db
      .select()
      .from(glUsuarioChaveRecuperacao)
      .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, user.id));
    expect(keysAfter).toEqual(keysBefore);
    expect(
      await t.db.select().from(glUsuarioDispositivo).where(eq(glUsuarioDispositivo.id, device.id)),
    ).toHaveLength(1);

    const plain = await createUser(t.db);
    const plainSession = await signedInAgent(t, plain.id);
    expect(await plainSession.post('/api/gl_usuario/twofaGenerateQrCode')).toMatchObject({
      status: 403,
      body: STEP_UP,
    });
    expect(
      await plainSession.post('/api/gl_usuario/twofaActivateTwoFactorAuth', { secret: 'A'.repeat(32) }),
    ).toMatchObject({ status: 403, body: STEP_UP });
    expect((await userRow(plain.id))?.twofa_secret).toBeNull();
  });

  it('takes the code or a recovery key where 2FA is on, and then lets the change through', async () => {
    const { user, secret, keys } = await twofaUser();
    const agent = await signedInAgent(t, user.id);
    const missing = await agent.post('/api/gl_usuario/me/reautenticar', { senha: 'demo1234' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ code: ['Por favor, insira o código de verificação.'] });
    const wrong = await agent.post('/api/gl_usuario/me/reautenticar', {
      code: totpCode(secret, { stepOffset: 6 }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: ['Código inválido.'] });
    expect((await sessionRow(agent))?.datahora_reautenticado).toBeNull();

    const right = await agent.post<{ reautenticado_ate: string }>('/api/gl_usuario/me/reautenticar', {
      code: keys[0],
    });
    expect(right.status).toBe(200);
    const until = Date.parse(right.body.data.reautenticado_ate) - Date.now();
    expect(until).toBeGreaterThan(9 * 60_000);
    expect(until).toBeLessThanOrEqual(10 * 60_000);
    expect((await agent.post('/api/gl_usuario/twofaGenerateRecoveryKeys')).status).toBe(200);
  });

  it('takes the password where 2FA is off, and the proof lasts ten minutes', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const wrong = await agent.post('/api/gl_usuario/me/reautenticar', { senha: 'errada123' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ senha: ['Senha inválida.'] });
    const missing = await agent.post('/api/gl_usuario/me/reautenticar', {});
    expect(missing.body.errors).toEqual({ senha: ['Informe sua senha.'] });
    expect((await agent.post('/api/gl_usuario/me/reautenticar', { senha: 'demo1234' })).status).toBe(200);
    expect((await agent.post('/api/gl_usuario/twofaGenerateQrCode')).status).toBe(200);

    await t.db
      .update(glSessao)
      .set({ datahora_reautenticado: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(glSessao.id, agent.sessionId ?? ''));
    expect(await agent.post('/api/gl_usuario/twofaGenerateQrCode')).toMatchObject({
      status: 403,
      body: STEP_UP,
    });
  });

  it('renews the session (new id and token) and keeps its login event working', async () => {
    const produto = await createProduct(t.db);
    const user = await createUser(t.db);
    const agent = new ApiAgent(t.app, { remoteAddress: '10.6.0.9' });
    const login = await agent.post<{ evento: { id: number; token: string } }>('/api/acesso/login', {
      email: user.email,
      senha: 'demo1234',
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    const before = agent.cookies.get('portal_sessao') ?? '';
    const csrfBefore = agent.csrfToken;
    expect((await agent.post('/api/gl_usuario/me/reautenticar', { senha: 'demo1234' })).status).toBe(200);
    expect(agent.cookies.get('portal_sessao')).not.toBe(before);
    expect(agent.csrfToken).not.toBe(csrfBefore);
    const old = new ApiAgent(t.app);
    old.cookies.set('portal_sessao', before);
    expect((await old.get('/api/sessao/web')).body.status).toBe(400);
    const resumed = await agent.post('/api/acesso/evento_getInfo', {
      evento_id: login.body.data.evento.id,
      evento_token: login.body.data.evento.token,
    });
    expect(resumed.status).toBe(200);
  });

  it('a sign-in that asked every factor is a fresh proof; a trusted device’s is not', async () => {
    const produto = await createProduct(t.db);
    const login = (agent: ApiAgent, email: string, extra: Record<string, unknown> = {}) =>
      agent.post('/api/acesso/login', {
        email,
        senha: 'demo1234',
        recaptcha: 'ok',
        gl_produto_id: produto.id,
        ...extra,
      });
    const plain = await createUser(t.db);
    const fresh = new ApiAgent(t.app, { remoteAddress: '10.6.0.1' });
    expect((await login(fresh, plain.email)).status).toBe(200);
    expect((await fresh.post('/api/gl_usuario/twofaGenerateQrCode')).status).toBe(200);

    const { user } = await twofaUser();
    const { cookieValue } = await createTrustedDevice(t.db, user.id);
    const trusted = new ApiAgent(t.app, { remoteAddress: '10.6.0.2' });
    trusted.cookies.set('portal_dispositivo', cookieValue);
    expect((await login(trusted, user.email)).status).toBe(200);
    expect((await trusted.post('/api/gl_usuario/twofaGenerateRecoveryKeys')).status).toBe(403);
  });

  it('turning 2FA on or off ends the other sessions and tells the owner; new keys are told too', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { reauthenticated: true });
    const other = await signedInAgent(t, user.id);
    const { secret } = (await agent.post<TwofaQrCodeResponse>('/api/gl_usuario/twofaGenerateQrCode')).body.data;
    await awayFromStepEdge();
    expect(
      (await agent.post('/api/gl_usuario/twofaValidateCodeRequest', { secret, code: totpCode(secret, { stepOffset: -1 }) })).status,
    ).toBe(200);
    expect((await agent.post('/api/gl_usuario/twofaActivateTwoFactorAuth', { secret })).status).toBe(200);
    expect((await other.post('/api/gl_usuario/twofaStatus')).status).toBe(401);
    expect((await agent.post('/api/gl_usuario/twofaStatus')).status).toBe(200);

    expect((await agent.post('/api/gl_usuario/twofaGenerateRecoveryKeys')).status).toBe(200);

    const third = await signedInAgent(t, user.id);
    // The step right after the one used to validate: re-enabling after disabling takes it too.
    const off = await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', { code: totpCode(secret) });
    expect(off.status).toBe(200);
    expect((await third.post('/api/gl_usuario/twofaStatus')).status).toBe(401);

    const subjects = (
      await t.db.select().from(glEmailSaida).where(eq(glEmailSaida.destinatario, user.email))
    ).map((mail) => mail.assunto.replace(/ - .*$/, ''));
    expect(subjects).toEqual([
      'Verificação em duas etapas ativada',
      'Novas chaves de recuperação geradas',
      'Verificação em duas etapas desativada',
    ]);
  });

  it('a new secret right after turning 2FA off takes a code of the same 30 seconds', async () => {
    const { user, secret } = await twofaUser();
    await awayFromStepEdge();
    const agent = await signedInAgent(t, user.id, { reauthenticated: true });
    expect(
      (await agent.post('/api/gl_usuario/twofaDisableTwoFactorAuth', { code: totpCode(secret) })).status,
    ).toBe(200);
    const next = (await agent.post<TwofaQrCodeResponse>('/api/gl_usuario/twofaGenerateQrCode')).body.data;
    const valid = await agent.post('/api/gl_usuario/twofaValidateCodeRequest', {
      secret: next.secret,
      code: totpCode(next.secret),
    });
    expect(valid.status).toBe(200);
  });
});

describe('recovery keys at rest', () => {
  it('are an HMAC under a server key, not a plain SHA-256 of the key', async () => {
    const { user, keys } = await twofaUser();
    const rows = await t.db
      .select()
      .from(glUsuarioChaveRecuperacao)
      .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, user.id));
    const plain = createHash('sha256')
      .update((keys[0] ?? '').replaceAll('-', ''))
      .digest('hex');
    expect(rows.map((row) => row.chave_hash)).not.toContain(plain);
  });
});
