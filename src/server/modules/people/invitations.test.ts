import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_LENGTH_MESSAGE, REQUIRED_MESSAGE } from '#shared/fields';
import { LEGAL_DOCUMENTS } from '#shared/legal';
import { TERMS_REQUIRED_MESSAGE } from '#shared/schemas/account';
import type { LoginInfo } from '#shared/schemas/auth';
import { PEOPLE_MESSAGES, type InvitationViewDto, type PeopleDto } from '#shared/schemas/people';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createContract,
  createProduct,
  createUser,
  linkUserToClient,
  signedInAgent,
  uniqueEmail,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { verifyPassword } from '../../platform/crypto/password.ts';
import {
  glAuditoria,
  glClienteConvite,
  glClienteUsuario,
  glEmailSaida,
  glPlano,
  glProduto,
  glUsuario,
  glUsuarioTermoAceite,
} from '../../platform/db/schema.ts';

/**
 * The invitation link's side (issue 41 item 3, decision 114): GET /api/convite/{token}, the
 * sign-up through it (conta_criar) and the acceptance by someone signed in (aceitar).
 */
let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  // The races send hundreds of requests from one address within a minute.
  t = await createTestApp({ env: { PROVIDER_NAME: 'Exemplo Sistemas', RATE_LIMIT_MAX: '100000' } });
  produto = await createProduct(t.db, { nome: 'Sistema de Teste' });
});
afterAll(() => t.close());

let counter = 0;
/** A browser of its own address (failed sign-ins count per address, decision 010). */
const browser = () =>
  new ApiAgent(t.app, { remoteAddress: `10.42.${Math.floor(++counter / 250)}.${counter % 250}` });

/** A client with a manager signed in there; `limit`: an active contract on a plan of that many users. */
async function world(options: { limit?: number } = {}) {
  const cliente = await createClient(t.db, { razao_social: `Oficina ${++counter} Ltda` });
  let plano: { id: number } | null = null;
  if (options.limit !== undefined) {
    plano = (await createContract(t.db, cliente.id, produto.id)).plano;
    await t.db.update(glPlano).set({ usuario_qtde: options.limit }).where(eq(glPlano.id, plano.id));
  }
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const agent = await signedInAgent(t, manager.id, {
    clienteId: cliente.id,
    produtoId: produto.id,
  });
  return { cliente, plano, manager, agent };
}

type World = Awaited<ReturnType<typeof world>>;

/** The manager invites an address; answers the link's token, read from the e-mail. */
async function invite(w: World, email: string, nivel = 20): Promise<string> {
  const answer = await w.agent.post<PeopleDto>(`/api/gl_cliente/${w.cliente.id}/convites`, {
    email,
    nivel,
  });
  if (answer.status !== 200)
    throw new Error(`invitation refused: ${answer.status} ${answer.body.message}`);
  return invitationToken(email);
}

async function invitationToken(email: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(glEmailSaida)
    .where(
      and(
        eq(glEmailSaida.destinatario, email.toLowerCase()),
        like(glEmailSaida.assunto, 'Convite para a conta%'),
      ),
    )
    .orderBy(sql`${glEmailSaida.id} desc`)
    .limit(1);
  const prefix = `${t.config.publicUrl}/convite/`;
  const line = (mail?.corpo_texto ?? '').split('\n').find((text) => text.startsWith(prefix));
  if (!line) throw new Error(`no invitation link e-mailed to ${email}`);
  return line.slice(prefix.length).trim();
}

const view = (agent: ApiAgent, token: string) =>
  agent.get<InvitationViewDto>(`/api/convite/${token}`);
const signUp = (agent: ApiAgent, token: string, overrides: Record<string, unknown> = {}) =>
  agent.post<LoginInfo>(`/api/convite/${token}/conta_criar`, {
    nome: 'Joana Prado',
    telefone_celular: '(11) 98765-4321',
    senha: 'Tr3m-Azul-Lento',
    termos: true,
    ...overrides,
  });
const accept = (agent: ApiAgent, token: string) =>
  agent.post<LoginInfo>(`/api/convite/${token}/aceitar`);

type SessionView = {
  usuario: { id: number } | null;
  cliente: { id: number } | null;
  clienteUsuario_nivel: number | null;
};
const session = async (agent: ApiAgent) =>
  (await agent.get<SessionView>('/api/sessao/web')).body.data;

