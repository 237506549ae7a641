/** Invoices and NFS-e (modules/invoices): items, PIX payments, reminders, refunds. */
import { sql } from 'drizzle-orm';
import { char, check, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { glCliente } from './clients.ts';
import { auditoria, dia, dinheiro, instante, trigramIndexes } from './columns.ts';
import { glContrato, glContratoCancelamento } from './contracts.ts';
import { glPlanoPagamento, pgConta } from './plans.ts';
import { glArquivo } from './storage.ts';

/** An invoice. situacao: 5 fechada/emitida, 6 paga, 8 vencida (other codes possible). */
export const pgFatura = pgTable(
  'pg_fatura',
  {
    ...auditoria(),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'restrict' }),
    gl_contrato_id: integer('gl_contrato_id').references(() => glContrato.id, {
      onDelete: 'restrict',
    }),
    situacao: smallint('situacao').notNull(),
    data_vencimento: dia('data_vencimento').notNull(),
    /** When it was paid. */
    datahora_confirmado: instante('datahora_confirmado'),
    /** The sum of its items' valor. */
    valor: dinheiro('valor').notNull(),
    servico_discriminacao: text('servico_discriminacao'),
    /** The first day of the period it bills. */
    data_competencia: dia('data_competencia'),
    /** Its last day (invoices of the billing run). */
    periodo_fim: dia('periodo_fim'),
    /** 'manual' (typed by staff), 'recorrente' (a period, billing run), 'ajuste' (prorations). */
    origem: text('origem').notNull().default('manual'),
    /** The payment option a period was priced with: the roll-over compares it (decision 102). */
    gl_plano_pagamento_id: integer('gl_plano_pagamento_id').references(() => glPlanoPagamento.id, {
      onDelete: 'restrict',
    }),
    /** SHA-256 of the single-use link a manager approves a held invoice with (situação 4). */
    aprovacao_token_hash: text('aprovacao_token_hash'),
  },
  (t) => [
    // The staff's invoice list: its order, and its search of the service text (issue 37).
    index('pg_fatura_vencimento_idx').on(t.data_vencimento.desc(), t.id.desc()),
    ...trigramIndexes('pg_fatura', [t.servico_discriminacao]),
    index('pg_fatura_gl_cliente_id_vencimento_idx').on(
      t.gl_cliente_id,
      t.data_vencimento.desc().nullsFirst(),
    ),
    index('pg_fatura_gl_contrato_id_idx').on(t.gl_contrato_id),
    // Each period of a contract is billed once (cancelled invoices aside): the last word on it.
    uniqueIndex('pg_fatura_contrato_competencia_uq')
      .on(t.gl_contrato_id, t.data_competencia)
      .where(sql`origem = 'recorrente' and situacao <> 9`),
    uniqueIndex('pg_fatura_aprovacao_token_uq').on(t.aprovacao_token_hash),
    // The open invoices by due date: the run marks the overdue ones (situação 8).
    index('pg_fatura_abertas_vencimento_idx').on(t.data_vencimento).where(sql`situacao = 5`),
    // The unpaid invoices by due date: the reminders job's windows read only these, so a run
    // costs what it may send, not the table (issue 37).
    index('pg_fatura_a_pagar_vencimento_idx').on(t.data_vencimento, t.id).where(sql`situacao in (5, 8)`),
    // A client's unpaid invoices, the next due first: the Painel's summary (issue 39) reads
    // these and never the client's paid history.
    index('pg_fatura_a_pagar_cliente_idx')
      .on(t.gl_cliente_id, t.data_vencimento, t.id)
      .where(sql`situacao in (5, 8)`),
    check('pg_fatura_origem_ck', sql`${t.origem} in ('manual', 'recorrente', 'ajuste')`),
  ],
);

/**
 * Each PIX payment a PSP reported through the webhook (issue 20), once: the end-to-end id is the
 * payment's identity in the Pix system, so a repeated notification finds its row and changes
 * nothing. resultado says what it did: confirmada (the invoice is now paid), ja_paga, valor_divergente
 * or fatura_desconhecida (kept for staff).
 */
