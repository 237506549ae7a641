import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserMeResponse } from '#shared/schemas/profile';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { verifyPassword } from '../../platform/crypto/password.ts';
import { glEmailSaida, glUsuario } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = async (id: number) =>
  (await t.db.select().from(glUsuario).where(eq(glUsuario.id, id)))[0];
const mailsTo = (email: string) =>
  t.db.select().from(glEmailSaida).where(eq(glEmailSaida.destinatario, email));

describe('signed-in only', () => {
  it('GET /api/gl_usuario/me answers 401 to an anonymous visitor', async () => {
    const response = await new ApiAgent(t.app).get('/api/gl_usuario/me');
    expect(response.status).toBe(401);
  });

  it.each(['/api/gl_usuario/me/update', '/api/gl_usuario/me/senha_update'])(
    '%s answers 401 to an anonymous visitor',
    async (path) => {
      const response = await new ApiAgent(t.app).post(path, {});
      expect(response.status).toBe(401);
    },
  );
});

describe('GET /api/gl_usuario/me', () => {
  it('returns the signed-in user record as data.data', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const response = await agent.get<UserMeResponse>('/api/gl_usuario/me');
    expect(response.status).toBe(200);
    expect(response.body.data.data).toEqual({
      id: user.id,
      nome: user.nome,
      apelido: user.apelido,
      email: user.email,
      telefone_celular: user.telefone_celular,
    });
    expect(JSON.stringify(response.body)).not.toContain('senha');
  });
});

describe('POST /api/gl_usuario/me/update', () => {
  it('updates only the signed-in user record', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const response = await agent.post('/api/gl_usuario/me/update', {
      nome: '  Maria Souza ',
      apelido: 'Maria',
      telefone_celular: '(11) 98765-4321',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Dados atualizados com sucesso!');
    const after = await userRow(user.id);
    expect(after).toMatchObject({
      nome: 'Maria Souza',
      apelido: 'Maria',
      telefone_celular: '11987654321',
      email: user.email,
      senha_hash: user.senha_hash,
      nivel: user.nivel,
    });
    expect(await userRow(other.id)).toMatchObject({ nome: other.nome, apelido: other.apelido });
  });

  it('refuses any other field (no mass assignment)', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const response = await agent.post('/api/gl_usuario/me/update', {
      nome: 'Novo',
      apelido: 'N',
      telefone_celular: '11987654321',
      email: 'hacker@teste.com.br',
      nivel: 1,
    });
    expect(response.status).toBe(422);
    expect(await userRow(user.id)).toMatchObject({ nome: user.nome, email: user.email, nivel: null });
  });

  it('answers 422 with the §5 messages for bad input', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const empty = await agent.post('/api/gl_usuario/me/update', {
      nome: ' ',
      apelido: '',
      telefone_celular: '',
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      nome: ['Campo obrigatório'],
      apelido: ['Campo obrigatório'],
      telefone_celular: ['Campo obrigatório'],
    });
    const bad = await agent.post('/api/gl_usuario/me/update', {
      nome: 'x'.repeat(61),
      apelido: 'ok',
      telefone_celular: '(11) 9876',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      nome: ['Use no máximo 60 caracteres.'],
      telefone_celular: ['Campo obrigatório. Confira se os número estão corretos.'],
    });
    expect(await userRow(user.id)).toMatchObject({ nome: user.nome });
  });
});

describe('POST /api/gl_usuario/me/senha_update', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const response = await agent.post('/api/gl_usuario/me/senha_update', {
      senha_atual: 'errada123',
      senha_nova: 'nova-senha',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ senha_atual: ['Senha atual incorreta.'] });
    const after = await userRow(user.id);
    expect(after?.senha_hash).toBe(user.senha_hash);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("counts wrong current passwords on the sign-in's throttle: after ten, the right one is refused here and at the login", async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const change = (senha_atual: string) =>
      agent.post('/api/gl_usuario/me/senha_update', { senha_atual, senha_nova: 'nova-senha-9' });
    for (let attempt = 0; attempt < 10; attempt++) expect((await change(`errada-${attempt}`)).status).toBe(422);

    // Someone holding the session but not the password gets no more guesses than at the login.
    const right = await change('demo1234');
    expect(right.status).toBe(422);
    expect(right.body.errors).toEqual({ senha_atual: ['Senha atual incorreta.'] });
    expect((await userRow(user.id))?.senha_hash).toBe(user.senha_hash);
    const produto = await createProduct(t.db);
    const login = await new ApiAgent(t.app).post('/api/acesso/login', {
      email: user.email,
      senha: 'demo1234',
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    expect(login.status).toBe(401);
  });

  it('refuses a new password out of 6..32', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const response = await agent.post('/api/gl_usuario/me/senha_update', {
      senha_atual: 'demo1234',
      senha_nova: '123',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty('senha_nova');
    expect((await userRow(user.id))?.senha_hash).toBe(user.senha_hash);
  });

  it('stores the new hash, ends the other sessions, keeps this one and queues one e-mail', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const elsewhere = await signedInAgent(t, user.id);
    expect((await elsewhere.get('/api/gl_usuario/me')).status).toBe(200);
    const response = await agent.post('/api/gl_usuario/me/senha_update', {
      senha_atual: 'demo1234',
      senha_nova: 'nova-senha',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Senha alterada com sucesso!');
    const after = await userRow(user.id);
    expect(after?.senha_hash).not.toBe(user.senha_hash);
    expect(after?.senha_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(after?.senha_hash ?? '', 'nova-senha')).toBe(true);
    // The sessions opened with the old password end (security review item 7); this one goes on.
    expect((await elsewhere.get('/api/gl_usuario/me')).status).toBe(401);
    expect((await agent.get('/api/gl_usuario/me')).status).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.assunto).toContain('Sua senha foi alterada');
  });
});

describe('a password that must be replaced first (docs/decisions/017)', () => {
  it('is the only thing the session may do: every other call is refused until then', async () => {
    const user = await createUser(t.db, { senha_revalidar: true });
    const agent = await signedInAgent(t, user.id);
    for (const [method, path] of [
      ['GET', '/api/gl_usuario/me'],
      ['POST', '/api/gl_usuario/me/update'],
      ['POST', '/api/gl_usuario/me/senha_update'],
      ['POST', '/api/gl_usuario/twofaStatus'],
    ] as const) {
      const response = await agent.request(method, path, method === 'POST' ? { body: {} } : {});
      expect(response.status, path).toBe(403);
      expect(response.body.message).toBe('Defina uma nova senha para continuar.');
    }
  });
});
