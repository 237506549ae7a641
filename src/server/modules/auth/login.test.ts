import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInfo } from '#shared/schemas/auth';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createContract,
  createPendingPlanChange,
  createProduct,
  createTrustedDevice,
  createUser,
  enableTwofa,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { awayFromStepEdge, testTotpSecret, totpCode } from '#tests/helpers/totp.ts';
import { glAcessoEvento, glContratoEvento, glSessao, glUsuario, glUsuarioDispositivo } from '../../platform/db/schema.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../platform/session/session-plugin.ts';
import { hashToken } from '../../platform/session/tokens.ts';

let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  produto = await createProduct(t.db, { nome: 'Sistema de Teste', url: '/painel' });
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test its own address, so the per-address throttle of one never reaches another. */
const freshAgent = () => new ApiAgent(t.app, { remoteAddress: `10.1.0.${++addressCounter}` });

const loginBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  senha: 'demo1234',
  recaptcha: 'ok',
  gl_produto_id: produto.id,
  ...overrides,
});

const WRONG_CREDENTIALS = {
  status: 401,
  message: 'E-mail ou senha inválidos.',
  errors: null,
  warnings: [],
  data: null,
  // The same code for every refusal: it says no more than the message (an unknown e-mail is no different).
  code: 'invalid_credentials',
};

