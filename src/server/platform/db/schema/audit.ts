/** Audit trail (src/server/platform/audit; issue 34, decision 099). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instante } from './columns.ts';

/**
 * Security-relevant events, append-only: staff writes in the back-office, link and level
 * changes, sessions ended by staff, 2FA, passkey and password changes, applications' consent and
 * revocation, LGPD requests, webhook secrets made. A trigger (migration 0010) refuses every
 * UPDATE and TRUNCATE, and a DELETE outside the housekeeping's purge of rows past the retention.
 * No foreign keys: a row outlives what it names. Who and whom are person ids; changed fields are
 * named, their values are not kept (personal data stays out of a five-year record, LGPD art. 6
 * III), except for the few fields a resource marks (levels, links, flags).
 */
export const glAuditoria = pgTable(
  'gl_auditoria',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    datahora: instante('datahora').notNull().defaultNow(),
    /** Who did it; null for the system (a job). */
    gl_usuario_id: integer('gl_usuario_id'),
    /** The person the event is about, when it is about one. */
    alvo_usuario_id: integer('alvo_usuario_id'),
    acao: text('acao').notNull(),
    recurso: text('recurso').notNull(),
    recurso_id: text('recurso_id'),
    campos: text('campos').array().notNull().default(sql`'{}'::text[]`),
    detalhes: jsonb('detalhes').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('gl_auditoria_datahora_idx').on(t.datahora.desc(), t.id.desc()),
    index('gl_auditoria_gl_usuario_id_idx').on(t.gl_usuario_id, t.datahora.desc()),
    index('gl_auditoria_alvo_usuario_id_idx').on(t.alvo_usuario_id, t.datahora.desc()),
    index('gl_auditoria_recurso_idx').on(t.recurso, t.datahora.desc()),
  ],
);
