import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  accountLevelName,
  INVITATION_TTL_DAYS,
  LEVEL_CAN_INVITE,
  PEOPLE_MESSAGES,
  type AccountLevel,
  type InvitationDto,
  type PeopleDto,
  type PersonDto,
} from '#shared/schemas/people';
import { formatDateTime } from '#shared/format';
import { LEVEL_ACCOUNT_MANAGER } from '#shared/levels';
import { PLANO_MESSAGES } from '#shared/plans';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import { linkLevelInClient } from '../../platform/session/guards.ts';
import { deleteInBatches } from '../../platform/db/batch-delete.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glCliente, glClienteConvite, glClienteUsuario, glContrato, glPlano, glUsuario } from '../../platform/db/schema.ts';
import { conflict, fieldError, forbidden, notFound, tooManyRequests } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { accountLevelChangedMail, invitationMail, removedFromAccountMail } from './mails.ts';
import { hashToken, randomToken } from '../../platform/session/tokens.ts';

/**
 * The account's people (issue 41 item 3, decision 114). Every write takes the client's row lock
 * first: the plan's user limit, "at least one manager" and "one open invitation per e-mail" are
 * counts, and a count holds only while nobody else can change it.
 */

export interface PeopleContext {
  db: Database;
  providerName: string;
  publicUrl: string;
}

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
/**
 * Invitations an account may send in an hour. Each one e-mails an address the inviter chose, and
 * inviting the same address again sends another e-mail, so without a cap of its own the form
 * would mail anyone as often as the request rate limit allows. Enough to bring a team in at once.
 */
export const INVITATIONS_PER_HOUR = 20;

const clientNotFound = () => notFound(PLANO_MESSAGES.clientNotFound, 'client_not_found');

/** The caller's level in the client; someone with no link learns nothing about it (decision 030). */
async function callerLevel(db: Queryable, usuarioId: number, clienteId: number): Promise<number> {
  const level = await linkLevelInClient(db, usuarioId, clienteId);
  if (level === null) throw clientNotFound();
  return level;
}

async function lockClient(tx: Queryable, clienteId: number) {
  const [row] = await tx
    .select({ id: glCliente.id, razao_social: glCliente.razao_social })
    .from(glCliente)
    .where(eq(glCliente.id, clienteId))
    .for('update');
  if (!row) throw clientNotFound();
  return row;
}

/**
 * The most users the client's plans allow, null for no limit: the most generous of its active
 * contracts (a client may subscribe to several products; its people are shared by them), and no
 * limit without an active contract (no plan says one).
 */
export async function userLimit(db: Queryable, clienteId: number): Promise<number | null> {
  const [row] = await db
    .select({
      contratos: sql<number>`count(*)::int`,
      ilimitado: sql<boolean | null>`bool_or(${glPlano.usuario_ilimitado} or ${glPlano.usuario_qtde} is null)`,
      qtde: sql<number | null>`max(${glPlano.usuario_qtde})::int`,
    })
    .from(glContrato)
    .innerJoin(glPlano, eq(glPlano.id, glContrato.gl_plano_id))
    .where(and(eq(glContrato.gl_cliente_id, clienteId), eq(glContrato.ativo, true)));
  if (!row || row.contratos === 0 || row.ilimitado) return null;
  return row.qtde;
}

/** The people linked to the client. */
async function memberCount(db: Queryable, clienteId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(glClienteUsuario)
    .where(eq(glClienteUsuario.gl_cliente_id, clienteId));
  return row?.n ?? 0;
}

/** The invitations that may still be accepted: unused and not expired. */
function openInvitation(now: Date) {
  return and(
    isNull(glClienteConvite.datahora_aceito),
    isNull(glClienteConvite.datahora_cancelado),
    gt(glClienteConvite.expira_em, now),
  );
}

async function openInvitationCount(db: Queryable, clienteId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(glClienteConvite)
    .where(and(eq(glClienteConvite.gl_cliente_id, clienteId), openInvitation(now)));
  return row?.n ?? 0;
}

