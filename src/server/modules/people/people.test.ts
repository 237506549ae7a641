import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInfo } from '#shared/schemas/auth';
import { PEOPLE_MESSAGES, type PeopleDto } from '#shared/schemas/people';
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
import {
  glAuditoria,
  glClienteConvite,
  glClienteUsuario,
  glContrato,
  glEmailSaida,
  glPlano,
} from '../../platform/db/schema.ts';
import { hashToken } from '../../platform/session/tokens.ts';
import { INVITATIONS_PER_HOUR } from './service.ts';

/**
 * The account's people (issue 41 item 3, decision 114): the list, invitations, the plan's user
 * limit, level changes and removal, with their e-mails and audit trail. The invitation link's side
 * is in invitations.test.ts.
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

type Member = {
  person: Awaited<ReturnType<typeof createUser>>;
  link: Awaited<ReturnType<typeof linkUserToClient>>;
  agent: ApiAgent;
};

/** Someone linked to the client at a level, signed in there. */
async function member(clienteId: number, nivel: number): Promise<Member> {
  const person = await createUser(t.db);
  const link = await linkUserToClient(t.db, person.id, clienteId, nivel);
  const agent = await signedInAgent(t, person.id, { clienteId, produtoId: produto.id });
  return { person, link, agent };
}

/**
 * A client with a manager, a supervisor and a user (or the levels given), each signed in. `limit`:
 * an active contract on a plan of that many users (null: a plan without limit); none by default.
 */
async function world(options: { levels?: number[]; limit?: number | null } = {}) {
  const cliente = await createClient(t.db, { razao_social: `Padaria ${++counter} Ltda` });
  let plano: { id: number } | null = null;
  if (options.limit !== undefined) {
    plano = (await createContract(t.db, cliente.id, produto.id)).plano;
    await t.db
      .update(glPlano)
      .set(
        options.limit === null
          ? { usuario_ilimitado: true, usuario_qtde: 1 }
          : { usuario_qtde: options.limit },
      )
      .where(eq(glPlano.id, plano.id));
  }
  const members: Member[] = [];
  for (const nivel of options.levels ?? [10, 13, 20]) members.push(await member(cliente.id, nivel));
  return {
    cliente,
    plano,
    members,
    manager: members[0]!,
    supervisor: members[1]!,
    user: members[2]!,
  };
}

const peopleUrl = (clienteId: number) => `/api/gl_cliente/${clienteId}/pessoas`;
const personUrl = (clienteId: number, linkId: number) =>
  `/api/gl_cliente/${clienteId}/pessoas/${linkId}`;
const invitationsUrl = (clienteId: number) => `/api/gl_cliente/${clienteId}/convites`;

const list = (agent: ApiAgent, clienteId: number) => agent.get<PeopleDto>(peopleUrl(clienteId));
const invite = (agent: ApiAgent, clienteId: number, body: Record<string, unknown>) =>
  agent.post<PeopleDto>(invitationsUrl(clienteId), body);
const cancel = (agent: ApiAgent, clienteId: number, conviteId: number) =>
  agent.request<PeopleDto>('DELETE', `${invitationsUrl(clienteId)}/${conviteId}`);
const changeLevel = (agent: ApiAgent, clienteId: number, linkId: number, nivel: unknown) =>
  agent.request<PeopleDto>('PUT', personUrl(clienteId, linkId), { body: { nivel } });
const remove = (agent: ApiAgent, clienteId: number, linkId: number) =>
  agent.request<PeopleDto | null>('DELETE', personUrl(clienteId, linkId));

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
const linksOf = (clienteId: number) =>
  t.db
    .select()
    .from(glClienteUsuario)
    .where(eq(glClienteUsuario.gl_cliente_id, clienteId))
    .orderBy(asc(glClienteUsuario.id));
const mailsTo = (email: string, subjectStart: string) =>
  t.db
    .select()
    .from(glEmailSaida)
    .where(
      and(eq(glEmailSaida.destinatario, email), like(glEmailSaida.assunto, `${subjectStart}%`)),
    )
    .orderBy(asc(glEmailSaida.id));
const invitationMailsTo = (email: string) => mailsTo(email, 'Convite para a conta');
const auditOf = (acao: string, recursoIds: (number | string)[]) =>
  recursoIds.length === 0
    ? Promise.resolve([])
    : t.db
        .select()
        .from(glAuditoria)
        .where(
          and(eq(glAuditoria.acao, acao), inArray(glAuditoria.recurso_id, recursoIds.map(String))),
        )
        .orderBy(asc(glAuditoria.id));

