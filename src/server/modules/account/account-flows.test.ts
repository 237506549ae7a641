import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInfo } from '#shared/schemas/auth';
import { TERMS_REQUIRED_MESSAGE } from '#shared/schemas/account';
import { CONTA_MESSAGES } from '#shared/messages';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createUser,
  linkUserToClient,
  randomCnpj,
  randomCpf,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { verifyPassword } from '../../platform/crypto/password.ts';
import { glCliente, glClienteUsuario, glUsuario, glUsuarioTermoAceite } from '../../platform/db/schema.ts';

let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  produto = await createProduct(t.db, { nome: 'Sistema Contas' });
});
afterAll(() => t.close());

const userRow = async (id: number) =>
  (await t.db.select().from(glUsuario).where(eq(glUsuario.id, id)))[0];
const clientByDocument = async (cpfcnpj: string) =>
  (await t.db.select().from(glCliente).where(eq(glCliente.cpfcnpj, cpfcnpj)))[0];

describe('POST /api/acesso/conta_criar_logado', () => {
  const create = (agent: ApiAgent, body: Record<string, unknown>) =>
    agent.post<LoginInfo>('/api/acesso/conta_criar_logado', {
      nome: 'Loja da Rua',
      cpfcnpj: randomCpf(),
      empresa_nome: null,
      gl_produto_id: produto.id,
      termos: true,
      ...body,
    });

  it('answers 401 to an anonymous visitor, writing nothing', async () => {
    const cpfcnpj = randomCpf();
    const response = await create(new ApiAgent(t.app), { cpfcnpj });
    expect(response.status).toBe(401);
    expect(await clientByDocument(cpfcnpj)).toBeUndefined();
  });

  it('creates a client managed by the user, selects it and answers the login info', async () => {
    const user = await createUser(t.db);
    const existing = await createClient(t.db);
    await linkUserToClient(t.db, user.id, existing.id, 20);
    const agent = await signedInAgent(t, user.id, { clienteId: existing.id, produtoId: produto.id });
    const cpfcnpj = randomCnpj();
    const response = await create(agent, { cpfcnpj, empresa_nome: 'Rua Nova Comércio Ltda' });
    expect(response.status).toBe(200);
    const client = await clientByDocument(cpfcnpj);
    expect(client).toMatchObject({ tipo_pessoa: 2, razao_social: 'Rua Nova Comércio Ltda' });
    const info = response.body.data;
    expect(info.cliente?.id).toBe(client!.id);
    expect(info.clienteUsuario_nivel).toBe(10);
    expect(info.contrato_ultimo).toBeNull();
    expect(info.clientes.map((link) => link.cliente.id).sort()).toEqual(
      [existing.id, client!.id].sort(),
    );
    const session = await agent.get<{ cliente: { id: number } | null }>('/api/sessao/web');
    expect(session.body.data.cliente?.id).toBe(client!.id);
    expect(
      await t.db.select().from(glUsuarioTermoAceite).where(eq(glUsuarioTermoAceite.gl_usuario_id, user.id)),
    ).toHaveLength(2);
  });

  it('refuses a taken document, a CNPJ without company name and unaccepted terms', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { produtoId: produto.id });
    const taken = await createClient(t.db);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ cpfcnpj: taken.cpfcnpj }, { cpfcnpj: [CONTA_MESSAGES.documentTaken] }],
      [{ cpfcnpj: randomCnpj(), empresa_nome: ' ' }, { empresa_nome: ['Campo obrigatório.'] }],
      [{ termos: false }, { termos: [TERMS_REQUIRED_MESSAGE] }],
      [{ nome: '' }, { nome: ['Campo obrigatório.'] }],
      [{ cpfcnpj: '123' }, { cpfcnpj: ['Digite um CPF ou CNPJ válido'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await create(agent, body);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual(errors);
    }
    const links = await t.db.select().from(glClienteUsuario).where(eq(glClienteUsuario.gl_usuario_id, user.id));
    expect(links).toHaveLength(0);
  });

  it('is refused for a product with inactive-user registration (§2)', async () => {
    const closed = await createProduct(t.db, { cadastro_usuario_inativo: true });
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { produtoId: closed.id });
    const cpfcnpj = randomCpf();
    const response = await create(agent, { gl_produto_id: closed.id, cpfcnpj });
    expect(response.status).toBe(403);
    expect(await clientByDocument(cpfcnpj)).toBeUndefined();
  });

  it('cannot be used to give itself a staff level or another level', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { produtoId: produto.id });
    const cpfcnpj = randomCpf();
    const response = await create(agent, { cpfcnpj, nivel: 1, gl_usuario_id: 1 });
    expect(response.status).toBe(200);
    expect((await userRow(user.id))?.nivel).toBeNull();
    const [link] = await t.db.select().from(glClienteUsuario).where(eq(glClienteUsuario.gl_usuario_id, user.id));
    expect(link?.nivel).toBe(10);
  });
});

describe('POST /api/acesso/conta_criar_senha', () => {
  async function temporaryUser() {
    const user = await createUser(t.db, { senha_revalidar: true });
    const client = await createClient(t.db);
    await linkUserToClient(t.db, user.id, client.id);
    const agent = await signedInAgent(t, user.id, { clienteId: client.id, produtoId: produto.id });
    return { user, client, agent };
  }

  it('answers 401 to an anonymous visitor', async () => {
    const response = await new ApiAgent(t.app).post('/api/acesso/conta_criar_senha', { senha: 'nova-senha' });
    expect(response.status).toBe(401);
  });

  it('replaces the temporary password and answers the login info without senha_revalidar', async () => {
    const { user, client, agent } = await temporaryUser();
    const response = await agent.post<LoginInfo>('/api/acesso/conta_criar_senha', { senha: 'nova-senha' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Senha alterada com sucesso!');
    expect(response.body.data.senha_revalidar).toBe(false);
    expect(response.body.data.cliente?.id).toBe(client.id);
    const row = await userRow(user.id);
    expect(row?.senha_revalidar).toBe(false);
    expect(await verifyPassword(row!.senha_hash, 'nova-senha')).toBe(true);
    // Done once: the next call is refused (Meus dados changes a password, with the current one).
    const again = await agent.post('/api/acesso/conta_criar_senha', { senha: 'outra-senha' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CONTA_MESSAGES.passwordAlreadySet);
    expect(await verifyPassword((await userRow(user.id))!.senha_hash, 'nova-senha')).toBe(true);
  });

  it('applies the §5 and §9 limits with their messages', async () => {
    const { user, agent } = await temporaryUser();
    const short = await agent.post('/api/acesso/conta_criar_senha', { senha: '12345' });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ senha: ['senha precisa ter no mínimo de 6 digitos'] });
    const long = await agent.post('/api/acesso/conta_criar_senha', { senha: 'x'.repeat(33) });
    expect(long.body.errors).toEqual({ senha: ['A senha deve ter entre 6 e 32 caracteres.'] });
    const same = await agent.post('/api/acesso/conta_criar_senha', { senha: 'demo1234' });
    expect(same.body.errors).toEqual({ senha: [CONTA_MESSAGES.sameAsTemporary] });
    expect((await userRow(user.id))?.senha_revalidar).toBe(true);
  });

  it('is refused for a user without a temporary password', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id, { produtoId: produto.id });
    const response = await agent.post('/api/acesso/conta_criar_senha', { senha: 'nova-senha' });
    expect(response.status).toBe(409);
    expect(await verifyPassword((await userRow(user.id))!.senha_hash, 'demo1234')).toBe(true);
  });
});
