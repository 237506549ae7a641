import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventLoginResponse, LoginInfo } from '#shared/schemas/auth';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createTrustedDevice,
  createUser,
  enableTwofa,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { awayFromStepEdge, testTotpSecret, totpCode } from '#tests/helpers/totp.ts';
import { glAcessoEvento, glSessao } from '../../platform/db/schema.ts';
import { SESSION_COOKIE } from '../../platform/session/session-plugin.ts';
import { safeRedirect } from './access-events.ts';

let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  produto = await createProduct(t.db, { url: '/painel' });
});
afterAll(() => t.close());

let addressCounter = 0;
const freshAgent = () => new ApiAgent(t.app, { remoteAddress: `10.4.0.${++addressCounter}` });

/**
 * A user signed in through the real login, with its login info (event and session). With a
 * TOTP secret the user has 2FA on and signs in with the previous step's code, leaving the
 * current step's for the test.
 */
async function loggedIn(options: { totpSecret?: string } = {}) {
  const user = await createUser(t.db);
  const cliente = await createClient(t.db);
  await linkUserToClient(t.db, user.id, cliente.id);
  if (options.totpSecret) {
    await awayFromStepEdge();
    await enableTwofa(t.db, user.id, options.totpSecret);
  }
  const agent = freshAgent();
  const response = await agent.post<LoginInfo>('/api/acesso/login', {
    email: user.email,
    senha: 'demo1234',
    recaptcha: 'ok',
    gl_produto_id: produto.id,
    ...(options.totpSecret && { twofaCode: totpCode(options.totpSecret, { stepOffset: -1 }) }),
  });
  expect(response.status).toBe(200);
  return { user, cliente, agent, info: response.body.data };
}

const eventLogin = (agent: ApiAgent, info: LoginInfo, extra: Record<string, unknown> = {}) =>
  agent.post<EventLoginResponse>('/api/acesso/login_evento', {
    evento_id: info.evento.id,
    evento_token: info.evento.token,
    password: 'demo1234',
    recaptcha: 'ok',
    ...extra,
  });