/** GET /api/gl_cliente/{id}/pessoas: supervisors and managers (level ≤ 13) see the account's people. */
export async function listPeople(db: Queryable, usuarioId: number, clienteId: number, now = new Date()): Promise<PeopleDto> {
  const level = await callerLevel(db, usuarioId, clienteId);
  if (level > LEVEL_CAN_INVITE) throw forbidden(PEOPLE_MESSAGES.peopleHidden, 'people_hidden');
  return peopleOf(db, usuarioId, level, clienteId, now);
}

async function peopleOf(db: Queryable, usuarioId: number, level: number, clienteId: number, now: Date): Promise<PeopleDto> {
  const people = await db
    .select({
      id: glClienteUsuario.id,
      gl_usuario_id: glUsuario.id,
      nome: glUsuario.nome,
      email: glUsuario.email,
      nivel: glClienteUsuario.nivel,
      // The sign-in history keeps 180 days (decision 071): older is "never" here too.
      ultimo_acesso: sql<string | null>`(select max(a.datahora_criado) from gl_usuario_acesso a
        where a.gl_usuario_id = ${glUsuario.id} and a.tipo in ('sucesso', 'evento', 'chave_acesso'))`,
    })
    .from(glClienteUsuario)
    .innerJoin(glUsuario, eq(glUsuario.id, glClienteUsuario.gl_usuario_id))
    .where(eq(glClienteUsuario.gl_cliente_id, clienteId))
    .orderBy(asc(glClienteUsuario.nivel), asc(glUsuario.nome), asc(glUsuario.id));
  const invitations = await db
    .select({
      id: glClienteConvite.id,
      email: glClienteConvite.email,
      nivel: glClienteConvite.nivel,
      convidado_por: glUsuario.nome,
      datahora_criado: glClienteConvite.datahora_criado,
      expira_em: glClienteConvite.expira_em,
    })
    .from(glClienteConvite)
    .leftJoin(glUsuario, eq(glUsuario.id, glClienteConvite.convidado_por))
    .where(
      and(
        eq(glClienteConvite.gl_cliente_id, clienteId),
        isNull(glClienteConvite.datahora_aceito),
        isNull(glClienteConvite.datahora_cancelado),
      ),
    )
    .orderBy(asc(glClienteConvite.datahora_criado), asc(glClienteConvite.id));
  return {
    pessoas: people.map(
      (person): PersonDto => ({
        ...person,
        ultimo_acesso: person.ultimo_acesso === null ? null : new Date(person.ultimo_acesso).toISOString(),
        eu: person.gl_usuario_id === usuarioId,
      }),
    ),
    convites: invitations.map(
      (invitation): InvitationDto => ({
        ...invitation,
        datahora_criado: invitation.datahora_criado.toISOString(),
        expira_em: invitation.expira_em.toISOString(),
        expirado: invitation.expira_em <= now,
      }),
    ),
    meu_nivel: level,
    pode_convidar: level <= LEVEL_CAN_INVITE,
    pode_gerenciar: level <= LEVEL_ACCOUNT_MANAGER,
    limite_usuarios: await userLimit(db, clienteId),
  };
}

/**
 * POST /api/gl_cliente/{id}/convites: supervisors and managers invite, at their own level or
 * below (§6: lower is stronger). Under the client's lock: not someone already in the account,
 * room under the plan's limit counting the invitations still open, and an earlier open invitation
 * to the same e-mail replaced (its link stops working). The e-mail with the link is queued in the
 * same transaction, so it exists exactly when the invitation does.
 */