describe('POST /api/acesso/login', () => {
  it('signs in, picks the only client and answers the login info of §3', async () => {
    const user = await createUser(t.db);
    const cliente = await createClient(t.db, { razao_social: 'Única Ltda' });
    const link = await linkUserToClient(t.db, user.id, cliente.id, 13);
    const { contrato, plano } = await createContract(t.db, cliente.id, produto.id);
    const pendente = await createPendingPlanChange(t.db, contrato);

    const agent = freshAgent();
    const response = await agent.post<LoginInfo>('/api/acesso/login', loginBody(user.email));
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const info = response.body.data;
    expect(info).toMatchObject({
      ok: true,
      senha_revalidar: false,
      usuario: { id: user.id, nome: user.nome, email: user.email, nivel: null },
      produto: { id: produto.id, nome: 'Sistema de Teste', url: 'http://localhost:3000/painel' },
      cliente: { id: cliente.id, razao_social: 'Única Ltda', cpfcnpj: cliente.cpfcnpj },
      clientes: [
        {
          id: link.id,
          nivel: 13,
          cliente: { id: cliente.id, razao_social: 'Única Ltda', cpfcnpj: cliente.cpfcnpj },
        },
      ],
      clienteUsuario_nivel: 13,
      contrato_ultimo: {
        id: contrato.id,
        periodo_inicio: '2026-11-01',
        periodo_fim: '2026-11-30',
        plano: { id: plano.id, nome_exibicao: 'Profissional' },
      },
      contrato_evento_aberto: {
        id: pendente.evento.id,
        plano: { nome_exibicao: 'Empresarial' },
        plano_pagamento: { cobranca_tipo_desc: 'Anual' },
        agendamento_data: '2026-12-01',
      },
      twofa_shouldAskCreate: true,
    });

    // The product's url carries the session and the event (§3, §4).
    const url = new URL(info.url);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/painel');
    expect(url.searchParams.get('sessao_id')).toBe(info.sessao.id);
    expect(url.searchParams.get('sessao_token')).toBe(info.sessao.token);
    expect(url.searchParams.get('evento_id')).toBe(String(info.evento.id));
    expect(url.searchParams.get('evento_token')).toBe(info.evento.token);

    // The session cookie names the new session; only hashes are stored. The token handed to the
    // product is not the cookie's (decision 015): read from a history, it signs nobody in.
    const cookie = agent.cookies.get(SESSION_COOKIE) ?? '';
    expect(cookie.startsWith(`${info.sessao.id}.`)).toBe(true);
    expect(cookie).not.toBe(`${info.sessao.id}.${info.sessao.token}`);
    const [sessao] = await t.db.select().from(glSessao).where(eq(glSessao.id, info.sessao.id));
    expect(sessao).toMatchObject({
      gl_usuario_id: user.id,
      gl_cliente_id: cliente.id,
      gl_produto_id: produto.id,
    });
    expect(sessao?.token_hash).toBe(hashToken(cookie.slice(cookie.indexOf('.') + 1)));
    const fromHistory = new ApiAgent(t.app);
    fromHistory.cookies.set(SESSION_COOKIE, `${info.sessao.id}.${info.sessao.token}`);
    expect((await fromHistory.get('/api/sessao/web')).body.status).toBe(400);
    const [evento] = await t.db
      .select()
      .from(glAcessoEvento)
      .where(eq(glAcessoEvento.id, info.evento.id));
    expect(evento).toMatchObject({
      tipo: 'login',
      gl_usuario_id: user.id,
      gl_sessao_id: info.sessao.id,
      gl_cliente_id: cliente.id,
    });
    expect(evento?.token_hash).toBe(hashToken(info.evento.token));
    // An event confirms a login for minutes, not an hour (decision 015).
    const lifetime = (evento?.datahora_expira.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);

    const session = await agent.get<{ usuario: { id: number }; cliente: { id: number } }>(
      '/api/sessao/web',
    );
    expect(session.body.status).toBe(200);
    expect(session.body.data).toMatchObject({
      usuario: { id: user.id },
      cliente: { id: cliente.id },
    });
  });

  it('carries the contract with no open change when its only change was cancelled', async () => {
    const user = await createUser(t.db);
    const cliente = await createClient(t.db);
    await linkUserToClient(t.db, user.id, cliente.id, 10);
    const { contrato, plano } = await createContract(t.db, cliente.id, produto.id);
    const { evento } = await createPendingPlanChange(t.db, contrato);
    await t.db.update(glContratoEvento).set({ situacao: 'cancelado' }).where(eq(glContratoEvento.id, evento.id));

    const info = (await freshAgent().post<LoginInfo>('/api/acesso/login', loginBody(user.email))).body.data;
    expect(info.contrato_ultimo).toEqual({
      id: contrato.id,
      periodo_inicio: '2026-11-01',
      periodo_fim: '2026-11-30',
      plano: { id: plano.id, nome_exibicao: 'Profissional' },
    });
    expect(info.contrato_evento_aberto).toBeNull();
  });

  it('leaves the choice to the user with several clients, listed by name', async () => {
    const user = await createUser(t.db);
    const zeta = await createClient(t.db, { razao_social: 'Zeta S.A.' });
    const alfa = await createClient(t.db, { razao_social: 'Alfa Ltda' });
    await linkUserToClient(t.db, user.id, zeta.id, 10);
    await linkUserToClient(t.db, user.id, alfa.id, 20);
    const response = await freshAgent().post<LoginInfo>('/api/acesso/login', loginBody(user.email));
    expect(response.status).toBe(200);
    const info = response.body.data;
    expect(info.cliente).toBeNull();
    expect(info.clienteUsuario_nivel).toBeNull();
    expect(info.contrato_ultimo).toBeNull();
    expect(info.contrato_evento_aberto).toBeNull();
    expect(info.clientes.map((link) => link.cliente.razao_social)).toEqual([
      'Alfa Ltda',
      'Zeta S.A.',
    ]);
  });

  it('issues a new session id at sign-in: the old cookie stops working and the CSRF token rotates', async () => {
    const before = await createUser(t.db);
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, before.id, { remoteAddress: '10.1.1.1' });
    expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
    const oldCookie = agent.cookies.get(SESSION_COOKIE);
    const oldCsrf = agent.cookies.get(CSRF_COOKIE);

    const response = await agent.post<LoginInfo>('/api/acesso/login', loginBody(user.email));
    expect(response.status).toBe(200);
    expect(agent.cookies.get(SESSION_COOKIE)).not.toBe(oldCookie);
    expect(agent.cookies.get(CSRF_COOKIE)).not.toBe(oldCsrf);
    expect(oldCookie?.startsWith(`${response.body.data.sessao.id}.`)).toBe(false);

    const replay = new ApiAgent(t.app);
    replay.cookies.set(SESSION_COOKIE, oldCookie ?? '');
    expect((await replay.get('/api/sessao/web')).body.status).toBe(400);
    const current = await agent.get<{ usuario: { id: number } }>('/api/sessao/web');
    expect(current.body.data.usuario.id).toBe(user.id);
  });

  it('answers a wrong password, an unknown e-mail and an inactive user alike', async () => {
    const user = await createUser(t.db);
    const inactive = await createUser(t.db, { ativo: false });
    const wrong = await freshAgent().post(
      '/api/acesso/login',
      loginBody(user.email, { senha: 'errada123' }),
    );
    const unknown = await freshAgent().post(
      '/api/acesso/login',
      loginBody('ninguem.aqui@teste.com.br'),
    );
    const off = await freshAgent().post('/api/acesso/login', loginBody(inactive.email));
    for (const response of [wrong, unknown, off]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual(WRONG_CREDENTIALS);
    }
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const user = await createUser(t.db);
    const response = await freshAgent().post(
      '/api/acesso/login',
      loginBody(user.email.toUpperCase()),
    );
    expect(response.status).toBe(200);
  });

  it('refuses an unknown or inactive product with 404', async () => {
    const user = await createUser(t.db);
    const inactive = await createProduct(t.db, { ativo: false });
    for (const gl_produto_id of [999_999, inactive.id]) {
      const response = await freshAgent().post(
        '/api/acesso/login',
        loginBody(user.email, { gl_produto_id }),
      );
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Produto não encontrado.');
    }
  });

  it('answers bad input with 422 and pt-BR messages per field', async () => {
    const response = await freshAgent().post('/api/acesso/login', {
      email: 'não é e-mail',
      gl_produto_id: produto.id,
      twofaTrust: true,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      email: ['Digite um e-mail válido.'],
      senha: ['Campo obrigatório.'],
    });
    const noName = await freshAgent().post('/api/acesso/login', {
      ...loginBody('a@b.com.br'),
      twofaTrust: true,
      twofaTrustName: '',
    });
    expect(noName.status).toBe(422);
    expect(noName.body.errors?.twofaTrustName).toEqual(['Campo obrigatório.']);
  });

  it('offers 2FA activation only when it is off and no reminder is pending', async () => {
    const day = 24 * 3600_000;
    const cases = [
      { overrides: {}, expected: true },
      { overrides: { twofa_lembrar_em: new Date(Date.now() + 10 * day) }, expected: false },
      { overrides: { twofa_lembrar_em: new Date(Date.now() - day) }, expected: true },
    ];
    for (const { overrides, expected } of cases) {
      const user = await createUser(t.db, overrides);
      const response = await freshAgent().post<LoginInfo>(
        '/api/acesso/login',
        loginBody(user.email),
      );
      expect(response.body.data.twofa_shouldAskCreate).toBe(expected);
    }
  });

  it('tells the client to renew a temporary password', async () => {
    const user = await createUser(t.db, { senha_revalidar: true });
    const response = await freshAgent().post<LoginInfo>('/api/acesso/login', loginBody(user.email));
    expect(response.body.data.senha_revalidar).toBe(true);
  });

  it('keeps an absolute product url as it is', async () => {
    const external = await createProduct(t.db, { url: 'https://app.exemplo.com.br/entrar?x=1' });
    const user = await createUser(t.db);
    const response = await freshAgent().post<LoginInfo>(
      '/api/acesso/login',
      loginBody(user.email, { gl_produto_id: external.id }),
    );
    const url = new URL(response.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://app.exemplo.com.br/entrar');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('evento_id')).toBe(String(response.body.data.evento.id));
  });
});

