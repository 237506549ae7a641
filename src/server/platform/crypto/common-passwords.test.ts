import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_LENGTH_MESSAGE } from '#shared/fields';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createProduct, createUser, linkUserToClient, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glUsuario, glUsuarioSenhaToken } from '../db/schema.ts';
import { hashToken, randomToken } from '../session/tokens.ts';
import { isCommonPassword } from './common-passwords.ts';
import { verifyPassword } from './password.ts';

/**
 * Every call that sets a password refuses one from the list of common
 * passwords, on the form's field, and changes nothing; the §5 length rule stays as it is.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMMON = ['123456', 'password', 'Senha123', 'qwerty123', 'iloveyou', 'brasil', 'mudar123', 'Corinthians'];
const hashOf = async (id: number) => (await t.db.select().from(glUsuario).where(eq(glUsuario.id, id)))[0]?.senha_hash ?? '';

describe('isCommonPassword', () => {
  it('knows the usual suspects, whatever the case, and lets a personal password pass', async () => {
    for (const password of COMMON) expect(await isCommonPassword(password), password).toBe(true);
    for (const password of ['demo1234', 'nova-senha', 'pão-de-queijo-9', 'Tr3m-Azul-Lento']) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('calls that set a password refuse a common one', () => {
  it('conta_criar_senha (Altere sua senha)', async () => {
    const produto = await createProduct(t.db);
    const user = await createUser(t.db, { senha_revalidar: true });
    const client = await createClient(t.db);
    await linkUserToClient(t.db, user.id, client.id);
    const agent = await signedInAgent(t, user.id, { clienteId: client.id, produtoId: produto.id });
    const before = await hashOf(user.id);
    for (const senha of COMMON) {
      const response = await agent.post('/api/acesso/conta_criar_senha', { senha });
      expect(response.status, senha).toBe(422);
      expect(response.body.errors, senha).toEqual({ senha: [COMMON_PASSWORD_MESSAGE] });
    }
    expect(await hashOf(user.id)).toBe(before);
    expect((await agent.post('/api/acesso/conta_criar_senha', { senha: 'Tr3m-Azul-Lento' })).status).toBe(200);
  });

  it('recuperar_token (the reset link), keeping the link usable', async () => {
    const user = await createUser(t.db);
    const token = randomToken();
    await t.db.insert(glUsuarioSenhaToken).values({
      gl_usuario_id: user.id,
      token_hash: hashToken(token),
      datahora_expira: new Date(Date.now() + 3600_000),
    });
    const agent = new ApiAgent(t.app);
    for (const senha of COMMON) {
      const response = await agent.post('/api/acesso/recuperar_token', { token, senha });
      expect(response.status, senha).toBe(422);
      expect(response.body.errors, senha).toEqual({ senha: [COMMON_PASSWORD_MESSAGE] });
    }
    expect(await verifyPassword(await hashOf(user.id), 'demo1234')).toBe(true);
    expect((await agent.post('/api/acesso/recuperar_token', { token, senha: 'Tr3m-Azul-Lento' })).status).toBe(200);
  });

  it('Meus dados senha_update', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    for (const senha_nova of COMMON) {
      const response = await agent.post('/api/gl_usuario/me/senha_update', { senha_atual: 'demo1234', senha_nova });
      expect(response.status, senha_nova).toBe(422);
      expect(response.body.errors, senha_nova).toEqual({ senha_nova: [COMMON_PASSWORD_MESSAGE] });
    }
    expect(await verifyPassword(await hashOf(user.id), 'demo1234')).toBe(true);
    // The §5 length rule is unchanged and comes first.
    const short = await agent.post('/api/gl_usuario/me/senha_update', { senha_atual: 'demo1234', senha_nova: '12345' });
    expect(short.body.errors).toEqual({ senha_nova: [PASSWORD_LENGTH_MESSAGE] });
    expect((await agent.post('/api/gl_usuario/me/senha_update', { senha_atual: 'demo1234', senha_nova: 'Tr3m-Azul-Lento' })).status).toBe(200);
  });
});
