import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PEOPLE_MESSAGES, type InvitationViewDto } from '#shared/schemas/people';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { hashPassword } from '../../platform/crypto/password.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { glCliente, glClienteConvite, glClienteUsuario, glUsuario } from '../../platform/db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { hashToken } from '../../platform/session/tokens.ts';
import { acceptCurrentVersions } from '../privacy/index.ts';
import { userLimit } from './service.ts';

/**
 * The invitation link's side (issue 41 item 3, decision 114): what the page shows, the sign-up
 * through it and the acceptance by someone signed in. The link works once: the acceptance is a
 * conditional update of the invitation, after the client's row lock (the same order as every
 * write of the account's people, so no two of them wait on each other the other way round).
 */

/** §9 "Default product id for root redirect 1": where an invitation made outside a product lands. */
export const DEFAULT_PRODUCT_ID = 1;

/** One answer for a token unknown, used, cancelled or expired (the link tells nothing else). */
const invitationInvalid = () => notFound(PEOPLE_MESSAGES.invitationInvalid, 'invitation_invalid');

function stillOpen(now: Date) {
  return and(
    isNull(glClienteConvite.datahora_aceito),
    isNull(glClienteConvite.datahora_cancelado),
    gt(glClienteConvite.expira_em, now),
  );
}

async function findOpenInvitation(db: Queryable, token: string, now: Date) {
  const [row] = await db
    .select({
      id: glClienteConvite.id,
      gl_cliente_id: glClienteConvite.gl_cliente_id,
      gl_produto_id: glClienteConvite.gl_produto_id,
      email: glClienteConvite.email,
      nivel: glClienteConvite.nivel,
      expira_em: glClienteConvite.expira_em,
      razao_social: glCliente.razao_social,
      convidado_por: glUsuario.nome,
    })
    .from(glClienteConvite)
    .innerJoin(glCliente, eq(glCliente.id, glClienteConvite.gl_cliente_id))
    .leftJoin(glUsuario, eq(glUsuario.id, glClienteConvite.convidado_por))
    .where(and(eq(glClienteConvite.token_hash, hashToken(token)), stillOpen(now)));
  return row ?? null;
}

async function emailOf(db: Queryable, usuarioId: number): Promise<string | null> {
  const [row] = await db.select({ email: glUsuario.email }).from(glUsuario).where(eq(glUsuario.id, usuarioId));
  return row?.email ?? null;
}

/** GET /api/convite/{token}. */
export async function viewInvitation(
  db: Queryable,
  token: string,
  sessionUserId: number | null,
  now = new Date(),
): Promise<InvitationViewDto> {
  const invitation = await findOpenInvitation(db, token, now);
  if (!invitation) throw invitationInvalid();
  const [account] = await db
    .select({ id: glUsuario.id })
    .from(glUsuario)
    .where(sql`lower(${glUsuario.email}) = ${invitation.email.toLowerCase()}`);
  return {
    email: invitation.email,
    nivel: invitation.nivel,
    razao_social: invitation.razao_social,
    convidado_por: invitation.convidado_por,
    expira_em: invitation.expira_em.toISOString(),
    gl_produto_id: invitation.gl_produto_id ?? DEFAULT_PRODUCT_ID,
    conta_existe: account !== undefined,
    sessao_email: sessionUserId === null ? null : await emailOf(db, sessionUserId),
  };
}

export interface AcceptedInvitation {
  clienteId: number;
  razaoSocial: string;
}

/** The product the invitation's link lands in (null: none named), or the invalid link's 404. */
export async function invitationProduct(db: Queryable, token: string, now = new Date()): Promise<number | null> {
  const invitation = await findOpenInvitation(db, token, now);
  if (!invitation) throw invitationInvalid();
  return invitation.gl_produto_id;
}

/**
 * Uses the invitation for `usuarioId`, inside the caller's transaction: the client's lock, the
 * conditional update (of 50 requests at once, one finds it open), the plan's limit counted again
 * (it may have shrunk since the invitation, and a refusal rolls the use back, so the link works
 * again once there is room), and the link at the invited level. Someone already in the account
 * keeps their level.
 */