/** The token of the newest invitation e-mailed to an address, as its link shows it. */
async function invitationToken(email: string): Promise<string> {
  const mail = (await invitationMailsTo(email)).at(-1);
  const prefix = `${t.config.publicUrl}/convite/`;
  const line = (mail?.corpo_texto ?? '').split('\n').find((text) => text.startsWith(prefix));
  if (!line) throw new Error(`no invitation link e-mailed to ${email}`);
  return line.slice(prefix.length).trim();
}

describe('GET /api/gl_cliente/{id}/pessoas', () => {
  it('a manager sees each person with level, e-mail, last sign-in and who they are', async () => {
    const w = await world();
    const listed = await list(w.manager.agent, w.cliente.id);
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body.data).toEqual({
      pessoas: [w.manager, w.supervisor, w.user].map(({ person, link }) => ({
        id: link.id,
        gl_usuario_id: person.id,
        nome: person.nome,
        email: person.email,
        nivel: link.nivel,
        // A session made directly is no sign-in: never signed in.
        ultimo_acesso: null,
        eu: person.id === w.manager.person.id,
      })),
      convites: [],
      meu_nivel: 10,
      pode_convidar: true,
      pode_gerenciar: true,
      limite_usuarios: null,
    });

    // A wrong password is no access; a sign-in is.
    const browser = new ApiAgent(t.app, { remoteAddress: '10.41.0.1' });
    const body = { email: w.user.person.email, recaptcha: 'ok', gl_produto_id: produto.id };
    expect((await browser.post('/api/acesso/login', { ...body, senha: 'errada123' })).status).toBe(
      401,
    );
    expect(
      (await list(w.manager.agent, w.cliente.id)).body.data.pessoas[2]?.ultimo_acesso,
    ).toBeNull();
    const before = Date.now();
    const login = await browser.post<LoginInfo>('/api/acesso/login', {
      ...body,
      senha: 'demo1234',
    });
    expect(login.status).toBe(200);
    const after = await list(w.manager.agent, w.cliente.id);
    const seen = after.body.data.pessoas.find(
      (person) => person.gl_usuario_id === w.user.person.id,
    )?.ultimo_acesso;
    expect(seen).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(seen!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(seen!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(after.body.data.pessoas.filter((person) => person.ultimo_acesso !== null)).toHaveLength(
      1,
    );
  });

  it('a supervisor sees the list without managing; a user is refused; a stranger learns nothing', async () => {
    const w = await world({ limit: 5 });
    const seen = await list(w.supervisor.agent, w.cliente.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      meu_nivel: 13,
      pode_convidar: true,
      pode_gerenciar: false,
      limite_usuarios: 5,
    });
    expect(seen.body.data.pessoas.map((person) => [person.id, person.eu])).toEqual([
      [w.manager.link.id, false],
      [w.supervisor.link.id, true],
      [w.user.link.id, false],
    ]);

    const hidden = await list(w.user.agent, w.cliente.id);
    expect(hidden.status).toBe(403);
    expect(hidden.body.code).toBe('people_hidden');
    expect(hidden.body.message).toBe(PEOPLE_MESSAGES.peopleHidden);
    expect(hidden.body.data).toBeNull();

    // No link: 404, staff included (decision 030).
    for (const nivel of [null, 1]) {
      const stranger = await signedInAgent(t, (await createUser(t.db, { nivel })).id);
      const refused = await list(stranger, w.cliente.id);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Cliente não encontrado.');
    }
    expect((await list(w.manager.agent, 987_654_321)).status).toBe(404);
    expect((await list(new ApiAgent(t.app), w.cliente.id)).status).toBe(401);
  });
});