describe('POST /api/acesso/evento_getInfo', () => {
  it('answers the login info again for the session of the event user', async () => {
    const { agent, info } = await loggedIn();
    const response = await agent.post<LoginInfo>('/api/acesso/evento_getInfo', {
      evento_id: info.evento.id,
      evento_token: info.evento.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(info);
  });

  it('refuses anonymous callers (401) and any session but the event’s own (404)', async () => {
    const { user, info } = await loggedIn();
    const ref = { evento_id: info.evento.id, evento_token: info.evento.token };
    const anonymous = await freshAgent().post('/api/acesso/evento_getInfo', ref);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Usuário não logado.');
    const other = await signedInAgent(t, (await createUser(t.db)).id);
    const sameUserElsewhere = await signedInAgent(t, user.id);
    for (const caller of [other, sameUserElsewhere]) {
      const response = await caller.post('/api/acesso/evento_getInfo', ref);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Link de acesso inválido ou expirado.');
    }
  });

  it('keeps answering its own session after the confirmation window (a resumed login)', async () => {
    const { agent, info } = await loggedIn();
    await t.db
      .update(glAcessoEvento)
      .set({ datahora_expira: new Date(Date.now() - 1000) })
      .where(eq(glAcessoEvento.id, info.evento.id));
    const response = await agent.post<LoginInfo>('/api/acesso/evento_getInfo', {
      evento_id: info.evento.id,
      evento_token: info.evento.token,
    });
    expect(response.status).toBe(200);
  });

  it('answers a wrong or unknown event with the same 404', async () => {
    const { agent, info } = await loggedIn();
    const wrong = await agent.post('/api/acesso/evento_getInfo', {
      evento_id: info.evento.id,
      evento_token: 'x'.repeat(43),
    });
    const unknown = await agent.post('/api/acesso/evento_getInfo', {
      evento_id: 987_654,
      evento_token: info.evento.token,
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: 404,
        message: 'Link de acesso inválido ou expirado.',
        errors: null,
        warnings: [],
        data: null,
        code: 'event_not_found',
      });
    }
  });

  it('answers bad input with 422 per field', async () => {
    const { agent } = await loggedIn();
    const response = await agent.post('/api/acesso/evento_getInfo', { evento_id: 'abc' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors ?? {}).sort()).toEqual(['evento_id', 'evento_token']);
  });
});

describe('POST /api/acesso/login_evento and /acesso/login_evento', () => {
  for (const path of ['/api/acesso/login_evento', '/acesso/login_evento']) {
    it(`${path}: the event user's password opens a new session and says where to go`, async () => {
      const { user, cliente, info } = await loggedIn();
      const agent = freshAgent();
      const response = await agent.post<EventLoginResponse>(path, {
        evento_id: info.evento.id,
        evento_token: info.evento.token,
        password: 'demo1234',
        recaptcha: 'ok',
        to: '/produto/1/planos?x=1',
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ to: '/produto/1/planos?x=1' });
      const session = await agent.get<{
        usuario: { id: number };
        cliente: { id: number };
        produto: { id: number };
      }>('/api/sessao/web');
      expect(session.body.data).toMatchObject({
        usuario: { id: user.id },
        cliente: { id: cliente.id },
        produto: { id: produto.id },
      });
      expect(agent.cookies.get(SESSION_COOKIE)?.split('.')[0]).not.toBe(info.sessao.id);
    });
  }

  it('checks CSRF on the path outside /api too', async () => {
    const { info } = await loggedIn();
    const agent = freshAgent();
    await agent.get('/api/sessao/web');
    const body = {
      evento_id: info.evento.id,
      evento_token: info.evento.token,
      password: 'demo1234',
      recaptcha: 'ok',
    };
    const response = await agent.request('POST', '/acesso/login_evento', { body, csrf: false });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/sessão de segurança expirou/);
    expect((await agent.get('/api/sessao/web')).body.status).toBe(400);
  });

  it('refuses a wrong password like login does, and an invalid event with 404', async () => {
    const { info } = await loggedIn();
    const wrong = await freshAgent().post('/api/acesso/login_evento', {
      evento_id: info.evento.id,
      evento_token: info.evento.token,
      password: 'errada123',
      recaptcha: 'ok',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: 401, message: 'Senha inválida.', data: null });
    const invalid = await freshAgent().post('/api/acesso/login_evento', {
      evento_id: info.evento.id,
      evento_token: 'y'.repeat(43),
      password: 'demo1234',
      recaptcha: 'ok',
    });
    expect(invalid.status).toBe(404);
    expect(invalid.body.message).toBe('Link de acesso inválido ou expirado.');
  });

  it('answers missing fields with 422', async () => {
    const response = await freshAgent().post('/api/acesso/login_evento', { evento_id: 1 });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({ password: ['Campo obrigatório.'] });
  });

  it('never redirects to another host', async () => {
    const productUrl = 'http://localhost:3000/painel';
    const cases: [string | undefined, string][] = [
      [undefined, productUrl],
      ['/me/config?origin=login', '/me/config?origin=login'],
      [productUrl, productUrl],
      ['//evil.example/x', productUrl],
      ['/\\evil.example', productUrl],
      ['/\t/evil.example', productUrl],
      ['https://evil.example/', productUrl],
      ['javascript:alert(1)', productUrl],
      ['painel', productUrl],
    ];
    for (const [to, expected] of cases) {
      // An event confirms one login: a new sign-in for each case.
      const { info } = await loggedIn();
      const response = await freshAgent().post<EventLoginResponse>('/api/acesso/login_evento', {
        evento_id: info.evento.id,
        evento_token: info.evento.token,
        password: 'demo1234',
        recaptcha: 'ok',
        ...(to !== undefined && { to }),
      });
      expect(response.body.data.to, String(to)).toBe(expected);
    }
    expect(safeRedirect('/ok', productUrl, 'https://portal.example')).toBe('/ok');
  });
});

