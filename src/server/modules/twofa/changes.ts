import { eq } from 'drizzle-orm';
import type { AuditAction } from '#shared/schemas/audit';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { glUsuario } from '../../platform/db/schema.ts';
import { unauthorized } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { securityChangeMail, type SecurityChange } from '../security/index.ts';
import type { TwofaDeps } from './deps.ts';

/** The person a 2FA call acts for, active, with their 2FA state and pending secret. */
export async function loadUser(db: Queryable, usuarioId: number) {
  const [user] = await db
    .select({
      id: glUsuario.id,
      nome: glUsuario.nome,
      email: glUsuario.email,
      ativo: glUsuario.ativo,
      twofa_ativo: glUsuario.twofa_ativo,
      twofa_secret: glUsuario.twofa_secret,
      twofa_secret_validado_em: glUsuario.twofa_secret_validado_em,
    })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!user?.ativo) throw unauthorized();
  return user;
}

/** Tells the owner of a change to their 2FA, through the outbox, in the change's transaction. */
export async function tellOwner(
  tx: Queryable,
  deps: TwofaDeps,
  user: { nome: string; email: string },
  change: SecurityChange,
  now: Date,
): Promise<void> {
  const mail = securityChangeMail({
    providerName: deps.issuer,
    nome: user.nome,
    change,
    quando: now,
    manageUrl: new URL('/me/twofa', `${deps.publicUrl}/`).toString(),
  });
  await enqueueMail(tx, { to: user.email, ...mail });
}

/**
 * Where a change to a user's 2FA is made from: the session that made it stays, the user's other
 * sessions end (item 7 of the security review, docs/decisions/011-two-factor.md); its address
 * goes to the trail.
 */
export interface ChangeOrigin {
  sessionId: string;
  ip: string;
}

/** A 2FA change of the person's own, in the audit trail (decision 099). */
export function auditChange(tx: Queryable, usuarioId: number, action: AuditAction, origin: ChangeOrigin) {
  return recordAudit(tx, {
    actor: usuarioId,
    target: usuarioId,
    action,
    resource: 'gl_usuario',
    resourceId: usuarioId,
    ip: origin.ip,
  });
}
