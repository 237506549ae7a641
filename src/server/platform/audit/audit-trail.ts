import { lt, sql } from 'drizzle-orm';
import type { AuditAction } from '#shared/schemas/audit';
import type { Database, Queryable } from '../db/database.ts';
import { glAuditoria } from '../db/schema.ts';
import { deleteBatch, repeatBatches } from '../db/batch-delete.ts';

/** One security-relevant event (issue 34, decision 099). */
export interface AuditEvent {
  /** Who did it (a person's id); null for the system (a job). */
  actor: number | null;
  /** The person it concerns, when it concerns one (the edited user, the linked person). */
  target?: number | null;
  action: AuditAction;
  /** The table or area it touched ('gl_cliente_usuario', 'gl_oidc_consentimento', ...). */
  resource: string;
  resourceId?: string | number | null;
  /** The fields a write changed, by name. */
  fields?: string[];
  /** What the event needs said beyond that (a level, an application's name): never a secret. */
  details?: Record<string, unknown>;
  /** Where the request came from (the address the portal resolved, TRUST_PROXY). */
  ip?: string | null;
}

/** Who acts and from where: what every event of a request carries. */
export type AuditOrigin = Pick<AuditEvent, 'actor' | 'ip'>;

/**
 * Appends an event to the trail. Pass the transaction of the action it records: the entry exists
 * exactly when the action committed. Nothing can change or remove it afterwards (a trigger
 * refuses it, migration 0010), but the housekeeping's purge past the retention.
 */
export async function recordAudit(tx: Queryable, event: AuditEvent): Promise<void> {
  await tx.insert(glAuditoria).values({
    gl_usuario_id: event.actor,
    alvo_usuario_id: event.target ?? null,
    acao: event.action,
    recurso: event.resource,
    recurso_id: event.resourceId == null ? null : String(event.resourceId),
    campos: event.fields ?? [],
    detalhes: event.details ?? null,
    ip: event.ip ?? null,
  });
}

/**
 * Deletes the entries older than the retention (AUDIT_RETENTION_DAYS, five years by default),
 * the one deletion the trigger lets through: it is marked on its own transaction. Returns how
 * many went.
 */
export async function purgeAuditTrail(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  // Each batch in its own transaction, marked as the purge (batch-delete.ts).
  return repeatBatches((batchSize) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.expurgo_auditoria', 'sim', true)`);
      return deleteBatch(tx, glAuditoria, glAuditoria.id, lt(glAuditoria.datahora, before), batchSize);
    }),
  );
}
