import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventLoginResponse, LoginInfo } from '#shared/schemas/acesso';
import { ApiAgent } from '../../../../tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '../../../../tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { glAcessoEvento, glSessao } from '../../db/schema.ts';
import { SESSION_COOKIE } from '../../session/session-plugin.ts';
import { safeRedirect } from './service.ts';

let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  produto = await createProduct(t.db, { url: '/painel' });
});
afterAll(() => t.close());

let addressCounter = 0;
const freshAgent = () => new ApiAgent(t.app, { remoteAddress: `10.4.0.${++addressCounter}` });

/** A user signed in through the real login, with its login info (event and session). */
async function loggedIn() {
  const user = await createUser(t.db);
  const cliente = await createClient(t.db);
  await linkUserToClient(t.db, user.id, cliente.id);
  const agent = freshAgent();
  const response = await agent.post<LoginInfo>('/api/acesso/login', {
    email: user.email,
    senha: 'demo1234',
    recaptcha: 'ok',
    gl_produto_id: produto.id,
  });
  expect(response.status).toBe(200);
  return { user, cliente, agent, info: response.body.data };
}

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

  it('refuses anonymous callers and another user’s session with 401', async () => {
    const { info } = await loggedIn();
    const ref = { evento_id: info.evento.id, evento_token: info.evento.token };
    const anonymous = await freshAgent().post('/api/acesso/evento_getInfo', ref);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Usuário não logado.');
    const other = await signedInAgent(t, (await createUser(t.db)).id);
    const foreign = await other.post('/api/acesso/evento_getInfo', ref);
    expect(foreign.status).toBe(401);
    expect(foreign.body.message).toBe('Usuário não logado.');
  });

  it('answers a wrong, unknown or expired event with the same 404', async () => {
    const { agent, info } = await loggedIn();
    const wrong = await agent.post('/api/acesso/evento_getInfo', {
      evento_id: info.evento.id,
      evento_token: 'x'.repeat(43),
    });
    const unknown = await agent.post('/api/acesso/evento_getInfo', {
      evento_id: 987_654,
      evento_token: info.evento.token,
    });
    await t.db
      .update(glAcessoEvento)
      .set({ datahora_expira: new Date(Date.now() - 1000) })
      .where(eq(glAcessoEvento.id, info.evento.id));
    const expired = await agent.post('/api/acesso/evento_getInfo', {
      evento_id: info.evento.id,
      evento_token: info.evento.token,
    });
    for (const response of [wrong, unknown, expired]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: 404,
        message: 'Link de acesso inválido ou expirado.',
        errors: null,
        warnings: [],
        data: null,
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
    const { info } = await loggedIn();
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
