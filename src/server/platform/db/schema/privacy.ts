/** Privacy (modules/privacy): consents, the legal pages' versions, LGPD requests (decision 088). */
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns.ts';
import { glUsuario } from './users.ts';

/** Consent records: which version of which document a user accepted, when and from where. */
export const glUsuarioTermoAceite = pgTable(
  'gl_usuario_termo_aceite',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    documento: text('documento').notNull(),
    versao: text('versao').notNull(),
    ip: text('ip'),
    datahora_aceite: instante('datahora_aceite').notNull().defaultNow(),
  },
  (t) => [
    index('gl_usuario_termo_aceite_gl_usuario_id_idx').on(t.gl_usuario_id),
    // A version is accepted once (issue 19): accepting again records nothing.
    uniqueIndex('gl_usuario_termo_aceite_uq').on(t.gl_usuario_id, t.documento, t.versao),
    check(
      'gl_usuario_termo_aceite_documento_ck',
      sql`${t.documento} in ('termos_uso', 'politica_privacidade')`,
    ),
  ],
);

/**
 * The published versions of the legal pages (issue 19): the newest of each document is the one
 * in force, which a person's consent must name; staff publish a new one in the back-office.
 */
export const glDocumentoVersao = pgTable(
  'gl_documento_versao',
  {
    ...auditoria(),
    documento: text('documento').notNull(),
    versao: text('versao').notNull(),
    /** What changed, shown to the person asked to accept it. */
    resumo: text('resumo'),
    datahora_publicado: instante('datahora_publicado').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gl_documento_versao_uq').on(t.documento, t.versao),
    check('gl_documento_versao_documento_ck', sql`${t.documento} in ('termos_uso', 'politica_privacidade')`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A person's request under the LGPD (art. 18, issue 19): a copy of their data (exportacao) or the
 * deletion of their account (exclusao). One open request of each kind per person (unique
 * indexes); the state only moves forward by conditional updates, so a request is processed once
 * however many instances run the job.
 */
export const glPrivacidadePedido = pgTable(
  'gl_privacidade_pedido',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    situacao: text('situacao').notNull(),
    /** 0-100, while an export is produced. */
    progresso: integer('progresso').notNull().default(0),
    ip: text('ip'),
    /** A deletion runs from this instant (the 7-day grace period). */
    datahora_agendado: instante('datahora_agendado'),
    /** An export may be downloaded until this instant (24 h). */
    datahora_expira: instante('datahora_expira'),
    datahora_concluido: instante('datahora_concluido'),
    /** The export's ZIP, kept until it is downloaded or expires. */
    arquivo: bytea('arquivo'),
    /** For staff: what the processing found (clients left without a manager). */
    observacao: text('observacao'),
  },
  (t) => [
    index('gl_privacidade_pedido_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_privacidade_pedido_fila_idx').on(t.tipo, t.situacao),
    uniqueIndex('gl_privacidade_pedido_exportacao_aberta_uq')
      .on(t.gl_usuario_id)
      .where(sql`${t.tipo} = 'exportacao' and ${t.situacao} in ('pendente', 'processando', 'pronto')`),
    uniqueIndex('gl_privacidade_pedido_exclusao_aberta_uq')
      .on(t.gl_usuario_id)
      .where(sql`${t.tipo} = 'exclusao' and ${t.situacao} in ('agendado', 'processando')`),
    check('gl_privacidade_pedido_tipo_ck', sql`${t.tipo} in ('exportacao', 'exclusao')`),
    check(
      'gl_privacidade_pedido_situacao_ck',
      sql`${t.situacao} in ('pendente', 'processando', 'pronto', 'baixado', 'expirado', 'agendado', 'cancelado', 'concluido')`,
    ),
  ],
);
