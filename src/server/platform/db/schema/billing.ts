/** The recurring billing (modules/billing; decision 102): adjustments between invoices, the runs. */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { auditoria, dinheiro, instante } from './columns.ts';
import { glContrato, glContratoEvento } from './contracts.ts';
import { pgFatura } from './invoices.ts';

/**
 * What a contract owes or is owed between invoices (decision 102): prorations of an immediate
 * plan change, the difference of a period billed before its plan changed, a credit carried
 * over. The next invoice of the contract takes every open one (pg_fatura_id set in its
 * transaction, once).
 */
export const glContratoAjuste = pgTable(
  'gl_contrato_ajuste',
  {
    ...auditoria(),
    gl_contrato_id: integer('gl_contrato_id')
      .notNull()
      .references(() => glContrato.id, { onDelete: 'restrict' }),
    descricao: text('descricao').notNull(),
    unidade: text('unidade'),
    qtde: numeric('qtde', { precision: 12, scale: 4, mode: 'string' }),
    /** Negative for a credit. */
    valor: dinheiro('valor').notNull(),
    /** The plan change it comes from, if any. */
    gl_contrato_evento_id: integer('gl_contrato_evento_id').references(() => glContratoEvento.id, {
      onDelete: 'restrict',
    }),
    pg_fatura_id: integer('pg_fatura_id').references(() => pgFatura.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('gl_contrato_ajuste_abertos_idx').on(t.gl_contrato_id).where(sql`pg_fatura_id is null`),
    index('gl_contrato_ajuste_pg_fatura_id_idx').on(t.pg_fatura_id),
  ],
);

/** The billing runs that did something (issued, rolled over, failed): Administração → Faturamento. */
export const pgFaturamentoExecucao = pgTable(
  'pg_faturamento_execucao',
  {
    ...auditoria(),
    datahora_inicio: instante('datahora_inicio').notNull(),
    datahora_fim: instante('datahora_fim').notNull(),
    faturas: integer('faturas').notNull().default(0),
    valor_total: dinheiro('valor_total').notNull().default('0.00'),
    periodos_renovados: integer('periodos_renovados').notNull().default(0),
    vencidas: integer('vencidas').notNull().default(0),
    erros: integer('erros').notNull().default(0),
    ultimo_erro: text('ultimo_erro'),
    /** 'automatico' (the periodic run) or 'manual' (staff's 'Emitir agora'). */
    tipo: text('tipo').notNull().default('automatico'),
  },
  (t) => [index('pg_faturamento_execucao_inicio_idx').on(t.datahora_inicio.desc())],
);
