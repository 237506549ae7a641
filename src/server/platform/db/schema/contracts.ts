/** Contracts (modules/contracts): plan changes and their proof files, cancellations (decisions 020, 113). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { glCliente } from './clients.ts';
import { auditoria, dia, instante } from './columns.ts';
import { glPlano, glPlanoPagamento, pgConta } from './plans.ts';
import { glProduto } from './products.ts';
import { glArquivo } from './storage.ts';
import { glUsuario } from './users.ts';

export const glContrato = pgTable(
  'gl_contrato',
  {
    ...auditoria(),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'restrict' }),
    gl_produto_id: integer('gl_produto_id')
      .notNull()
      .references(() => glProduto.id, { onDelete: 'restrict' }),
    gl_plano_id: integer('gl_plano_id')
      .notNull()
      .references(() => glPlano.id, { onDelete: 'restrict' }),
    gl_plano_pagamento_id: integer('gl_plano_pagamento_id')
      .notNull()
      .references(() => glPlanoPagamento.id, { onDelete: 'restrict' }),
    /** NULL = free (the virtual account -1). */
    pg_conta_id: integer('pg_conta_id').references(() => pgConta.id, { onDelete: 'restrict' }),
    periodo_inicio: dia('periodo_inicio').notNull(),
    periodo_fim: dia('periodo_fim').notNull(),
    /**
     * The last day of the last period billed (or found free); null: nothing billed yet. The billing
     * run issues the period starting at proxima_competencia once it is within the lead time, and
     * moves this forward in the same transaction (decision 102).
     */
    faturado_ate: dia('faturado_ate'),
    /** The first day of the next period to bill: the day after faturado_ate, or the current period's. */
    proxima_competencia: dia('proxima_competencia')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(faturado_ate + 1, periodo_inicio)`),
    /** The promotional price applies to periods starting before this day; null: none. */
    promocao_ate: dia('promocao_ate'),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [
    // The billing run's and the roll-over's work lists (decision 102): a range of one index each.
    index('gl_contrato_proxima_competencia_idx').on(t.proxima_competencia).where(sql`ativo`),
    index('gl_contrato_periodo_fim_idx').on(t.periodo_fim).where(sql`ativo`),
    // One active contract per client and product.
    uniqueIndex('gl_contrato_ativo_uq')
      .on(t.gl_cliente_id, t.gl_produto_id)
      .where(sql`ativo`),
    index('gl_contrato_gl_cliente_id_idx').on(t.gl_cliente_id, t.gl_produto_id),
    index('gl_contrato_gl_produto_id_idx').on(t.gl_produto_id),
    index('gl_contrato_gl_plano_id_idx').on(t.gl_plano_id),
    check('gl_contrato_periodo_ck', sql`${t.periodo_fim} >= ${t.periodo_inicio}`),
  ],
);

/** A plan change of a contract: pending until applied (now or at the period's close) or cancelled. */
export const glContratoEvento = pgTable(
  'gl_contrato_evento',
  {
    ...auditoria(),
    gl_contrato_id: integer('gl_contrato_id')
      .notNull()
      .references(() => glContrato.id, { onDelete: 'restrict' }),
    gl_plano_id: integer('gl_plano_id')
      .notNull()
      .references(() => glPlano.id, { onDelete: 'restrict' }),
    gl_plano_pagamento_id: integer('gl_plano_pagamento_id')
      .notNull()
      .references(() => glPlanoPagamento.id, { onDelete: 'restrict' }),
    /** NULL = free (the virtual account -1). */
    pg_conta_id: integer('pg_conta_id').references(() => pgConta.id, { onDelete: 'restrict' }),
    situacao: text('situacao').notNull().default('pendente'),
    /** Timing 1 (immediately) = true; timing 2 (at the close of the current plan) = false. */
    imediato: boolean('imediato').notNull().default(false),
    /** The day a scheduled change is applied. */
    agendamento_data: dia('agendamento_data'),
    datahora_aplicado: instante('datahora_aplicado'),
    datahora_cancelado: instante('datahora_cancelado'),
    /** Who asked for the change. */
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, {
      onDelete: 'restrict',
    }),
    /** The client's Idempotency-Key of the submit (decision 020): a retried submit is this change. */
    chave_idempotencia: text('chave_idempotencia'),
  },
  (t) => [
    // One pending change per contract.
    uniqueIndex('gl_contrato_evento_pendente_uq')
      .on(t.gl_contrato_id)
      .where(sql`situacao = 'pendente'`),
    // One change per submit: a person's key names at most one change.
    uniqueIndex('gl_contrato_evento_idempotencia_uq')
      .on(t.gl_usuario_id, t.chave_idempotencia)
      .where(sql`chave_idempotencia is not null`),
    index('gl_contrato_evento_gl_contrato_id_idx').on(t.gl_contrato_id),
    // The scheduler's work list.
    index('gl_contrato_evento_agendamento_idx')
      .on(t.agendamento_data)
      .where(sql`situacao = 'pendente'`),
    index('gl_contrato_evento_gl_usuario_id_idx').on(t.gl_usuario_id),
    check(
      'gl_contrato_evento_situacao_ck',
      sql`${t.situacao} in ('pendente', 'aplicado', 'cancelado')`,
    ),
  ],
);

/** Proof files sent with a plan change. */
export const glContratoEventoArquivo = pgTable(
  'gl_contrato_evento_arquivo',
  {
    ...auditoria(),
    gl_contrato_evento_id: integer('gl_contrato_evento_id')
      .notNull()
      .references(() => glContratoEvento.id, { onDelete: 'cascade' }),
    gl_arquivo_id: integer('gl_arquivo_id')
      .notNull()
      .references(() => glArquivo.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('gl_contrato_evento_arquivo_uq').on(t.gl_contrato_evento_id, t.gl_arquivo_id),
    index('gl_contrato_evento_arquivo_gl_arquivo_id_idx').on(t.gl_arquivo_id),
  ],
);

/**
 * A cancellation of a subscription asked online (issue 41, decision 113; Decreto 11.034/2022:
 * by the channel it was contracted, taken at once, with a protocol number). Pending until
 * the period close applies it (acesso_ate, the last day of access, is the period's end), or
 * effective at once (imediato, and always under the withdrawal right of CDC art. 49,
 * arrependimento); a pending one may be withdrawn (desistido). At most one pending per contract.
 */
export const glContratoCancelamento = pgTable(
  'gl_contrato_cancelamento',
  {
    ...auditoria(),
    gl_contrato_id: integer('gl_contrato_id')
      .notNull()
      .references(() => glContrato.id, { onDelete: 'restrict' }),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'restrict' }),
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, { onDelete: 'set null' }),
    /** Given to the customer at once: 'CAN' + the São Paulo day + a sequence. */
    protocolo: text('protocolo')
      .notNull()
      .unique('gl_contrato_cancelamento_protocolo_uq')
      .default(
        sql`'CAN' || to_char(now() at time zone 'America/Sao_Paulo', 'YYYYMMDD') || lpad(nextval('gl_contrato_cancelamento_protocolo_seq')::text, 6, '0')`,
      ),
    motivo: text('motivo').notNull(),
    motivo_texto: text('motivo_texto'),
    imediato: boolean('imediato').notNull(),
    arrependimento: boolean('arrependimento').notNull().default(false),
    acesso_ate: dia('acesso_ate').notNull(),
    situacao: text('situacao').notNull().default('pendente'),
    datahora_efetivado: instante('datahora_efetivado'),
    datahora_desistido: instante('datahora_desistido'),
  },
  (t) => [
    uniqueIndex('gl_contrato_cancelamento_pendente_uq').on(t.gl_contrato_id).where(sql`situacao = 'pendente'`),
    index('gl_contrato_cancelamento_criado_idx').on(t.datahora_criado),
    check('gl_contrato_cancelamento_situacao_ck', sql`${t.situacao} in ('pendente', 'efetivado', 'desistido')`),
  ],
);