describe('login_evento keeps the sign-in’s guarantees (security review item 1)', () => {
  it('asks a 2FA user for the code, refuses a wrong one and takes the right one', async () => {
    const secret = testTotpSecret();
    const { info } = await loggedIn({ totpSecret: secret });
    const agent = freshAgent();
    const missing = await eventLogin(agent, info);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ twofaCode: ['Por favor, insira o código de verificação.'] });
    const wrong = await eventLogin(agent, info, { twofaCode: totpCode(secret, { stepOffset: 5 }) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ twofaCode: ['Código inválido.'] });
    // Nothing was opened by the refusals.
    expect((await agent.get('/api/sessao/web')).body.status).toBe(400);
    const right = await eventLogin(agent, info, { twofaCode: totpCode(secret) });
    expect(right.status).toBe(200);
    expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
  });

  it('asks no code on a trusted device of the user', async () => {
    const secret = testTotpSecret();
    const { user, info } = await loggedIn({ totpSecret: secret });
    const { cookieValue } = await createTrustedDevice(t.db, user.id);
    const agent = freshAgent();
    agent.cookies.set('portal_dispositivo', cookieValue);
    expect((await eventLogin(agent, info)).status).toBe(200);
  });

  it('confirms one login per event, even when 50 arrive at once', async () => {
    const { info } = await loggedIn();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => eventLogin(freshAgent(), info)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Link de acesso inválido ou expirado.');
    }
    expect((await eventLogin(freshAgent(), info)).status).toBe(404);
    // 50 password checks (argon2id) on a shared 2-core machine.
  }, 120_000);

  it('ends with the session it belongs to: after logout the event confirms nothing', async () => {
    const { agent, info } = await loggedIn();
    expect((await agent.post('/api/acesso/logout', {})).status).toBe(200);
    const response = await eventLogin(freshAgent(), info);
    expect(response.status).toBe(404);
  });

  it('lives ten minutes', async () => {
    const { info } = await loggedIn();
    const [event] = await t.db
      .select({ criado: glAcessoEvento.datahora_criado, expira: glAcessoEvento.datahora_expira })
      .from(glAcessoEvento)
      .where(eq(glAcessoEvento.id, info.evento.id));
    expect((event?.expira.getTime() ?? 0) - (event?.criado.getTime() ?? 0)).toBe(10 * 60_000);
    await t.db
      .update(glAcessoEvento)
      .set({ datahora_expira: new Date(Date.now() - 1000) })
      .where(eq(glAcessoEvento.id, info.evento.id));
    expect((await eventLogin(freshAgent(), info)).status).toBe(404);
  });
});

describe('POST /api/acesso/logout', () => {
  it('ends the cookie session server-side', async () => {
    const { agent, info } = await loggedIn();
    const cookie = agent.cookies.get(SESSION_COOKIE) ?? '';
    expect((await agent.post('/api/acesso/logout', {})).status).toBe(200);
    expect(await t.db.select().from(glSessao).where(eq(glSessao.id, info.sessao.id))).toEqual([]);
    const replay = new ApiAgent(t.app);
    replay.cookies.set(SESSION_COOKIE, cookie);
    expect((await replay.get('/api/sessao/web')).body.status).toBe(400);
  });

  it('also ends the session the notice screen names, only when its token matches', async () => {
    const first = await loggedIn();
    const second = await loggedIn();
    const caller = freshAgent();
    const wrong = await caller.post('/api/acesso/logout', {
      sessao_id: first.info.sessao.id,
      sessao_token: 'z'.repeat(43),
      evento_id: first.info.evento.id,
      evento_token: first.info.evento.token,
    });
    expect(wrong.status).toBe(200);
    expect(
      await t.db.select().from(glSessao).where(eq(glSessao.id, first.info.sessao.id)),
    ).toHaveLength(1);
    const right = await caller.post('/api/acesso/logout', {
      sessao_id: second.info.sessao.id,
      sessao_token: second.info.sessao.token,
    });
    expect(right.status).toBe(200);
    expect(
      await t.db.select().from(glSessao).where(eq(glSessao.id, second.info.sessao.id)),
    ).toEqual([]);
  });
});