export const pgPixRecebimento = pgTable(
  'pg_pix_recebimento',
  {
    ...auditoria(),
    end_to_end_id: text('end_to_end_id').notNull().unique('pg_pix_recebimento_end_to_end_id_uq'),
    pg_conta_id: integer('pg_conta_id')
      .notNull()
      .references(() => pgConta.id, { onDelete: 'restrict' }),
    pg_fatura_id: integer('pg_fatura_id').references(() => pgFatura.id, { onDelete: 'set null' }),
    txid: text('txid'),
    valor: dinheiro('valor').notNull(),
    /** When the payer's bank settled it (the PSP's horario). */
    datahora_pagamento: instante('datahora_pagamento').notNull(),
    resultado: text('resultado').notNull(),
  },
  (t) => [
    index('pg_pix_recebimento_pg_fatura_id_idx').on(t.pg_fatura_id),
    check(
      'pg_pix_recebimento_resultado_ck',
      sql`${t.resultado} in ('confirmada', 'ja_paga', 'valor_divergente', 'fatura_desconhecida')`,
    ),
  ],
);

/**
 * An invoice paid for a contract withdrawn under CDC art. 49 (issue 41): its amount is to be
 * returned. Staff see the list and mark what they refunded; the refund itself is outside the portal.
 */
export const pgFaturaReembolso = pgTable(
  'pg_fatura_reembolso',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .references(() => pgFatura.id, { onDelete: 'restrict' })
      .unique('pg_fatura_reembolso_fatura_uq'),
    gl_contrato_cancelamento_id: integer('gl_contrato_cancelamento_id')
      .notNull()
      .references(() => glContratoCancelamento.id, { onDelete: 'restrict' }),
    valor: dinheiro('valor').notNull(),
    situacao: text('situacao').notNull().default('pendente'),
    datahora_reembolsado: instante('datahora_reembolsado'),
  },
  (t) => [check('pg_fatura_reembolso_situacao_ck', sql`${t.situacao} in ('pendente', 'reembolsado')`)],
);

/**
 * The payment reminders sent (issue 20): one row per invoice and kind, so however many instances
 * run the job, each reminder is e-mailed once (the row and the e-mails are one transaction).
 */
export const pgFaturaLembrete = pgTable(
  'pg_fatura_lembrete',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .references(() => pgFatura.id, { onDelete: 'cascade' }),
    /** vencimento: 3 days before the due date; atraso: the day after it. */
    tipo: text('tipo').notNull(),
  },
  (t) => [
    uniqueIndex('pg_fatura_lembrete_uq').on(t.pg_fatura_id, t.tipo),
    check('pg_fatura_lembrete_tipo_ck', sql`${t.tipo} in ('vencimento', 'atraso')`),
  ],
);

/** An invoice line. valor is the line's total (not a unit price); qtde may be 0. */
export const pgFaturaItem = pgTable(
  'pg_fatura_item',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .references(() => pgFatura.id, { onDelete: 'cascade' }),
    codigo: text('codigo'),
    descricao: text('descricao').notNull(),
    unidade: text('unidade'),
    qtde: numeric('qtde', { precision: 12, scale: 4, mode: 'string' }),
    valor: dinheiro('valor'),
  },
  (t) => [index('pg_fatura_item_pg_fatura_id_idx').on(t.pg_fatura_id)],
);

/** The tax service note (NFS-e) of an invoice. */
export const pgNfse = pgTable(
  'pg_nfse',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .unique('pg_nfse_pg_fatura_id_uq')
      .references(() => pgFatura.id, { onDelete: 'restrict' }),
    nf_numero: text('nf_numero').notNull(),
    datahora_emissao: instante('datahora_emissao').notNull(),
    /** The national NFS-e access key (50 characters). */
    chave_acesso: char('chave_acesso', { length: 50 }),
    /** The note at the city hall's site; the "view" action is enabled only when present. */
    url_visualizar: text('url_visualizar'),
    pdf_arquivo_id: integer('pdf_arquivo_id').references(() => glArquivo.id, {
      onDelete: 'restrict',
    }),
    xml_arquivo_id: integer('xml_arquivo_id').references(() => glArquivo.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('pg_nfse_pdf_arquivo_id_idx').on(t.pdf_arquivo_id),
    index('pg_nfse_xml_arquivo_id_idx').on(t.xml_arquivo_id),
  ],
);