describe('POST /api/acesso/login with 2FA', () => {
  async function twofaUser() {
    const user = await createUser(t.db);
    const secret = testTotpSecret();
    await enableTwofa(t.db, user.id, secret);
    return { user, secret };
  }

  it('asks for the code when it is missing, refuses a wrong one and accepts the right one', async () => {
    const { user, secret } = await twofaUser();
    const agent = freshAgent();
    const missing = await agent.post('/api/acesso/login', loginBody(user.email));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      twofaCode: ['Por favor, insira o código de verificação.'],
    });

    const wrongCode = totpCode(secret, { stepOffset: 5 });
    const wrong = await agent.post(
      '/api/acesso/login',
      loginBody(user.email, { twofaCode: wrongCode }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ twofaCode: ['Código inválido.'] });

    const right = await agent.post<LoginInfo>(
      '/api/acesso/login',
      loginBody(user.email, { twofaCode: totpCode(secret) }),
    );
    expect(right.status).toBe(200);
    expect(right.body.data.twofa_shouldAskCreate).toBe(false);
  });

  it('checks the password before asking for the code', async () => {
    const { user } = await twofaUser();
    const response = await freshAgent().post(
      '/api/acesso/login',
      loginBody(user.email, { senha: 'errada123' }),
    );
    expect(response.body).toEqual(WRONG_CREDENTIALS);
  });

  it('accepts a code one step early or late (drift) but not two', async () => {
    const { user, secret } = await twofaUser();
    await awayFromStepEdge(8000);
    const late = await freshAgent().post(
      '/api/acesso/login',
      loginBody(user.email, { twofaCode: totpCode(secret, { stepOffset: -1 }) }),
    );
    expect(late.status).toBe(200);
    const early = await freshAgent().post(
      '/api/acesso/login',
      loginBody(user.email, { twofaCode: totpCode(secret, { stepOffset: 1 }) }),
    );
    expect(early.status).toBe(200);
    const tooOld = await freshAgent().post(
      '/api/acesso/login',
      loginBody(user.email, { twofaCode: totpCode(secret, { stepOffset: -2 }) }),
    );
    expect(tooOld.status).toBe(422);
  });

  it('takes an unused recovery key in place of the code, once, and says how many are left', async () => {
    const { user } = await twofaUser();
    const agent = await signedInAgent(t, user.id, { remoteAddress: '10.1.2.1', reauthenticated: true });
    const keys = await agent.post<{ recovery_keys: string[] }>(
      '/api/gl_usuario/twofaGenerateRecoveryKeys',
    );
    expect(keys.status).toBe(200);
    const key = keys.body.data.recovery_keys[0] ?? '';
    // As a person types it from the sheet: lower case, without the dashes.
    const typed = key.toLowerCase().replaceAll('-', '');
    const response = await freshAgent().post(
      '/api/acesso/login',
      loginBody(user.email, { twofaCode: typed }),
    );
    expect(response.status).toBe(200);
    expect(response.body.warnings).toEqual([
      'Você entrou com uma chave de recuperação, que não poderá ser usada de novo. Restam 9 chaves não usadas.',
    ]);
    const again = await freshAgent().post('/api/acesso/login', loginBody(user.email, { twofaCode: key }));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ twofaCode: ['Código inválido.'] });
  });

  it('trusts the device on request: a cookie for 60 days, then no code is needed on it', async () => {
    const { user, secret } = await twofaUser();
    const agent = freshAgent();
    const response = await agent.request('POST', '/api/acesso/login', {
      body: loginBody(user.email, {
        twofaCode: totpCode(secret),
        twofaTrust: true,
        twofaTrustName: 'Notebook do trabalho',
      }),
    });
    expect(response.status).toBe(200);
    const setCookie = [response.headers['set-cookie']]
      .flat()
      .find((cookie) => String(cookie).startsWith('portal_dispositivo='));
    expect(setCookie).toMatch(/Max-Age=5184000/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookieValue = agent.cookies.get('portal_dispositivo') ?? '';
    const [id, token] = cookieValue.split('.');
    const [device] = await t.db
      .select()
      .from(glUsuarioDispositivo)
      .where(eq(glUsuarioDispositivo.id, Number(id)));
    expect(device).toMatchObject({
      gl_usuario_id: user.id,
      nome: 'Notebook do trabalho',
      trusted_ip: '10.1.0.' + addressCounter,
    });
    expect(device?.token_hash).toBe(hashToken(token ?? ''));
    const days = ((device?.trusted_until.getTime() ?? 0) - Date.now()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);

    // The same browser signs in again without a code.
    const again = await agent.post('/api/acesso/login', loginBody(user.email));
    expect(again.status).toBe(200);
  });

  it('ignores a device cookie of another user or past its 60 days', async () => {
    const { user } = await twofaUser();
    const other = await createUser(t.db);
    const foreign = await createTrustedDevice(t.db, other.id);
    const expired = await createTrustedDevice(t.db, user.id, {
      trusted_until: new Date(Date.now() - 1000),
    });
    for (const cookieValue of [foreign.cookieValue, expired.cookieValue, 'lixo']) {
      const agent = freshAgent();
      agent.cookies.set('portal_dispositivo', cookieValue);
      const response = await agent.post('/api/acesso/login', loginBody(user.email));
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        twofaCode: ['Por favor, insira o código de verificação.'],
      });
    }
  });

  it('accepts the same code exactly once among 20 parallel logins', async () => {
    const { user, secret } = await twofaUser();
    const code = totpCode(secret);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        new ApiAgent(t.app, { remoteAddress: `10.2.0.${index + 1}` }).post(
          '/api/acesso/login',
          loginBody(user.email, { twofaCode: code }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    const [row] = await t.db
      .select({ twofa_ativo: glUsuario.twofa_ativo })
      .from(glUsuario)
      .where(eq(glUsuario.id, user.id));
    expect(row?.twofa_ativo).toBe(true);
  });
});