const usersWithEmail = (email: string) =>
  t.db
    .select()
    .from(glUsuario)
    .where(sql`lower(${glUsuario.email}) = ${email.toLowerCase()}`);
const linksOf = (clienteId: number) =>
  t.db
    .select()
    .from(glClienteUsuario)
    .where(eq(glClienteUsuario.gl_cliente_id, clienteId))
    .orderBy(asc(glClienteUsuario.id));
const invitationsOf = (clienteId: number) =>
  t.db
    .select()
    .from(glClienteConvite)
    .where(eq(glClienteConvite.gl_cliente_id, clienteId))
    .orderBy(asc(glClienteConvite.id));
const openInvitationsOf = (clienteId: number) =>
  t.db
    .select()
    .from(glClienteConvite)
    .where(
      and(
        eq(glClienteConvite.gl_cliente_id, clienteId),
        isNull(glClienteConvite.datahora_aceito),
        isNull(glClienteConvite.datahora_cancelado),
      ),
    );
const acceptedAuditOf = (conviteIds: number[]) =>
  t.db
    .select()
    .from(glAuditoria)
    .where(
      and(
        eq(glAuditoria.acao, 'convite_aceito'),
        inArray(glAuditoria.recurso_id, conviteIds.map(String)),
      ),
    )
    .orderBy(asc(glAuditoria.id));

const expectInvalid = (answer: {
  status: number;
  body: { code?: string | null; message: string | null };
}) => {
  expect(answer.status).toBe(404);
  expect(answer.body.code).toBe('invitation_invalid');
  expect(answer.body.message).toBe(PEOPLE_MESSAGES.invitationInvalid);
};

describe('GET /api/convite/{token}', () => {
  it('shows the account, the level, whether the e-mail has an account and who is signed in here', async () => {
    const w = await world();
    const email = uniqueEmail('convidado');
    const token = await invite(w, email, 13);
    const [row] = await invitationsOf(w.cliente.id);
    const anonymous = await view(browser(), token);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.body.data).toEqual({
      email,
      nivel: 13,
      razao_social: w.cliente.razao_social,
      convidado_por: w.manager.nome,
      expira_em: row!.expira_em.toISOString(),
      gl_produto_id: produto.id,
      conta_existe: false,
      sessao_email: null,
    });
    // Someone signed in in this browser is named, to offer the right step.
    expect((await view(w.agent, token)).body.data).toMatchObject({
      conta_existe: false,
      sessao_email: w.manager.email,
    });

    // An address with a portal account (whatever its case).
    const existing = await createUser(t.db, { email: uniqueEmail('Ja.Tem.Conta') });
    const other = await invite(w, existing.email.toLowerCase(), 20);
    expect((await view(browser(), other)).body.data).toMatchObject({
      email: existing.email.toLowerCase(),
      conta_existe: true,
    });
  });

  it('one answer for a token unknown, cancelled, used or expired', async () => {
    const w = await world();
    expectInvalid(await view(browser(), 'x'.repeat(43)));

    const expired = await invite(w, uniqueEmail('convidado'));
    await t.db
      .update(glClienteConvite)
      .set({ expira_em: new Date(Date.now() - 1000) })
      .where(eq(glClienteConvite.gl_cliente_id, w.cliente.id));
    expectInvalid(await view(browser(), expired));
    expectInvalid(await signUp(browser(), expired));
    const invitee = await createUser(t.db, { email: uniqueEmail('convidado') });
    const used = await invite(w, invitee.email);
    await t.db
      .update(glClienteConvite)
      .set({ expira_em: new Date(Date.now() - 1000) })
      .where(eq(glClienteConvite.email, invitee.email));
    expectInvalid(await accept(await signedInAgent(t, invitee.id), used));
    // Nothing came of them.
    expect(await linksOf(w.cliente.id)).toHaveLength(1);
    expect(await usersWithEmail('joana.prado@teste.com.br')).toEqual([]);
  });
});