export async function invite(
  ctx: PeopleContext,
  input: { usuarioId: number; clienteId: number; produtoId: number | null; email: string; nivel: AccountLevel; ip: string },
  now = new Date(),
): Promise<PeopleDto> {
  const { db } = ctx;
  const { usuarioId, clienteId } = input;
  const level = await callerLevel(db, usuarioId, clienteId);
  if (level > LEVEL_CAN_INVITE) throw forbidden(PEOPLE_MESSAGES.cannotInvite, 'cannot_invite');
  if (input.nivel < level) throw fieldError('nivel', PEOPLE_MESSAGES.levelAboveOwn, 'level_above_own');
  const email = input.email.trim();
  const token = randomToken();
  const expiraEm = new Date(now.getTime() + INVITATION_TTL_MS);
  await db.transaction(async (tx) => {
    const cliente = await lockClient(tx, clienteId);
    // Counted under the client's lock, so concurrent invitations cannot all pass the count.
    const [sent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(glClienteConvite)
      .where(and(eq(glClienteConvite.gl_cliente_id, clienteId), sql`${glClienteConvite.datahora_criado} > now() - interval '1 hour'`));
    if ((sent?.count ?? 0) >= INVITATIONS_PER_HOUR) {
      throw tooManyRequests(PEOPLE_MESSAGES.invitationsPerHour(INVITATIONS_PER_HOUR));
    }
    const [member] = await tx
      .select({ id: glClienteUsuario.id })
      .from(glClienteUsuario)
      .innerJoin(glUsuario, eq(glUsuario.id, glClienteUsuario.gl_usuario_id))
      .where(and(eq(glClienteUsuario.gl_cliente_id, clienteId), sql`lower(${glUsuario.email}) = ${email.toLowerCase()}`));
    if (member) throw fieldError('email', PEOPLE_MESSAGES.alreadyMember, 'already_member');
    // A new invitation to the same e-mail replaces the earlier one (sent again, or another level).
    await tx
      .update(glClienteConvite)
      .set({ datahora_cancelado: now, datahora_modificado: now })
      .where(
        and(
          eq(glClienteConvite.gl_cliente_id, clienteId),
          sql`lower(${glClienteConvite.email}) = ${email.toLowerCase()}`,
          isNull(glClienteConvite.datahora_aceito),
          isNull(glClienteConvite.datahora_cancelado),
        ),
      );
    const limit = await userLimit(tx, clienteId);
    if (limit !== null) {
      const taken = (await memberCount(tx, clienteId)) + (await openInvitationCount(tx, clienteId, now));
      if (taken >= limit) throw conflict(PEOPLE_MESSAGES.userLimit(limit), 'user_limit');
    }
    const [row] = await tx
      .insert(glClienteConvite)
      .values({
        gl_cliente_id: clienteId,
        email,
        nivel: input.nivel,
        gl_produto_id: input.produtoId,
        convidado_por: usuarioId,
        token_hash: hashToken(token),
        expira_em: expiraEm,
      })
      .returning({ id: glClienteConvite.id });
    if (!row) throw new Error('gl_cliente_convite: insert returned no row');
    const [inviter] = await tx.select({ nome: glUsuario.nome }).from(glUsuario).where(eq(glUsuario.id, usuarioId));
    const mail = invitationMail({
      providerName: ctx.providerName,
      email,
      razaoSocial: cliente.razao_social,
      convidadoPor: inviter?.nome ?? null,
      nivel: accountLevelName(input.nivel),
      expiraEm: formatDateTime(expiraEm),
      url: new URL(`/convite/${token}`, `${ctx.publicUrl}/`).toString(),
    });
    await enqueueMail(tx, { to: email, ...mail });
    await recordAudit(tx, {
      actor: usuarioId,
      ip: input.ip,
      action: 'convite_enviado',
      resource: 'gl_cliente_convite',
      resourceId: row.id,
      details: { gl_cliente_id: clienteId, nivel: input.nivel },
    });
  });
  return peopleOf(db, usuarioId, level, clienteId, now);
}

/** DELETE /api/gl_cliente/{id}/convites/{conviteId}: its link stops working at once. */
export async function cancelInvitation(
  db: Database,
  input: { usuarioId: number; clienteId: number; conviteId: number } & Pick<AuditOrigin, 'ip'>,
  now = new Date(),
): Promise<PeopleDto> {
  const level = await callerLevel(db, input.usuarioId, input.clienteId);
  if (level > LEVEL_CAN_INVITE) throw forbidden(PEOPLE_MESSAGES.cannotInvite, 'cannot_invite');
  await db.transaction(async (tx) => {
    const cancelled = await tx
      .update(glClienteConvite)
      .set({ datahora_cancelado: now, datahora_modificado: now })
      .where(
        and(
          eq(glClienteConvite.id, input.conviteId),
          eq(glClienteConvite.gl_cliente_id, input.clienteId),
          isNull(glClienteConvite.datahora_aceito),
          isNull(glClienteConvite.datahora_cancelado),
        ),
      )
      .returning({ id: glClienteConvite.id });
    if (cancelled.length === 0) throw notFound(PEOPLE_MESSAGES.invitationNotFound, 'invitation_not_found');
    await recordAudit(tx, {
      actor: input.usuarioId,
      ip: input.ip ?? null,
      action: 'convite_cancelado',
      resource: 'gl_cliente_convite',
      resourceId: input.conviteId,
      details: { gl_cliente_id: input.clienteId },
    });
  });
  return peopleOf(db, input.usuarioId, level, input.clienteId, now);
}

/** Managers left in the client if `except` were not one (under the client's lock). */
async function otherManagers(tx: Queryable, clienteId: number, exceptLinkId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(glClienteUsuario)
    .where(
      and(
        eq(glClienteUsuario.gl_cliente_id, clienteId),
        sql`${glClienteUsuario.nivel} <= ${LEVEL_ACCOUNT_MANAGER}`,
        sql`${glClienteUsuario.id} <> ${exceptLinkId}`,
      ),
    );
  return row?.n ?? 0;
}

/** The link of the account being changed, with its person, under the client's lock. */
async function targetLink(tx: Queryable, clienteId: number, linkId: number) {
  const [row] = await tx
    .select({
      id: glClienteUsuario.id,
      nivel: glClienteUsuario.nivel,
      gl_usuario_id: glUsuario.id,
      nome: glUsuario.nome,
      email: glUsuario.email,
    })
    .from(glClienteUsuario)
    .innerJoin(glUsuario, eq(glUsuario.id, glClienteUsuario.gl_usuario_id))
    .where(and(eq(glClienteUsuario.id, linkId), eq(glClienteUsuario.gl_cliente_id, clienteId)));
  if (!row) throw notFound(PEOPLE_MESSAGES.personNotFound, 'person_not_found');
  return row;
}

async function personName(tx: Queryable, usuarioId: number): Promise<string> {
  const [row] = await tx.select({ nome: glUsuario.nome }).from(glUsuario).where(eq(glUsuario.id, usuarioId));
  return row?.nome ?? '';
}

/**
 * Checks a manager's change of someone's link (under the client's lock): only managers, nobody
 * stronger than the caller, and the account keeps a manager.
 */
async function checkManagerChange(
  tx: Queryable,
  input: { usuarioId: number; clienteId: number; linkId: number },
  target: { nivel: number },
  leavesManagers: boolean,
): Promise<number> {
  const level = await callerLevel(tx, input.usuarioId, input.clienteId);
  if (level > LEVEL_ACCOUNT_MANAGER) throw forbidden(PEOPLE_MESSAGES.managerOnly, 'manager_only');
  if (target.nivel < level) throw forbidden(PEOPLE_MESSAGES.strongerPerson, 'stronger_person');
  if (!leavesManagers && (await otherManagers(tx, input.clienteId, input.linkId)) === 0) {
    throw conflict(PEOPLE_MESSAGES.lastManager, 'last_manager');
  }
  return level;
}

/**
 * PUT /api/gl_cliente/{id}/pessoas/{linkId}: a manager changes someone's level (their own too,
 * while another manager remains). The person is e-mailed; the trail records before and after.
 */
export async function changeLevel(
  ctx: PeopleContext,
  input: { usuarioId: number; clienteId: number; linkId: number; nivel: AccountLevel; ip: string },
  now = new Date(),
): Promise<{ people: PeopleDto; nome: string }> {
  const { db } = ctx;
  const result = await db.transaction(async (tx) => {
    const cliente = await lockClient(tx, input.clienteId);
    const target = await targetLink(tx, input.clienteId, input.linkId);
    const level = await checkManagerChange(tx, input, target, input.nivel <= LEVEL_ACCOUNT_MANAGER || target.nivel > LEVEL_ACCOUNT_MANAGER);
    if (input.nivel < level) throw fieldError('nivel', PEOPLE_MESSAGES.levelAboveOwn, 'level_above_own');
    if (target.nivel === input.nivel) return { level, nome: target.nome };
    await tx
      .update(glClienteUsuario)
      .set({ nivel: input.nivel, datahora_modificado: now })
      .where(eq(glClienteUsuario.id, target.id));
    const mail = accountLevelChangedMail({
      providerName: ctx.providerName,
      nome: target.nome,
      razaoSocial: cliente.razao_social,
      nivel: accountLevelName(input.nivel),
      alteradoPor: await personName(tx, input.usuarioId),
      portalUrl: ctx.publicUrl,
    });
    await enqueueMail(tx, { to: target.email, ...mail });
    await recordAudit(tx, {
      actor: input.usuarioId,
      target: target.gl_usuario_id,
      ip: input.ip,
      action: 'nivel_alterado',
      resource: 'gl_cliente_usuario',
      resourceId: target.id,
      fields: ['nivel'],
      details: { gl_cliente_id: input.clienteId, antes: target.nivel, depois: input.nivel },
    });
    return { level: target.gl_usuario_id === input.usuarioId ? input.nivel : level, nome: target.nome };
  });
  // A manager who made themselves a user no longer sees the list: answer what they may see.
  const people =
    result.level > LEVEL_CAN_INVITE
      ? null
      : await peopleOf(db, input.usuarioId, result.level, input.clienteId, now);
  return { people: people ?? emptyPeople(result.level), nome: result.nome };
}

function emptyPeople(level: number): PeopleDto {
  return { pessoas: [], convites: [], meu_nivel: level, pode_convidar: false, pode_gerenciar: false, limite_usuarios: null };
}

/**
 * DELETE /api/gl_cliente/{id}/pessoas/{linkId}: a manager removes someone, or leaves, while another
 * manager remains. The person's sessions in the account lose it at their next request (the
 * session reads the link, decision 030); they are e-mailed.
 */
export async function removePerson(
  ctx: PeopleContext,
  input: { usuarioId: number; clienteId: number; linkId: number; ip: string },
  now = new Date(),
): Promise<{ people: PeopleDto | null; nome: string; self: boolean }> {
  const { db } = ctx;
  const result = await db.transaction(async (tx) => {
    const cliente = await lockClient(tx, input.clienteId);
    const target = await targetLink(tx, input.clienteId, input.linkId);
    const level = await checkManagerChange(tx, input, target, target.nivel > LEVEL_ACCOUNT_MANAGER);
    const self = target.gl_usuario_id === input.usuarioId;
    await tx.delete(glClienteUsuario).where(eq(glClienteUsuario.id, target.id));
    const mail = removedFromAccountMail({
      providerName: ctx.providerName,
      nome: target.nome,
      razaoSocial: cliente.razao_social,
      removidoPor: self ? null : await personName(tx, input.usuarioId),
      portalUrl: ctx.publicUrl,
    });
    await enqueueMail(tx, { to: target.email, ...mail });
    await recordAudit(tx, {
      actor: input.usuarioId,
      target: target.gl_usuario_id,
      ip: input.ip,
      action: 'pessoa_removida',
      resource: 'gl_cliente_usuario',
      resourceId: target.id,
      details: { gl_cliente_id: input.clienteId, nivel: target.nivel },
    });
    return { level, nome: target.nome, self };
  });
  if (result.self) return { people: null, nome: result.nome, self: true };
  return { people: await peopleOf(db, input.usuarioId, result.level, input.clienteId, now), nome: result.nome, self: false };
}

/**
 * An invitation's row outlives its seven days by this much, for a support question ("the link I
 * got last week"), and then goes: it holds an e-mail address of someone who may never have
 * joined (LGPD art. 15: data ends with its purpose). What it did stays in the audit trail.
 */
const INVITATION_KEEP_AFTER_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;

/** The housekeeping job's part (jobs/housekeeping.ts): invitations past their use. */
export function purgeOldInvitations(db: Database, now = new Date()): Promise<number> {
  return deleteInBatches(
    db,
    glClienteConvite,
    glClienteConvite.id,
    lt(glClienteConvite.expira_em, new Date(now.getTime() - INVITATION_KEEP_AFTER_EXPIRY_MS)),
  );
}
