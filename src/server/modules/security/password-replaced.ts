import type { Queryable } from '../../platform/db/database.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { endUserAccess } from './end-access.ts';
import { removeRecentPasskeys } from './passkeys.ts';

/**
 * What a new password ends, in the transaction that sets it (issue 34; decisions 096, 098): the
 * person's other sessions, the applications' grants and tokens, and the passkeys registered in
 * the last month from any session but the one making the change: the way a thief who knew the
 * old password kept coming back. The change and the removal go to the audit trail; answers the
 * removed passkeys' names, which the "password changed" e-mail lists.
 */
export async function endAccessAfterNewPassword(
  tx: Queryable,
  input: {
    usuarioId: number;
    /** The session making the change (kept), or null (a reset link opened signed out). */
    keepSessionId: string | null;
    how: 'senha_alterada' | 'senha_redefinida';
    ip: string;
    now: Date;
  },
): Promise<string[]> {
  const { usuarioId, keepSessionId, ip, now } = input;
  await endUserAccess(tx, usuarioId, { exceptSessionId: keepSessionId });
  const removed = await removeRecentPasskeys(tx, usuarioId, { keepSessionId, now });
  const event = {
    actor: usuarioId,
    target: usuarioId,
    resource: 'gl_usuario',
    resourceId: usuarioId,
    ip,
  };
  await recordAudit(tx, { ...event, action: input.how });
  if (removed.length > 0) {
    await recordAudit(tx, {
      ...event,
      action: 'chaves_acesso_removidas_na_recuperacao',
      resource: 'gl_usuario_chave_acesso',
      details: { chaves: removed },
    });
  }
  return removed;
}