describe('POST /api/convite/{token}/conta_criar', () => {
  it('creates the account with the invited e-mail, links it at the invited level and signs in', async () => {
    const w = await world();
    const email = uniqueEmail('convidado');
    const token = await invite(w, email, 13);
    const [row] = await invitationsOf(w.cliente.id);
    const agent = browser();
    const before = Date.now();
    const answer = await signUp(agent, token);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.message).toBe(PEOPLE_MESSAGES.accepted(w.cliente.razao_social));
    const [user, ...others] = await usersWithEmail(email);
    expect(others).toEqual([]);
    expect(user).toMatchObject({
      nome: 'Joana Prado',
      email,
      telefone_celular: '11987654321',
      senha_revalidar: false,
      ativo: true,
      nivel: null,
    });
    expect(await verifyPassword(user!.senha_hash, 'Tr3m-Azul-Lento')).toBe(true);
    expect(answer.body.data).toMatchObject({
      ok: true,
      senha_revalidar: false,
      usuario: { id: user!.id, email },
      produto: { id: produto.id },
      cliente: { id: w.cliente.id, razao_social: w.cliente.razao_social },
      clienteUsuario_nivel: 13,
    });

    expect((await linksOf(w.cliente.id)).map((link) => [link.gl_usuario_id, link.nivel])).toEqual([
      [w.manager.id, 10],
      [user!.id, 13],
    ]);
    const consent = await t.db
      .select()
      .from(glUsuarioTermoAceite)
      .where(eq(glUsuarioTermoAceite.gl_usuario_id, user!.id));
    expect(consent.map((entry) => [entry.documento, entry.versao]).sort()).toEqual([
      ['politica_privacidade', LEGAL_DOCUMENTS.politica_privacidade.versao],
      ['termos_uso', LEGAL_DOCUMENTS.termos_uso.versao],
    ]);
    for (const entry of consent)
      expect(entry.datahora_aceite.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [used] = await invitationsOf(w.cliente.id);
    expect(used).toMatchObject({ aceito_por: user!.id, datahora_cancelado: null });
    expect(used?.datahora_aceito).toBeInstanceOf(Date);
    expect(await acceptedAuditOf([row!.id])).toMatchObject([
      {
        gl_usuario_id: user!.id,
        recurso: 'gl_cliente_convite',
        detalhes: { gl_cliente_id: w.cliente.id, nivel: 13 },
      },
    ]);

    // Signed in, in the account.
    expect(await session(agent)).toMatchObject({
      usuario: { id: user!.id },
      cliente: { id: w.cliente.id },
      clienteUsuario_nivel: 13,
    });
    expect(
      (await agent.get<PeopleDto>(`/api/gl_cliente/${w.cliente.id}/pessoas`)).body.data,
    ).toMatchObject({ meu_nivel: 13 });
    const people = await w.agent.get<PeopleDto>(`/api/gl_cliente/${w.cliente.id}/pessoas`);
    expect(people.body.data.convites).toEqual([]);
    expect(people.body.data.pessoas.map((person) => [person.email, person.nivel])).toEqual([
      [w.manager.email, 10],
      [email, 13],
    ]);

    // The link worked once.
    expectInvalid(await view(browser(), token));
    expectInvalid(await signUp(browser(), token, { nome: 'Outra Pessoa' }));
    expect(await usersWithEmail(email)).toHaveLength(1);

    // The password chosen signs in.
    const login = await browser().post<LoginInfo>('/api/acesso/login', {
      email,
      senha: 'Tr3m-Azul-Lento',
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({
      usuario: { id: user!.id },
      cliente: { id: w.cliente.id },
      senha_revalidar: false,
    });
  });

  it('a common password or field errors change nothing, and the link keeps working', async () => {
    const w = await world();
    const email = uniqueEmail('convidado');
    const token = await invite(w, email);
    const common = await signUp(browser(), token, { senha: 'Senha123' });
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual({ senha: [COMMON_PASSWORD_MESSAGE] });
    const fields = await signUp(browser(), token, {
      nome: '  ',
      telefone_celular: '1234',
      senha: '123',
      termos: false,
    });
    expect(fields.status).toBe(422);
    expect(fields.body.errors).toEqual({
      nome: [REQUIRED_MESSAGE],
      telefone_celular: [expect.any(String)],
      senha: [PASSWORD_LENGTH_MESSAGE],
      termos: [TERMS_REQUIRED_MESSAGE],
    });
    expect(await usersWithEmail(email)).toEqual([]);
    expect(await linksOf(w.cliente.id)).toHaveLength(1);
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(1);
    expect((await view(browser(), token)).status).toBe(200);
    expect((await signUp(browser(), token)).status).toBe(200);
  });

  it('an e-mail that already has an account is told to sign in and accept; the link stays usable', async () => {
    const w = await world();
    const existing = await createUser(t.db, { email: uniqueEmail('convidado') });
    const token = await invite(w, existing.email);
    const answer = await signUp(browser(), token);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('account_exists');
    expect(answer.body.message).toBe(PEOPLE_MESSAGES.accountExists);
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
    expect(await linksOf(w.cliente.id)).toHaveLength(1);
    expect((await accept(await signedInAgent(t, existing.id), token)).status).toBe(200);
  });
});

describe('POST /api/convite/{token}/aceitar', () => {
  it('the invited person, signed in, joins at the invited level and the session moves to the account', async () => {
    const w = await world();
    // Signed in to an account of their own; the address stored in another case.
    const email = uniqueEmail('Maria.Souza');
    const invitee = await createUser(t.db, { email });
    const own = await createClient(t.db);
    await linkUserToClient(t.db, invitee.id, own.id, 10);
    const agent = await signedInAgent(t, invitee.id, { clienteId: own.id, produtoId: produto.id });
    expect((await session(agent)).cliente?.id).toBe(own.id);

    const token = await invite(w, email.toLowerCase(), 13);
    const [row] = await invitationsOf(w.cliente.id);
    expect((await view(agent, token)).body.data).toMatchObject({
      conta_existe: true,
      sessao_email: email,
    });
    const answer = await accept(agent, token);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.message).toBe(PEOPLE_MESSAGES.accepted(w.cliente.razao_social));
    expect(answer.body.data).toMatchObject({
      usuario: { id: invitee.id },
      produto: { id: produto.id },
      cliente: { id: w.cliente.id },
      clienteUsuario_nivel: 13,
    });
    expect(answer.body.data.clientes.map((link) => link.cliente.id).sort()).toEqual(
      [own.id, w.cliente.id].sort(),
    );
    expect(await session(agent)).toMatchObject({
      usuario: { id: invitee.id },
      cliente: { id: w.cliente.id },
      clienteUsuario_nivel: 13,
    });
    expect((await linksOf(w.cliente.id)).map((link) => [link.gl_usuario_id, link.nivel])).toEqual([
      [w.manager.id, 10],
      [invitee.id, 13],
    ]);
    expect((await invitationsOf(w.cliente.id))[0]).toMatchObject({ aceito_por: invitee.id });
    expect(await acceptedAuditOf([row!.id])).toMatchObject([
      { gl_usuario_id: invitee.id, detalhes: { gl_cliente_id: w.cliente.id, nivel: 13 } },
    ]);
    // No new user.
    expect(await usersWithEmail(email)).toHaveLength(1);

    const again = await accept(agent, token);
    expectInvalid(again);
    expect(await acceptedAuditOf([row!.id])).toHaveLength(1);
  });

  it('someone signed in with another e-mail is refused, and the invitation stays usable', async () => {
    const w = await world();
    const invitee = await createUser(t.db, { email: uniqueEmail('convidado') });
    const token = await invite(w, invitee.email, 20);
    const other = await createUser(t.db);
    const otherAgent = await signedInAgent(t, other.id, { produtoId: produto.id });
    const refused = await accept(otherAgent, token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('invitation_other_email');
    expect(refused.body.message).toBe(PEOPLE_MESSAGES.otherEmail(invitee.email));
    // The manager who sent it, too.
    expect((await accept(w.agent, token)).status).toBe(403);
    expect((await accept(browser(), token)).status).toBe(401);
    expect(await linksOf(w.cliente.id)).toHaveLength(1);
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(1);
    expect((await session(otherAgent)).cliente).toBeNull();

    expect((await accept(await signedInAgent(t, invitee.id), token)).status).toBe(200);
    expect((await linksOf(w.cliente.id)).map((link) => link.gl_usuario_id)).toEqual([
      w.manager.id,
      invitee.id,
    ]);
  });

  it('someone who is in the account already keeps their level', async () => {
    const w = await world();
    const invitee = await createUser(t.db, { email: uniqueEmail('convidado') });
    const token = await invite(w, invitee.email, 10);
    // Linked meanwhile by other means (staff).
    await linkUserToClient(t.db, invitee.id, w.cliente.id, 20);
    const agent = await signedInAgent(t, invitee.id, { produtoId: produto.id });
    const answer = await accept(agent, token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      cliente: { id: w.cliente.id },
      clienteUsuario_nivel: 20,
    });
    expect((await linksOf(w.cliente.id)).map((link) => [link.gl_usuario_id, link.nivel])).toEqual([
      [w.manager.id, 10],
      [invitee.id, 20],
    ]);
    expect(await openInvitationsOf(w.cliente.id)).toEqual([]);
    const [invitation] = await invitationsOf(w.cliente.id);
    const [audit] = await acceptedAuditOf([invitation!.id]);
    // The trail says the level was kept, not the invited one.
    expect(audit?.detalhes).toEqual({ gl_cliente_id: w.cliente.id, ja_fazia_parte: true });
  });

  it("counts the plan's limit again: a full account refuses (409) and the invitation stays usable", async () => {
    const w = await world({ limit: 2 });
    const invitee = await createUser(t.db, { email: uniqueEmail('convidado') });
    const token = await invite(w, invitee.email);
    const newcomer = uniqueEmail('convidado');
    // The plan shrank meanwhile to the one person there.
    await t.db.update(glPlano).set({ usuario_qtde: 1 }).where(eq(glPlano.id, w.plano!.id));

    const agent = await signedInAgent(t, invitee.id, { produtoId: produto.id });
    const full = await accept(agent, token);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('user_limit');
    expect(full.body.message).toBe(PEOPLE_MESSAGES.userLimitAtAccept);
    expect(await linksOf(w.cliente.id)).toHaveLength(1);
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(1);
    expect(await acceptedAuditOf((await invitationsOf(w.cliente.id)).map((row) => row.id))).toEqual(
      [],
    );
    expect((await session(agent)).cliente).toBeNull();

    // The sign-up through a link is refused the same way, creating no account.
    await t.db.update(glPlano).set({ usuario_qtde: 3 }).where(eq(glPlano.id, w.plano!.id));
    const second = await invite(w, newcomer);
    await t.db.update(glPlano).set({ usuario_qtde: 1 }).where(eq(glPlano.id, w.plano!.id));
    const refused = await signUp(browser(), second);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('user_limit');
    expect(await usersWithEmail(newcomer)).toEqual([]);
    expect((await view(browser(), second)).status).toBe(200);

    // Room again: both links work.
    await t.db.update(glPlano).set({ usuario_qtde: 3 }).where(eq(glPlano.id, w.plano!.id));
    expect((await accept(agent, token)).status).toBe(200);
    expect((await signUp(browser(), second)).status).toBe(200);
    expect(await linksOf(w.cliente.id)).toHaveLength(3);
  });
});

describe('the product the link lands in', () => {
  it("is the inviter's; product 1 (§9) when the invitation named none or the inviter's is no longer active", async () => {
    const w = await world();
    const first = (await signUp(browser(), await invite(w, uniqueEmail('convidado')))).body.data;
    expect(first.produto.id).toBe(produto.id);

    // Invited from a session without a product (an admin's client selection, say).
    const noProduct = await signedInAgent(t, w.manager.id, { clienteId: w.cliente.id });
    const answer = await noProduct.post(`/api/gl_cliente/${w.cliente.id}/convites`, { email: uniqueEmail('sem.produto'), nivel: 20 });
    expect(answer.status).toBe(200);
    const [withoutProduct] = (await invitationsOf(w.cliente.id)).filter((row) => row.gl_produto_id === null);
    expect(withoutProduct).toBeDefined();
    const second = await signUp(browser(), await invitationToken(withoutProduct!.email));
    expect(second.status).toBe(200);
    expect(second.body.data.produto.id).toBe(1);

    // The inviter's product was switched off after the invitation.
    const other = await createProduct(t.db, { nome: 'Sistema Antigo' });
    const fromOther = await signedInAgent(t, w.manager.id, { clienteId: w.cliente.id, produtoId: other.id });
    const email = uniqueEmail('produto.inativo');
    expect((await fromOther.post(`/api/gl_cliente/${w.cliente.id}/convites`, { email, nivel: 20 })).status).toBe(200);
    await t.db.update(glProduto).set({ ativo: false }).where(eq(glProduto.id, other.id));
    const third = await signUp(browser(), await invitationToken(email));
    expect(third.status).toBe(200);
    expect(third.body.data.produto.id).toBe(1);
  });
});

describe('at once (PostgreSQL: PGlite runs one query at a time)', () => {
  it('50 sign-ups through one link: one account, one link, one acceptance', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const w = await world();
    const email = uniqueEmail('corrida');
    const token = await invite(w, email, 13);
    const [row] = await invitationsOf(w.cliente.id);
    const agents = Array.from({ length: 50 }, browser);
    await Promise.all(agents.map((agent) => agent.get('/api/sessao/web')));
    const answers = await Promise.all(
      agents.map((agent, index) => signUp(agent, token, { nome: `Pessoa ${index}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(
      statuses
        .filter((status) => status !== 200)
        .every((status) => status === 404 || status === 409),
    ).toBe(true);
    const users = await usersWithEmail(email);
    expect(users).toHaveLength(1);
    const winner = answers.findIndex((answer) => answer.status === 200);
    expect(users[0]?.nome).toBe(`Pessoa ${winner}`);
    expect((await linksOf(w.cliente.id)).map((link) => [link.gl_usuario_id, link.nivel])).toEqual([
      [w.manager.id, 10],
      [users[0]!.id, 13],
    ]);
    expect(await acceptedAuditOf([row!.id])).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(glUsuarioTermoAceite)
        .where(eq(glUsuarioTermoAceite.gl_usuario_id, users[0]!.id)),
    ).toHaveLength(2);
  });

  it('50 acceptances by the invited person at once: one link', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const w = await world();
    const invitee = await createUser(t.db, { email: uniqueEmail('corrida') });
    const token = await invite(w, invitee.email, 13);
    const [row] = await invitationsOf(w.cliente.id);
    const agent = await signedInAgent(t, invitee.id, { produtoId: produto.id });
    await agent.get('/api/sessao/web');
    const answers = await Promise.all(Array.from({ length: 50 }, () => accept(agent, token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      answers.filter(
        (answer) => answer.status === 404 && answer.body.code === 'invitation_invalid',
      ),
    ).toHaveLength(49);
    expect((await linksOf(w.cliente.id)).map((link) => link.gl_usuario_id)).toEqual([
      w.manager.id,
      invitee.id,
    ]);
    expect(await acceptedAuditOf([row!.id])).toHaveLength(1);
  });

  it('10 acceptances at once on a plan of 3 users with one person: exactly 3 people in the end', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const w = await world({ limit: 11 });
    const invitees = [];
    for (let index = 0; index < 10; index++) {
      const person = await createUser(t.db, { email: uniqueEmail('limite') });
      const token = await invite(w, person.email);
      const agent = await signedInAgent(t, person.id, { produtoId: produto.id });
      await agent.get('/api/sessao/web');
      invitees.push({ person, token, agent });
    }
    await t.db.update(glPlano).set({ usuario_qtde: 3 }).where(eq(glPlano.id, w.plano!.id));
    const answers = await Promise.all(invitees.map(({ agent, token }) => accept(agent, token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(8);
    expect(
      refused.every((answer) => answer.status === 409 && answer.body.code === 'user_limit'),
    ).toBe(true);
    expect(await linksOf(w.cliente.id)).toHaveLength(3);
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(8);
  });

  it('10 sign-ups at once on a plan of 3 users with one person: exactly 3 people, no account for the refused', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const w = await world({ limit: 11 });
    const invitees = [];
    for (let index = 0; index < 10; index++) {
      const email = uniqueEmail('limite');
      const agent = browser();
      await agent.get('/api/sessao/web');
      invitees.push({ email, token: await invite(w, email), agent });
    }
    await t.db.update(glPlano).set({ usuario_qtde: 3 }).where(eq(glPlano.id, w.plano!.id));
    const answers = await Promise.all(invitees.map(({ agent, token }) => signUp(agent, token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(
      answers.filter((answer) => answer.status === 409 && answer.body.code === 'user_limit'),
    ).toHaveLength(8);
    expect(await linksOf(w.cliente.id)).toHaveLength(3);
    const created = await t.db
      .select()
      .from(glUsuario)
      .where(
        inArray(
          glUsuario.email,
          invitees.map(({ email }) => email),
        ),
      );
    expect(created).toHaveLength(2);
  });
});
