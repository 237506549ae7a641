import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE } from '#shared/fields';
import { createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * A control character in any text input (query or body) is a 422 with a pt-BR
 * field message, never a 500 from the database; a malformed escape gets the envelope, never
 * Fastify's own body that echoes the path (an invoice token may be in it).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('control characters in text inputs', () => {
  it.each(['%00', 'S%C3%A3o%00Paulo', '%07', '%1B%5B2J', '%7F'])('GET /api/gl_cidade?q=%s is a 422 on q', async (q) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/gl_cidade?q=${q}` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, errors: { q: [CONTROL_CHARACTER_MESSAGE] } });
  });

  it('a staff list search with a NUL is a 422, not a 500', async () => {
    const staff = await createUser(t.db, { nivel: 1 });
    const agent = await signedInAgent(t, staff.id);
    for (const url of ['/api/admin/gl_cliente?q=%00', '/api/admin/gl_cliente?searchText=a%00b', '/api/admin/gl_cliente/dropdown?q=%00']) {
      const response = await agent.get(url);
      expect(response.status, url).not.toBe(500);
      if (response.status !== 404) expect(response.status, url).toBe(422);
    }
  });

  it('refuses a control character in a body field with the field named, and saves nothing', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    for (const nome of ['Ana\u0000', 'Ana\nMaria', 'Ana\u0008']) {
      const response = await agent.post('/api/gl_usuario/me/update', { nome, apelido: 'Ana', telefone_celular: '(11) 98765-4321' });
      expect(response.status).toBe(422);
      expect(response.body.errors).toMatchObject({ nome: [CONTROL_CHARACTER_MESSAGE] });
    }
    const me = await agent.get<{ data: { nome: string } }>('/api/gl_usuario/me');
    expect(me.body.data.data.nome).toBe(user.nome);
  });

  it('lets a multi-line field keep line breaks and tabs but not other control characters', async () => {
    const staff = await createUser(t.db, { nivel: 1 });
    const agent = await signedInAgent(t, staff.id);
    const produto = await agent.post<{ entity: { id: number } }>('/api/admin/gl_produto', { nome: 'Produto texto', url: 'https://app.exemplo.com.br' });
    expect(produto.status).toBe(200);
    const plano = { gl_produto_id: produto.body.data.entity.id, nome: 'p', nome_exibicao: 'Plano' };
    const ok = await agent.post('/api/admin/gl_plano', { ...plano, descricao_exibicao: '# Título\r\n\n- item\tum' });
    expect(ok.status).toBe(200);
    const refused = await agent.post('/api/admin/gl_plano', { ...plano, descricao_exibicao: 'texto\u0000' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({ descricao_exibicao: [CONTROL_CHARACTER_MESSAGE] });
  });
});

describe('malformed percent-escapes', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
  it.each([
    `/api/pg_fatura/cliente/${token}%ff`,
    `/api/pg_fatura/cliente/${token}/%E0%A4%A`,
    `/api/pg_fatura/cliente/%zz${token}`,
    `/api/pg_fatura/cliente/${token.repeat(3)}`,
  ])('GET %s answers the envelope without echoing the path', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'errors', 'message', 'status', 'warnings']);
    expect(response.body).not.toContain(token);
  });

  it('a malformed escape in the query is the envelope too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/gl_cidade?q=%ff' });
    expect(response.statusCode).toBeLessThan(500);
    // The query is read without its bad escape and answered like any other: no error, no code.
    expect(Object.keys(response.json<Record<string, unknown>>()).sort()).toEqual(['data', 'errors', 'message', 'status', 'warnings']);
  });
});