async function useInvitation(tx: Queryable, token: string, usuarioId: number, ip: string, now: Date): Promise<AcceptedInvitation> {
  const invitation = await findOpenInvitation(tx, token, now);
  if (!invitation) throw invitationInvalid();
  await tx.select({ id: glCliente.id }).from(glCliente).where(eq(glCliente.id, invitation.gl_cliente_id)).for('update');
  const used = await tx
    .update(glClienteConvite)
    .set({ datahora_aceito: now, aceito_por: usuarioId, datahora_modificado: now })
    .where(and(eq(glClienteConvite.id, invitation.id), stillOpen(now)))
    .returning({ id: glClienteConvite.id });
  if (used.length === 0) throw invitationInvalid();
  const [member] = await tx
    .select({ id: glClienteUsuario.id })
    .from(glClienteUsuario)
    .where(and(eq(glClienteUsuario.gl_cliente_id, invitation.gl_cliente_id), eq(glClienteUsuario.gl_usuario_id, usuarioId)));
  if (!member) {
    const limit = await userLimit(tx, invitation.gl_cliente_id);
    if (limit !== null) {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(glClienteUsuario)
        .where(eq(glClienteUsuario.gl_cliente_id, invitation.gl_cliente_id));
      if ((count?.n ?? 0) >= limit) throw conflict(PEOPLE_MESSAGES.userLimitAtAccept, 'user_limit');
    }
    await tx
      .insert(glClienteUsuario)
      .values({ gl_cliente_id: invitation.gl_cliente_id, gl_usuario_id: usuarioId, nivel: invitation.nivel });
  }
  await recordAudit(tx, {
    actor: usuarioId,
    ip,
    action: 'convite_aceito',
    resource: 'gl_cliente_convite',
    resourceId: invitation.id,
    // Someone already in the account kept their level: the trail says so rather than the invited one.
    details: member
      ? { gl_cliente_id: invitation.gl_cliente_id, ja_fazia_parte: true }
      : { gl_cliente_id: invitation.gl_cliente_id, nivel: invitation.nivel },
  });
  return { clienteId: invitation.gl_cliente_id, razaoSocial: invitation.razao_social };
}

/**
 * POST /api/convite/{token}/aceitar: the signed-in person accepts. Only the invited address's
 * owner may: a forwarded link does not let someone else in.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  usuarioId: number,
  ip: string,
  now = new Date(),
): Promise<AcceptedInvitation> {
  const invitation = await findOpenInvitation(db, token, now);
  if (!invitation) throw invitationInvalid();
  const email = await emailOf(db, usuarioId);
  if (email?.toLowerCase() !== invitation.email.toLowerCase()) {
    throw forbidden(PEOPLE_MESSAGES.otherEmail(invitation.email), 'invitation_other_email');
  }
  return db.transaction((tx) => useInvitation(tx, token, usuarioId, ip, now));
}

/**
 * POST /api/convite/{token}/conta_criar: §2's sign-up with the invitation's e-mail. The link
 * proved the address, so the password is the person's own (no temporary one) and the account is
 * created, linked and signed in at once. An e-mail that has an account (or got one a moment ago)
 * is told to sign in and accept.
 */
export async function signUpByInvitation(
  db: Database,
  token: string,
  input: { nome: string; telefone_celular: string; senha: string },
  meta: { ip: string; now?: Date },
): Promise<AcceptedInvitation & { usuarioId: number }> {
  const now = meta.now ?? new Date();
  const invitation = await findOpenInvitation(db, token, now);
  if (!invitation) throw invitationInvalid();
  const [account] = await db
    .select({ id: glUsuario.id })
    .from(glUsuario)
    .where(sql`lower(${glUsuario.email}) = ${invitation.email.toLowerCase()}`);
  if (account) throw conflict(PEOPLE_MESSAGES.accountExists, 'account_exists');
  const senhaHash = await hashPassword(input.senha);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(glUsuario)
        .values({
          nome: input.nome,
          email: invitation.email,
          telefone_celular: input.telefone_celular,
          senha_hash: senhaHash,
          datahora_senha_alterada: now,
        })
        .returning({ id: glUsuario.id });
      if (!user) throw new Error('gl_usuario: insert returned no row');
      const accepted = await useInvitation(tx, token, user.id, meta.ip, now);
      await acceptCurrentVersions(tx, user.id, { ip: meta.ip, now });
      return { ...accepted, usuarioId: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'gl_usuario_email_lower_uq')) {
      throw conflict(PEOPLE_MESSAGES.accountExists, 'account_exists');
    }
    throw error;
  }
}
