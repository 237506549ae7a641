import { and, eq, inArray } from 'drizzle-orm';
import type { AuditAction } from '#shared/schemas/audit';
import {
  PERSON_SECURITY_ACTIONS,
  SECURITY_EVENTS_SIZE,
  type SecurityEvent,
} from '#shared/schemas/security';
import type { Queryable } from '../../platform/db/database.ts';
import { glAuditoria } from '../../platform/db/schema.ts';
import { newestFirst } from '../../platform/db/newest-first.ts';

/**
 * 'Alterações de segurança' (issue 34): the person's own entries of the audit trail (decision
 * 099) that change how the account is protected or who may use it: passwords, 2FA, passkeys
 * (those a new password removed, by name), applications, and what staff did to their access.
 * Staff are not named and their address is not shown; the person's own address is.
 */
export async function listSecurityEvents(
  db: Queryable,
  usuarioId: number,
): Promise<SecurityEvent[]> {
  const rows = await db
    .select({
      id: glAuditoria.id,
      datahora: glAuditoria.datahora,
      acao: glAuditoria.acao,
      gl_usuario_id: glAuditoria.gl_usuario_id,
      detalhes: glAuditoria.detalhes,
      ip: glAuditoria.ip,
    })
    .from(glAuditoria)
    .where(
      and(
        eq(glAuditoria.alvo_usuario_id, usuarioId),
        inArray(glAuditoria.acao, [...PERSON_SECURITY_ACTIONS]),
      ),
    )
    .orderBy(newestFirst(glAuditoria.datahora), newestFirst(glAuditoria.id))
    .limit(SECURITY_EVENTS_SIZE);
  return rows.map((row) => {
    const own = row.gl_usuario_id === usuarioId;
    const details = row.detalhes ?? {};
    const removed: unknown[] = Array.isArray(details.chaves) ? details.chaves : [];
    const names = [details.nome, details.aplicativo, ...removed];
    return {
      id: row.id,
      datahora: row.datahora.toISOString(),
      acao: row.acao as AuditAction,
      pela_equipe: row.gl_usuario_id !== null && !own,
      nomes: names.filter((name): name is string => typeof name === 'string'),
      ip: own ? row.ip : null,
    };
  });
}
