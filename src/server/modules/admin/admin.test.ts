import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const select = (agent: ApiAgent, id: unknown) =>
  agent.post('/api/admin/cliente/selecionar', { id });

describe('POST /api/admin/cliente/selecionar', () => {
  it('lets a staff admin work in a client (§6)', async () => {
    const admin = await createUser(t.db, { nivel: 1 });
    const cliente = await createClient(t.db, {
      razao_social: 'Empresa Selecionada Ltda',
      nome_fantasia: 'Selecionada',
    });
    const agent = await signedInAgent(t, admin.id);
    const response = await select(agent, cliente.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 200,
      message: 'Cliente Empresa Selecionada Ltda selecionado.',
      data: {
        cliente: {
          id: cliente.id,
          razao_social: 'Empresa Selecionada Ltda',
          nome_fantasia: 'Selecionada',
        },
      },
    });
    const session = await agent.get<{ cliente: { id: number } }>('/api/sessao/web');
    expect(session.body.data.cliente.id).toBe(cliente.id);
  });

  it('answers 401 to a visitor, 403 to customers and weaker staff', async () => {
    const cliente = await createClient(t.db);
    const anonymous = await select(new ApiAgent(t.app), cliente.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Usuário não logado.');
    for (const nivel of [null, 3, 5]) {
      const agent = await signedInAgent(t, (await createUser(t.db, { nivel })).id);
      const response = await select(agent, cliente.id);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Você não tem permissão para esta ação.');
      expect(
        (await agent.get<{ cliente: unknown }>('/api/sessao/web')).body.data.cliente,
      ).toBeNull();
    }
  });

  it('answers an unknown client with 404 and bad input with 422', async () => {
    const agent = await signedInAgent(t, (await createUser(t.db, { nivel: 0 })).id);
    const unknown = await select(agent, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Cliente não encontrado.');
    const bad = await select(agent, 'x');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['id']);
  });
});
