import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInfo } from '#shared/schemas/auth';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  produto = await createProduct(t.db, { nome: 'Sistema de Seleção', url: '/painel' });
});
afterAll(() => t.close());

let addressCounter = 0;
const freshAgent = () => new ApiAgent(t.app, { remoteAddress: `10.4.0.${++addressCounter}` });

interface SessionCliente {
  cliente: { id: number; razao_social: string } | null;
}

/** A user with two clients, signed in through the login (so the session has the product). */
async function userWithTwoClients() {
  const user = await createUser(t.db);
  const first = await createClient(t.db, { razao_social: 'Alfa Comércio Ltda' });
  const second = await createClient(t.db, { razao_social: 'Beta Serviços Ltda' });
  const firstLink = await linkUserToClient(t.db, user.id, first.id, 10);
  const secondLink = await linkUserToClient(t.db, user.id, second.id, 13);
  const agent = freshAgent();
  const login = await agent.post<LoginInfo>('/api/acesso/login', {
    email: user.email,
    senha: 'demo1234',
    recaptcha: 'ok',
    gl_produto_id: produto.id,
  });
  expect(login.status).toBe(200);
  return { user, first, second, firstLink, secondLink, agent, info: login.body.data };
}

async function sessionClient(agent: ApiAgent) {
  const response = await agent.get<SessionCliente>('/api/sessao/web');
  return response.body.data.cliente?.id ?? null;
}

describe('POST /api/acesso/conta_selecionar', () => {
  it('lists the clients in evento_getInfo, with none chosen after the login', async () => {
    const { agent, info, firstLink, secondLink } = await userWithTwoClients();
    expect(info.cliente).toBeNull();
    const response = await agent.post<LoginInfo>('/api/acesso/evento_getInfo', {
      evento_id: info.evento.id,
      evento_token: info.evento.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.clientes.map((link) => link.id)).toEqual([
      firstLink.id,
      secondLink.id,
    ]);
  });

  it('selects one of the user’s own links: the session’s client changes, the product stays', async () => {
    const { agent, info, second, secondLink } = await userWithTwoClients();
    expect(await sessionClient(agent)).toBeNull();

    const response = await agent.post<LoginInfo>('/api/acesso/conta_selecionar', {
      gl_cliente_usuario_id: secondLink.id,
    });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.cliente).toMatchObject({ id: second.id, razao_social: 'Beta Serviços Ltda' });
    expect(data.clienteUsuario_nivel).toBe(13);
    expect(data.produto.id).toBe(produto.id);
    expect(data.sessao).toEqual(info.sessao);
    expect(data.evento.id).not.toBe(info.evento.id);
    expect(data.clientes).toHaveLength(2);
    expect(response.headers['cache-control']).toBe('no-store');

    expect(await sessionClient(agent)).toBe(second.id);
    const session = await agent.get<{ produto: { id: number } | null }>('/api/sessao/web');
    expect(session.body.data.produto?.id).toBe(produto.id);
  });

  it('answers another user’s link with 404 and leaves the session as it was', async () => {
    const { agent, first, firstLink } = await userWithTwoClients();
    await agent.post('/api/acesso/conta_selecionar', { gl_cliente_usuario_id: firstLink.id });
    expect(await sessionClient(agent)).toBe(first.id);

    const stranger = await createUser(t.db);
    const foreignClient = await createClient(t.db);
    const foreignLink = await linkUserToClient(t.db, stranger.id, foreignClient.id);
    for (const id of [foreignLink.id, 987_654]) {
      const response = await agent.post('/api/acesso/conta_selecionar', {
        gl_cliente_usuario_id: id,
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: 404,
        message: 'Conta não encontrada.',
        errors: null,
        warnings: [],
        data: null,
        code: 'account_not_found',
      });
    }
    expect(await sessionClient(agent)).toBe(first.id);
  });

  it('refuses anonymous callers with 401', async () => {
    const { firstLink } = await userWithTwoClients();
    const response = await freshAgent().post('/api/acesso/conta_selecionar', {
      gl_cliente_usuario_id: firstLink.id,
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Usuário não logado.');
  });

  it('answers a bad body with 422', async () => {
    const { agent } = await userWithTwoClients();
    for (const body of [{}, { gl_cliente_usuario_id: 'abc' }, { gl_cliente_usuario_id: -1 }]) {
      const response = await agent.post('/api/acesso/conta_selecionar', body);
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty('gl_cliente_usuario_id');
    }
  });

  it('answers 400 for a session without a product, changing nothing', async () => {
    const user = await createUser(t.db);
    const cliente = await createClient(t.db);
    const link = await linkUserToClient(t.db, user.id, cliente.id);
    const agent = await signedInAgent(t, user.id, { remoteAddress: '10.4.1.1' });
    const response = await agent.post('/api/acesso/conta_selecionar', {
      gl_cliente_usuario_id: link.id,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Sessão sem produto: entre novamente pelo login do produto.',
    );
    expect(await sessionClient(agent)).toBeNull();
  });
});