describe('POST /api/gl_cliente/{id}/convites', () => {
  it('e-mails the invitee a single-use link, records it and lists it as pending', async () => {
    const w = await world();
    const email = uniqueEmail('Nova.Pessoa');
    const before = Date.now();
    const answer = await invite(w.manager.agent, w.cliente.id, {
      email: `  ${email.toUpperCase()} `,
      nivel: 13,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(`Convite enviado para ${email.toLowerCase()}.`);
    const [row, ...more] = await invitationsOf(w.cliente.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      email: email.toLowerCase(),
      nivel: 13,
      gl_produto_id: produto.id,
      convidado_por: w.manager.person.id,
      datahora_aceito: null,
      datahora_cancelado: null,
    });
    // Seven days.
    const ttl = row!.expira_em.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    expect(answer.body.data.convites).toEqual([
      {
        id: row!.id,
        email: email.toLowerCase(),
        nivel: 13,
        convidado_por: w.manager.person.nome,
        datahora_criado: row!.datahora_criado.toISOString(),
        expira_em: row!.expira_em.toISOString(),
        expirado: false,
      },
    ]);
    expect(answer.body.data.pessoas).toHaveLength(3);

    const mails = await invitationMailsTo(email.toLowerCase());
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.assunto).toBe(`Convite para a conta ${w.cliente.razao_social} - Exemplo Sistemas`);
    expect(mail.corpo_texto).toContain(
      `${w.manager.person.nome} convidou você para fazer parte da conta ${w.cliente.razao_social}`,
    );
    expect(mail.corpo_texto).toContain('com o nível de acesso Supervisor');
    const token = await invitationToken(email.toLowerCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.corpo_html).toContain(`${t.config.publicUrl}/convite/${token}`);
    // Only the token's hash is kept.
    expect(row!.token_hash).toBe(hashToken(token));
    expect(row!.token_hash).not.toContain(token);
    // The link works.
    const view = await new ApiAgent(t.app).get(`/api/convite/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      email: email.toLowerCase(),
      nivel: 13,
      razao_social: w.cliente.razao_social,
    });

    const [audit, ...moreAudit] = await auditOf('convite_enviado', [row!.id]);
    expect(moreAudit).toEqual([]);
    expect(audit).toMatchObject({
      gl_usuario_id: w.manager.person.id,
      recurso: 'gl_cliente_convite',
      detalhes: { gl_cliente_id: w.cliente.id, nivel: 13 },
    });
  });

  it('a supervisor invites at their level or below, never a manager; a user cannot invite; a stranger learns nothing', async () => {
    const w = await world();
    const manager = uniqueEmail('convidado');
    const above = await invite(w.supervisor.agent, w.cliente.id, { email: manager, nivel: 10 });
    expect(above.status).toBe(422);
    expect(above.body.errors).toEqual({ nivel: [PEOPLE_MESSAGES.levelAboveOwn] });
    expect(await invitationMailsTo(manager)).toEqual([]);
    expect(await invitationsOf(w.cliente.id)).toEqual([]);

    for (const nivel of [13, 20]) {
      const email = uniqueEmail('convidado');
      const made = await invite(w.supervisor.agent, w.cliente.id, { email, nivel });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({ meu_nivel: 13, pode_gerenciar: false });
      expect(await invitationMailsTo(email)).toHaveLength(1);
    }
    expect(
      (await invitationsOf(w.cliente.id)).map((row) => [row.nivel, row.convidado_por]),
    ).toEqual([
      [13, w.supervisor.person.id],
      [20, w.supervisor.person.id],
    ]);

    const refused = await invite(w.user.agent, w.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('cannot_invite');
    expect(refused.body.message).toBe(PEOPLE_MESSAGES.cannotInvite);
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await invite(stranger, w.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 })).status).toBe(
      404,
    );
    expect(
      (await invite(new ApiAgent(t.app), w.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 })).status,
    ).toBe(401);
    expect(await invitationsOf(w.cliente.id)).toHaveLength(2);
  });

  it('field errors for an invalid e-mail or level, and for someone already in the account, change nothing', async () => {
    const w = await world();
    const invalid = await invite(w.manager.agent, w.cliente.id, { email: 'joana@', nivel: 20 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ email: ['Digite um e-mail válido.'] });
    for (const nivel of [5, 11, 'gerente', null]) {
      const level = await invite(w.manager.agent, w.cliente.id, { email: uniqueEmail('convidado'), nivel });
      expect(level.status, String(nivel)).toBe(422);
      expect(level.body.errors, String(nivel)).toEqual({ nivel: [PEOPLE_MESSAGES.levelRequired] });
    }
    // Whatever the case of the address.
    const existing = await invite(w.manager.agent, w.cliente.id, {
      email: w.user.person.email.toUpperCase(),
      nivel: 13,
    });
    expect(existing.status).toBe(422);
    expect(existing.body.errors).toEqual({ email: [PEOPLE_MESSAGES.alreadyMember] });
    expect(await invitationsOf(w.cliente.id)).toEqual([]);
    expect(await invitationMailsTo(w.user.person.email)).toEqual([]);
    expect(await auditOf('convite_enviado', [])).toEqual([]);
  });

  it('inviting the same e-mail again replaces the earlier invitation: its link stops working, the new one works', async () => {
    const w = await world();
    const email = uniqueEmail('convidado');
    expect((await invite(w.manager.agent, w.cliente.id, { email, nivel: 20 })).status).toBe(200);
    const first = await invitationToken(email);
    const again = await invite(w.manager.agent, w.cliente.id, {
      email: email.toUpperCase(),
      nivel: 13,
    });
    expect(again.status).toBe(200);
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    expect(await invitationMailsTo(email)).toHaveLength(2);
    expect(
      again.body.data.convites.map((invitation) => [invitation.email, invitation.nivel]),
    ).toEqual([[email, 13]]);
    const rows = await invitationsOf(w.cliente.id);
    expect(rows.map((row) => [row.nivel, row.datahora_cancelado !== null])).toEqual([
      [20, true],
      [13, false],
    ]);

    const anonymous = new ApiAgent(t.app);
    const old = await anonymous.get(`/api/convite/${first}`);
    expect(old.status).toBe(404);
    expect(old.body.code).toBe('invitation_invalid');
    const current = await anonymous.get(`/api/convite/${second}`);
    expect(current.status).toBe(200);
    expect(current.body.data).toMatchObject({ nivel: 13 });

    // Expired, it is sent again the same way.
    await t.db
      .update(glClienteConvite)
      .set({ expira_em: new Date(Date.now() - 1000) })
      .where(eq(glClienteConvite.gl_cliente_id, w.cliente.id));
    expect((await anonymous.get(`/api/convite/${second}`)).status).toBe(404);
    expect((await invite(w.manager.agent, w.cliente.id, { email, nivel: 20 })).status).toBe(200);
    const third = await invitationToken(email);
    expect((await anonymous.get(`/api/convite/${third}`)).body.data).toMatchObject({ nivel: 20 });
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(1);
  });

  it('an invitation is cancelled by the account’s staff: its link stops working and the trail records it', async () => {
    const w = await world();
    const email = uniqueEmail('convidado');
    await invite(w.manager.agent, w.cliente.id, { email, nivel: 20 });
    const token = await invitationToken(email);
    const [row] = await invitationsOf(w.cliente.id);

    const refused = await cancel(w.user.agent, w.cliente.id, row!.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('cannot_invite');
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await cancel(stranger, w.cliente.id, row!.id)).status).toBe(404);
    // Through another account of the caller's: not there.
    const other = await createClient(t.db);
    await linkUserToClient(t.db, w.manager.person.id, other.id, 10);
    const elsewhere = await cancel(w.manager.agent, other.id, row!.id);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('invitation_not_found');
    expect((await new ApiAgent(t.app).get(`/api/convite/${token}`)).status).toBe(200);

    const cancelled = await cancel(w.supervisor.agent, w.cliente.id, row!.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(PEOPLE_MESSAGES.invitationCancelled);
    expect(cancelled.body.data.convites).toEqual([]);
    expect((await invitationsOf(w.cliente.id))[0]?.datahora_cancelado).toBeInstanceOf(Date);
    const link = await new ApiAgent(t.app).get(`/api/convite/${token}`);
    expect(link.status).toBe(404);
    expect(link.body.code).toBe('invitation_invalid');
    expect(await auditOf('convite_cancelado', [row!.id])).toMatchObject([
      {
        gl_usuario_id: w.supervisor.person.id,
        recurso: 'gl_cliente_convite',
        detalhes: { gl_cliente_id: w.cliente.id },
      },
    ]);

    const twice = await cancel(w.manager.agent, w.cliente.id, row!.id);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(PEOPLE_MESSAGES.invitationNotFound);
    expect(await auditOf('convite_cancelado', [row!.id])).toHaveLength(1);
  });
});

describe('the hourly cap on invitations', () => {
  it(`an account sends at most ${INVITATIONS_PER_HOUR} invitations an hour: the next is refused and changes nothing`, async () => {
    const w = await world({ levels: [10] });
    const emails = Array.from({ length: INVITATIONS_PER_HOUR + 1 }, () => uniqueEmail('limite'));
    for (const email of emails.slice(0, INVITATIONS_PER_HOUR)) {
      expect((await invite(w.manager.agent, w.cliente.id, { email, nivel: 20 })).status).toBe(200);
    }
    const refused = await invite(w.manager.agent, w.cliente.id, { email: emails[INVITATIONS_PER_HOUR], nivel: 20 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(PEOPLE_MESSAGES.invitationsPerHour(INVITATIONS_PER_HOUR));
    expect(await invitationsOf(w.cliente.id)).toHaveLength(INVITATIONS_PER_HOUR);
    const mails = await t.db.select().from(glEmailSaida).where(inArray(glEmailSaida.destinatario, emails));
    expect(mails).toHaveLength(INVITATIONS_PER_HOUR);

    // Sending the same invitation again counts too: it e-mails the address once more.
    const other = await world({ levels: [10] });
    const again = uniqueEmail('de-novo');
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      expect((await invite(other.manager.agent, other.cliente.id, { email: again, nivel: 20 })).status).toBe(200);
    }
    expect((await invite(other.manager.agent, other.cliente.id, { email: again, nivel: 20 })).status).toBe(429);

    // An hour later the account may invite again.
    await t.db
      .update(glClienteConvite)
      .set({ datahora_criado: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(glClienteConvite.gl_cliente_id, w.cliente.id));
    expect((await invite(w.manager.agent, w.cliente.id, { email: emails[INVITATIONS_PER_HOUR], nivel: 20 })).status).toBe(200);
  });
});

describe("the plan's user limit", () => {
  it('counts the people and the open invitations: cancelling one, or its expiry, frees the place', async () => {
    const w = await world({ levels: [10], limit: 2 });
    expect((await list(w.manager.agent, w.cliente.id)).body.data.limite_usuarios).toBe(2);
    const first = uniqueEmail('convidado');
    expect((await invite(w.manager.agent, w.cliente.id, { email: first, nivel: 20 })).status).toBe(
      200,
    );

    const second = uniqueEmail('convidado');
    const full = await invite(w.manager.agent, w.cliente.id, { email: second, nivel: 20 });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('user_limit');
    expect(full.body.message).toBe(PEOPLE_MESSAGES.userLimit(2));
    expect(await invitationMailsTo(second)).toEqual([]);
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(1);

    // Sent again to the same address, it takes its own place.
    expect((await invite(w.manager.agent, w.cliente.id, { email: first, nivel: 13 })).status).toBe(
      200,
    );
    const [open] = await openInvitationsOf(w.cliente.id);
    expect(open).toMatchObject({ email: first, nivel: 13 });

    expect((await cancel(w.manager.agent, w.cliente.id, open!.id)).status).toBe(200);
    expect((await invite(w.manager.agent, w.cliente.id, { email: second, nivel: 20 })).status).toBe(
      200,
    );
    expect(await invitationMailsTo(second)).toHaveLength(1);

    // An expired invitation holds no place (it is still listed, marked, to be sent again).
    await t.db
      .update(glClienteConvite)
      .set({ expira_em: new Date(Date.now() - 60_000) })
      .where(
        and(eq(glClienteConvite.gl_cliente_id, w.cliente.id), eq(glClienteConvite.email, second)),
      );
    const third = uniqueEmail('convidado');
    const made = await invite(w.manager.agent, w.cliente.id, { email: third, nivel: 20 });
    expect(made.status).toBe(200);
    expect(
      made.body.data.convites.map((invitation) => [invitation.email, invitation.expirado]),
    ).toEqual([
      [second, true],
      [third, false],
    ]);
  });

  it('a plan without limit never refuses, nor a client without an active contract; the most generous contract counts', async () => {
    const unlimited = await world({ levels: [10], limit: null });
    expect(
      (await list(unlimited.manager.agent, unlimited.cliente.id)).body.data.limite_usuarios,
    ).toBeNull();
    for (let index = 0; index < 4; index++) {
      expect(
        (
          await invite(unlimited.manager.agent, unlimited.cliente.id, {
            email: uniqueEmail('convidado'),
            nivel: 20,
          })
        ).status,
      ).toBe(200);
    }

    const noContract = await world({ levels: [10] });
    for (let index = 0; index < 3; index++) {
      expect(
        (
          await invite(noContract.manager.agent, noContract.cliente.id, {
            email: uniqueEmail('convidado'),
            nivel: 20,
          })
        ).status,
      ).toBe(200);
    }

    // An ended contract's plan says nothing.
    const ended = await world({ levels: [10], limit: 1 });
    await t.db
      .update(glContrato)
      .set({ ativo: false })
      .where(eq(glContrato.gl_cliente_id, ended.cliente.id));
    expect(
      (await invite(ended.manager.agent, ended.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 }))
        .status,
    ).toBe(200);

    // Two products: the people are shared, the larger plan decides.
    const two = await world({ levels: [10], limit: 1 });
    const other = await createProduct(t.db);
    const { plano } = await createContract(t.db, two.cliente.id, other.id);
    await t.db.update(glPlano).set({ usuario_qtde: 3 }).where(eq(glPlano.id, plano.id));
    expect((await list(two.manager.agent, two.cliente.id)).body.data.limite_usuarios).toBe(3);
    expect(
      (await invite(two.manager.agent, two.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 })).status,
    ).toBe(200);
    expect(
      (await invite(two.manager.agent, two.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 })).status,
    ).toBe(200);
    const full = await invite(two.manager.agent, two.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(PEOPLE_MESSAGES.userLimit(3));
  });
});

describe('PUT /api/gl_cliente/{id}/pessoas/{pessoaId}', () => {
  it('a manager makes a user a supervisor: the person is e-mailed and the trail records before and after', async () => {
    const w = await world();
    expect((await list(w.user.agent, w.cliente.id)).status).toBe(403);
    const changed = await changeLevel(w.manager.agent, w.cliente.id, w.user.link.id, 13);
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(`${w.user.person.nome} agora é Supervisor.`);
    expect(changed.body.data.pessoas.find((person) => person.id === w.user.link.id)?.nivel).toBe(
      13,
    );
    expect((await linksOf(w.cliente.id)).find((link) => link.id === w.user.link.id)?.nivel).toBe(
      13,
    );

    const mails = await mailsTo(w.user.person.email, 'Seu nível de acesso');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.assunto).toBe(
      `Seu nível de acesso em ${w.cliente.razao_social} mudou - Exemplo Sistemas`,
    );
    expect(mails[0]?.corpo_texto).toContain(
      `${w.manager.person.nome} alterou seu nível de acesso na conta ${w.cliente.razao_social} para Supervisor.`,
    );
    expect(await auditOf('nivel_alterado', [w.user.link.id])).toMatchObject([
      {
        gl_usuario_id: w.manager.person.id,
        alvo_usuario_id: w.user.person.id,
        recurso: 'gl_cliente_usuario',
        campos: ['nivel'],
        detalhes: { gl_cliente_id: w.cliente.id, antes: 20, depois: 13 },
      },
    ]);

    // The person's session follows at once.
    expect(
      (await w.user.agent.get<{ clienteUsuario_nivel: number }>('/api/sessao/web')).body.data
        .clienteUsuario_nivel,
    ).toBe(13);
    expect((await list(w.user.agent, w.cliente.id)).status).toBe(200);

    // The same level again changes nothing, e-mails nothing and records nothing.
    expect((await changeLevel(w.manager.agent, w.cliente.id, w.user.link.id, 13)).status).toBe(200);
    expect(await mailsTo(w.user.person.email, 'Seu nível de acesso')).toHaveLength(1);
    expect(await auditOf('nivel_alterado', [w.user.link.id])).toHaveLength(1);
  });

  it('only managers change levels; a stranger learns nothing; an invalid level or someone of another account is refused', async () => {
    const w = await world();
    for (const caller of [w.supervisor, w.user]) {
      const refused = await changeLevel(caller.agent, w.cliente.id, w.user.link.id, 13);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('manager_only');
      expect(refused.body.message).toBe(PEOPLE_MESSAGES.managerOnly);
    }
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await changeLevel(stranger, w.cliente.id, w.user.link.id, 10)).status).toBe(404);
    const invalid = await changeLevel(w.manager.agent, w.cliente.id, w.user.link.id, 15);
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ nivel: [PEOPLE_MESSAGES.levelRequired] });
    const elsewhere = await world({ levels: [20] });
    const foreign = await changeLevel(
      w.manager.agent,
      w.cliente.id,
      elsewhere.members[0]!.link.id,
      13,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('person_not_found');
    expect((await linksOf(elsewhere.cliente.id))[0]?.nivel).toBe(20);
    expect((await linksOf(w.cliente.id)).map((link) => link.nivel)).toEqual([10, 13, 20]);
    expect(
      await auditOf('nivel_alterado', [w.user.link.id, elsewhere.members[0]!.link.id]),
    ).toEqual([]);
    expect(await mailsTo(w.user.person.email, 'Seu nível de acesso')).toEqual([]);
  });

  it('the last manager cannot step down; with a second manager they can, and then no longer manage', async () => {
    const w = await world();
    for (const nivel of [13, 20]) {
      const refused = await changeLevel(w.manager.agent, w.cliente.id, w.manager.link.id, nivel);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('last_manager');
      expect(refused.body.message).toBe(PEOPLE_MESSAGES.lastManager);
    }
    expect((await linksOf(w.cliente.id))[0]?.nivel).toBe(10);

    // A supervisor made manager: now two.
    expect(
      (await changeLevel(w.manager.agent, w.cliente.id, w.supervisor.link.id, 10)).status,
    ).toBe(200);
    const stepped = await changeLevel(w.manager.agent, w.cliente.id, w.manager.link.id, 13);
    expect(stepped.status).toBe(200);
    expect(stepped.body.data).toMatchObject({
      meu_nivel: 13,
      pode_convidar: true,
      pode_gerenciar: false,
    });
    expect(stepped.body.data.pessoas.find((person) => person.eu)?.nivel).toBe(13);
    expect(await auditOf('nivel_alterado', [w.manager.link.id])).toMatchObject([
      {
        gl_usuario_id: w.manager.person.id,
        alvo_usuario_id: w.manager.person.id,
        detalhes: { antes: 10, depois: 13 },
      },
    ]);
    // No longer a manager; the one left cannot step down either.
    expect((await changeLevel(w.manager.agent, w.cliente.id, w.manager.link.id, 10)).status).toBe(
      403,
    );
    const last = await changeLevel(w.supervisor.agent, w.cliente.id, w.supervisor.link.id, 20);
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('last_manager');
    expect((await linksOf(w.cliente.id)).map((link) => link.nivel)).toEqual([13, 10, 20]);

    // A manager who makes themselves a user no longer sees the people.
    const pair = await world({ levels: [10, 10] });
    const down = await changeLevel(pair.manager.agent, pair.cliente.id, pair.manager.link.id, 20);
    expect(down.status).toBe(200);
    expect(down.body.message).toBe(`${pair.manager.person.nome} agora é Usuário.`);
    expect(down.body.data).toEqual({
      pessoas: [],
      convites: [],
      meu_nivel: 20,
      pode_convidar: false,
      pode_gerenciar: false,
      limite_usuarios: null,
    });
    expect((await list(pair.manager.agent, pair.cliente.id)).status).toBe(403);
  });
});

describe('DELETE /api/gl_cliente/{id}/pessoas/{pessoaId}', () => {
  it('a manager removes someone: e-mailed, recorded, and their session loses the account at once', async () => {
    const w = await world();
    const session = async () =>
      (
        await w.supervisor.agent.get<{
          cliente: { id: number } | null;
          clienteUsuario_nivel: number | null;
        }>('/api/sessao/web')
      ).body.data;
    expect(await session()).toMatchObject({
      cliente: { id: w.cliente.id },
      clienteUsuario_nivel: 13,
    });
    expect((await list(w.supervisor.agent, w.cliente.id)).status).toBe(200);

    const removed = await remove(w.manager.agent, w.cliente.id, w.supervisor.link.id);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(`${w.supervisor.person.nome} não faz mais parte da conta.`);
    expect(removed.body.data?.pessoas.map((person) => person.id)).toEqual([
      w.manager.link.id,
      w.user.link.id,
    ]);
    expect((await linksOf(w.cliente.id)).map((link) => link.id)).toEqual([
      w.manager.link.id,
      w.user.link.id,
    ]);

    const mails = await mailsTo(w.supervisor.person.email, 'Você não faz mais parte');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.assunto).toBe(
      `Você não faz mais parte de ${w.cliente.razao_social} - Exemplo Sistemas`,
    );
    expect(mails[0]?.corpo_texto).toContain(
      `${w.manager.person.nome} removeu você da conta ${w.cliente.razao_social}.`,
    );
    expect(await auditOf('pessoa_removida', [w.supervisor.link.id])).toMatchObject([
      {
        gl_usuario_id: w.manager.person.id,
        alvo_usuario_id: w.supervisor.person.id,
        recurso: 'gl_cliente_usuario',
        detalhes: { gl_cliente_id: w.cliente.id, nivel: 13 },
      },
    ]);

    expect(await session()).toMatchObject({ cliente: null, clienteUsuario_nivel: null });
    const gone = await list(w.supervisor.agent, w.cliente.id);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Cliente não encontrado.');
    expect(
      (await invite(w.supervisor.agent, w.cliente.id, { email: uniqueEmail('convidado'), nivel: 20 })).status,
    ).toBe(404);

    const twice = await remove(w.manager.agent, w.cliente.id, w.supervisor.link.id);
    expect(twice.status).toBe(404);
    expect(twice.body.code).toBe('person_not_found');
  });

  it('only managers remove people', async () => {
    const w = await world();
    for (const caller of [w.supervisor, w.user]) {
      const refused = await remove(caller.agent, w.cliente.id, w.user.link.id);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('manager_only');
    }
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await remove(stranger, w.cliente.id, w.user.link.id)).status).toBe(404);
    expect(await linksOf(w.cliente.id)).toHaveLength(3);
    expect(await auditOf('pessoa_removida', [w.user.link.id])).toEqual([]);
    expect(await mailsTo(w.user.person.email, 'Você não faz mais parte')).toEqual([]);
  });

  it('the last manager cannot leave; with another manager they can ("Você saiu da conta.")', async () => {
    const w = await world({ levels: [10, 20] });
    const refused = await remove(w.manager.agent, w.cliente.id, w.manager.link.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('last_manager');
    expect(refused.body.message).toBe(PEOPLE_MESSAGES.lastManager);
    expect(await linksOf(w.cliente.id)).toHaveLength(2);

    const second = await member(w.cliente.id, 10);
    const left = await remove(w.manager.agent, w.cliente.id, w.manager.link.id);
    expect(left.status).toBe(200);
    expect(left.body.data).toBeNull();
    expect(left.body.message).toBe(PEOPLE_MESSAGES.left);
    expect((await linksOf(w.cliente.id)).map((link) => link.id)).toEqual([
      w.members[1]!.link.id,
      second.link.id,
    ]);
    const [mail] = await mailsTo(w.manager.person.email, 'Você não faz mais parte');
    expect(mail?.corpo_texto).toContain(`Você saiu da conta ${w.cliente.razao_social}.`);
    expect(await auditOf('pessoa_removida', [w.manager.link.id])).toMatchObject([
      {
        gl_usuario_id: w.manager.person.id,
        alvo_usuario_id: w.manager.person.id,
        detalhes: { nivel: 10 },
      },
    ]);
    expect((await list(w.manager.agent, w.cliente.id)).status).toBe(404);
    // The one left is now the last.
    expect((await remove(second.agent, w.cliente.id, second.link.id)).status).toBe(409);
  });
});

describe('at once (PostgreSQL: PGlite runs one query at a time)', () => {
  it('50 invitations to different e-mails on a plan of 5 users with one person: exactly 4 made', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const w = await world({ levels: [10], limit: 5 });
    await w.manager.agent.get('/api/sessao/web');
    const emails = Array.from({ length: 50 }, () => uniqueEmail('corrida'));
    const answers = await Promise.all(
      emails.map((email) => invite(w.manager.agent, w.cliente.id, { email, nivel: 20 })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(46);
    expect(
      refused.every((answer) => answer.status === 409 && answer.body.code === 'user_limit'),
    ).toBe(true);
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(4);
    const mails = await t.db
      .select()
      .from(glEmailSaida)
      .where(inArray(glEmailSaida.destinatario, emails));
    expect(mails).toHaveLength(4);
  });

  it('50 invitations to the same e-mail: 20 made (the hourly cap), one open, the others replaced', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const w = await world({ levels: [10] });
    await w.manager.agent.get('/api/sessao/web');
    const email = uniqueEmail('mesmo');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => invite(w.manager.agent, w.cliente.id, { email, nivel: 20 })),
    );
    // The hourly cap holds under concurrency too: it is counted under the client's lock.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(INVITATIONS_PER_HOUR);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(50 - INVITATIONS_PER_HOUR);
    expect(await openInvitationsOf(w.cliente.id)).toHaveLength(1);
    expect(await invitationsOf(w.cliente.id)).toHaveLength(INVITATIONS_PER_HOUR);
    // The last link e-mailed is the one that works.
    expect(
      (await new ApiAgent(t.app).get(`/api/convite/${await invitationToken(email)}`)).status,
    ).toBe(200);
  });

  it('two managers removing each other at once: one of them stays, manager', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    // Ten accounts at once, to give the race its chances.
    const worlds = await Promise.all(Array.from({ length: 10 }, () => world({ levels: [10, 10] })));
    await Promise.all(
      worlds.flatMap((w) => w.members.map((person) => person.agent.get('/api/sessao/web'))),
    );
    const answers = await Promise.all(
      worlds.map(async (w) => {
        const [a, b] = [w.members[0]!, w.members[1]!];
        return Promise.all([
          remove(a.agent, w.cliente.id, b.link.id),
          remove(b.agent, w.cliente.id, a.link.id),
        ]);
      }),
    );
    for (const [index, w] of worlds.entries()) {
      const pair = answers[index]!;
      expect(pair.filter((answer) => answer.status === 200)).toHaveLength(1);
      // The other was removed first: no longer in the account, it learns nothing of it.
      const loser = pair.find((answer) => answer.status !== 200);
      expect(loser?.status).toBe(404);
      expect(loser?.body.code).toBe('client_not_found');
      const links = await linksOf(w.cliente.id);
      expect(links).toHaveLength(1);
      expect(links[0]?.nivel).toBe(10);
      expect(
        await auditOf(
          'pessoa_removida',
          w.members.map((person) => person.link.id),
        ),
      ).toHaveLength(1);
    }
  });

  it('two managers leaving at once: one leaves, the other is the last (409)', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const worlds = await Promise.all(
      Array.from({ length: 10 }, () => world({ levels: [10, 10, 20] })),
    );
    await Promise.all(
      worlds.flatMap((w) => w.members.map((person) => person.agent.get('/api/sessao/web'))),
    );
    const answers = await Promise.all(
      worlds.map((w) =>
        Promise.all(
          w.members.slice(0, 2).map((person) => remove(person.agent, w.cliente.id, person.link.id)),
        ),
      ),
    );
    for (const [index, w] of worlds.entries()) {
      const pair = answers[index]!;
      expect(pair.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(pair.find((answer) => answer.status === 409)?.body.code).toBe('last_manager');
      expect((await linksOf(w.cliente.id)).filter((link) => link.nivel <= 10)).toHaveLength(1);
    }
  });

  it('two managers stepping down at once: one manager remains', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const worlds = await Promise.all(Array.from({ length: 10 }, () => world({ levels: [10, 10] })));
    await Promise.all(
      worlds.flatMap((w) => w.members.map((person) => person.agent.get('/api/sessao/web'))),
    );
    const answers = await Promise.all(
      worlds.map((w) =>
        Promise.all(
          w.members.map((person) => changeLevel(person.agent, w.cliente.id, person.link.id, 20)),
        ),
      ),
    );
    for (const [index, w] of worlds.entries()) {
      expect(answers[index]!.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await linksOf(w.cliente.id)).map((link) => link.nivel).sort()).toEqual([10, 20]);
    }
  });
});
