/**
 * What the person's two LGPD requests in gl_privacidade_pedido share: the copy of their data
 * (data-export.ts) and the deletion of their account (account-deletion.ts).
 */
import type { AuditAction } from '#shared/schemas/audit';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import type { SignInDeps } from '../auth/index.ts';

export const HOUR_MS = 3_600_000;
/** Requests handled per run of the job. */
export const BATCH_SIZE = 5;

export interface PrivacyDeps {
  db: Database;
  acesso: SignInDeps;
  providerName: string;
  publicUrl: string;
}

/** A person's LGPD request in the audit trail (decision 099); the job's completion has no actor. */
export function auditRequest(
  tx: Queryable,
  who: { usuarioId: number; ip: string | null },
  action: AuditAction,
  requestId: number,
) {
  return recordAudit(tx, {
    actor: action === 'lgpd_exclusao_concluida' ? null : who.usuarioId,
    target: who.usuarioId,
    action,
    resource: 'gl_privacidade_pedido',
    resourceId: requestId,
    ip: who.ip,
  });
}
