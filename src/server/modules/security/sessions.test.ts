import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSessionsResponse, EndSessionsResponse } from '#shared/schemas/security';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await createTestApp();
  produtoId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Signs in through the login call from a browser with this user agent and address. */
async function signIn(email: string, userAgent: string, remoteAddress: string): Promise<ApiAgent> {
  const agent = new ApiAgent(t.app, { remoteAddress });
  const response = await agent.request('POST', '/api/acesso/login', {
    body: { email, senha: 'demo1234', recaptcha: 'ok', gl_produto_id: produtoId },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return agent;
}

const list = (agent: ApiAgent) => agent.get<ActiveSessionsResponse>('/api/gl_usuario/me/sessoes');
const signedIn = async (agent: ApiAgent) => (await agent.get('/api/sessao/web')).body.status === 200;

describe("'Sessões ativas'", () => {
  it('lists the person’s own sessions with browser, system, address and times, the current one first and marked', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const laptop = await signIn(user.email, FIREFOX_WINDOWS, '10.7.0.1');
    const phone = await signIn(user.email, CHROME_ANDROID, '10.7.0.2');
    await signIn(other.email, CHROME_ANDROID, '10.7.0.3');

    const response = await list(phone);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions = response.body.data.sessoes;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      id: phone.sessionId,
      navegador: 'Chrome 131',
      sistema: 'Android 14',
      ip: '10.7.0.2',
      atual: true,
    });
    expect(sessions[1]).toMatchObject({
      id: laptop.sessionId,
      navegador: 'Firefox 133',
      sistema: 'Windows 10',
      ip: '10.7.0.1',
      atual: false,
    });
    expect(Date.parse(sessions[1]!.datahora_criado)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(sessions[1]!.datahora_ultimo_acesso)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends another of one’s sessions: its next request is refused, the current one goes on', async () => {
    const user = await createUser(t.db);
    const first = await signedInAgent(t, user.id);
    const second = await signedInAgent(t, user.id);
    const ended = await first.post<EndSessionsResponse>(`/api/gl_usuario/me/sessoes/${second.sessionId}/encerrar`);
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('Sessão encerrada.');
    const refused = await second.get('/api/gl_usuario/me');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Usuário não logado.');
    expect(await signedIn(first)).toBe(true);
  });

  it('does not end the session in use through "Encerrar" (that is Logout)', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const response = await agent.post(`/api/gl_usuario/me/sessoes/${agent.sessionId}/encerrar`);
    expect(response.status).toBe(409);
    expect(await signedIn(agent)).toBe(true);
  });

  it('ends all the other sessions at once and says how many', async () => {
    const user = await createUser(t.db);
    const keeper = await signedInAgent(t, user.id);
    const others = [await signedInAgent(t, user.id), await signedInAgent(t, user.id)];
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    const response = await keeper.post<EndSessionsResponse>('/api/gl_usuario/me/sessoes/encerrar_outras');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: '2 outras sessões foram encerradas.', data: { encerradas: 2 } });
    for (const agent of others) expect(await signedIn(agent)).toBe(false);
    expect(await signedIn(keeper)).toBe(true);
    expect(await signedIn(stranger)).toBe(true);
    expect((await list(keeper)).body.data.sessoes.map((s) => s.id)).toEqual([keeper.sessionId]);
  });

  it('never lists nor ends another user’s sessions', async () => {
    const owner = await createUser(t.db);
    const intruder = await createUser(t.db);
    const ownerAgent = await signedInAgent(t, owner.id);
    const intruderAgent = await signedInAgent(t, intruder.id);

    const listed = await list(intruderAgent);
    expect(listed.body.data.sessoes.map((s) => s.id)).toEqual([intruderAgent.sessionId]);

    const attempt = await intruderAgent.post(`/api/gl_usuario/me/sessoes/${ownerAgent.sessionId}/encerrar`);
    expect(attempt.status).toBe(404);
    expect(attempt.body.message).toBe('Sessão não encontrada.');
    await intruderAgent.post('/api/gl_usuario/me/sessoes/encerrar_outras');
    expect(await signedIn(ownerAgent)).toBe(true);
    expect((await list(ownerAgent)).body.data.sessoes).toHaveLength(1);
  });

  it('answers 401 to a visitor and 422 to an id that is no session id', async () => {
    const visitor = new ApiAgent(t.app);
    expect((await list(visitor)).status).toBe(401);
    expect((await visitor.post('/api/gl_usuario/me/sessoes/encerrar_outras')).status).toBe(401);
    const agent = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await agent.post('/api/gl_usuario/me/sessoes/1/encerrar')).status).toBe(422);
  });
});

describe('staff end every session of a person (POST /api/admin/gl_usuario/{id}/sessoes_encerrar)', () => {
  it('ends them all; the person signs in again; weaker staff cannot do it to stronger', async () => {
    const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const person = await createUser(t.db);
    const sessions = [await signedInAgent(t, person.id), await signedInAgent(t, person.id)];
    const response = await supervisor.post(`/api/admin/gl_usuario/${person.id}/sessoes_encerrar`);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Todas as sessões deste usuário foram encerradas.');
    for (const agent of sessions) expect(await signedIn(agent)).toBe(false);
    expect(await signedIn(supervisor)).toBe(true);

    const admin = await createUser(t.db, { nivel: 1 });
    const adminAgent = await signedInAgent(t, admin.id);
    expect((await supervisor.post(`/api/admin/gl_usuario/${admin.id}/sessoes_encerrar`)).status).toBe(403);
    expect(await signedIn(adminAgent)).toBe(true);
  });
});
