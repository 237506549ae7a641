import { and, asc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { formatDate, fromCents } from '#shared/format';
import { SITUACAO } from '#shared/schemas/invoices';
import type { Queryable } from '../../db/database.ts';
import { loggableError } from '../../db/errors.ts';
import { glContrato, glContratoAjuste, pgFatura, pgFaturamentoExecucao } from '../../db/schema.ts';
import { billablePeriod } from './next-period.ts';
import { openAdjustments, writeInvoice, type IssueContext, type IssuedInvoice } from './issue-invoice.ts';
import { periodLine, sumCents } from './pricing.ts';
import { adjustmentLine } from './issue-invoice.ts';

/** Contracts billed per transaction: a crash loses at most one batch's work, redone next run. */
const BATCH_SIZE = 25;

type Contract = typeof glContrato.$inferSelect;

export interface BillingOptions {
  providerName: string;
  publicUrl: string;
  /** Days before a period starts when its invoice is issued (BILLING_LEAD_DAYS). */
  leadDays: number;
  /** Logs one line per contract that failed (the run goes on with the others). */
  log?: { error(object: object, message: string): void };
}

export interface BillingReport {
  faturas: number;
  /** Total of the invoices issued, in cents. */
  cents: number;
  vencidas: number;
  erros: number;
  ultimoErro: string | null;
}

const contextFor = (options: BillingOptions, now: Date): IssueContext => ({
  providerName: options.providerName,
  publicUrl: options.publicUrl,
  now,
  today: todayInSaoPaulo(now),
});

/**
 * Issues the invoice of the contract's next period (decision 102), in the caller's transaction,
 * which holds the contract's row lock. A free period issues nothing and only moves the billing
 * forward. The conditional update of faturado_ate and the unique index on contract + competência
 * make a second attempt at the same period fail instead of billing it twice.
 */
export async function billNextPeriod(
  tx: Queryable,
  contract: Contract,
  context: IssueContext,
): Promise<IssuedInvoice | null> {
  const next = await billablePeriod(tx, contract);
  let issued: IssuedInvoice | null = null;
  if (!next.free) {
    const adjustments = await openAdjustments(tx, contract.id);
    const { option, period } = next;
    issued = await writeInvoice(
      tx,
      contract,
      {
        origem: 'recorrente',
        period,
        gl_plano_pagamento_id: option.id,
        lines: [periodLine(option, period, next.price)],
        adjustments,
        discriminacao: `Assinatura — ${option.planoNome} (${option.cobrancaTipoDesc}), período de ${formatDate(period.start)} a ${formatDate(period.end)}${adjustments.length > 0 ? ', com os ajustes de mudança de plano listados nos itens' : ''}.`,
      },
      context,
    );
  }
  const moved = await tx
    .update(glContrato)
    .set({ faturado_ate: next.period.end })
    .where(
      and(
        eq(glContrato.id, contract.id),
        contract.faturado_ate === null
          ? isNull(glContrato.faturado_ate)
          : eq(glContrato.faturado_ate, contract.faturado_ate),
      ),
    )
    .returning({ id: glContrato.id });
  if (moved.length !== 1) throw new Error(`gl_contrato ${contract.id}: billed concurrently`);
  return issued;
}

/**
 * Issues an invoice of the contract's open adjustments alone when they add up to a charge (an
 * immediate upgrade's proration, decision 102); a credit waits for the next period's invoice.
 */
export async function billOpenAdjustments(
  tx: Queryable,
  contract: Contract,
  context: IssueContext,
): Promise<IssuedInvoice | null> {
  const adjustments = await openAdjustments(tx, contract.id);
  if (sumCents(adjustments.map(adjustmentLine)) <= 0) return null;
  return writeInvoice(
    tx,
    contract,
    {
      origem: 'ajuste',
      period: null,
      gl_plano_pagamento_id: null,
      lines: [],
      adjustments,
      discriminacao: 'Ajustes de mudança de plano da assinatura, listados nos itens.',
    },
    context,
  );
}

/** Open invoices past their due date become overdue (situação 8): how many. */
async function markOverdue(db: Queryable, today: string): Promise<number> {
  const marked = await db
    .update(pgFatura)
    .set({ situacao: SITUACAO.vencida })
    .where(and(eq(pgFatura.situacao, SITUACAO.fechada), lt(pgFatura.data_vencimento, today)))
    .returning({ id: pgFatura.id });
  return marked.length;
}

/** Contracts whose next period is within the lead time, locked (others' locks skipped). */
function dueContracts(tx: Queryable, lastDay: string, skip: readonly number[]) {
  return tx
    .select()
    .from(glContrato)
    .where(
      and(
        eq(glContrato.ativo, true),
        sql`${glContrato.proxima_competencia} <= ${lastDay}`,
        sql`${glContrato.proxima_competencia} <= ${glContrato.periodo_fim} + 1`,
        skip.length > 0 ? notInArray(glContrato.id, [...skip]) : undefined,
      ),
    )
    .orderBy(asc(glContrato.proxima_competencia), asc(glContrato.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
}

/** Contracts with open adjustments adding up to a charge, locked (others' locks skipped). */
async function contractsOwingAdjustments(tx: Queryable, skip: readonly number[]) {
  const owing = tx
    .select({ id: glContratoAjuste.gl_contrato_id })
    .from(glContratoAjuste)
    .where(isNull(glContratoAjuste.pg_fatura_id))
    .groupBy(glContratoAjuste.gl_contrato_id)
    .having(gt(sql`sum(${glContratoAjuste.valor})`, 0));
  return tx
    .select()
    .from(glContrato)
    .where(
      and(
        inArray(glContrato.id, owing),
        skip.length > 0 ? notInArray(glContrato.id, [...skip]) : undefined,
      ),
    )
    .orderBy(asc(glContrato.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
}

/**
 * One pass of work over batches of locked contracts: each contract in a savepoint of its own,
 * so one that fails is reported and left for the next run while the batch goes on.
 */
async function inBatches(
  db: Queryable,
  select: (tx: Queryable, skip: readonly number[]) => Promise<Contract[]>,
  work: (tx: Queryable, contract: Contract) => Promise<IssuedInvoice | null>,
  report: BillingReport,
  log: BillingOptions['log'],
): Promise<void> {
  const failed: number[] = [];
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const batch = await select(tx, failed);
      for (const contract of batch) {
        try {
          const issued = await tx.transaction((savepoint) => work(savepoint, contract));
          if (issued) {
            report.faturas += 1;
            report.cents += issued.cents;
          }
        } catch (error) {
          failed.push(contract.id);
          report.erros += 1;
          report.ultimoErro = `Contrato ${contract.id}: ${error instanceof Error ? error.message : String(error)}`;
          log?.error({ err: loggableError(error), contrato: contract.id }, 'billing: contract not billed');
        }
      }
      return batch.length;
    });
    if (claimed < BATCH_SIZE) return;
  }
}

/**
 * The billing run (every BILLING_INTERVAL_MS in each instance, decision 102): overdue invoices
 * marked, the periods within the lead time billed, the open adjustments that add up to a charge
 * billed. Records itself in pg_faturamento_execucao when it did something.
 */
export async function runBilling(
  db: Queryable,
  options: BillingOptions,
  now = new Date(),
): Promise<BillingReport> {
  const context = contextFor(options, now);
  const report: BillingReport = { faturas: 0, cents: 0, vencidas: 0, erros: 0, ultimoErro: null };
  report.vencidas = await markOverdue(db, context.today);
  const lastDay = addDays(context.today, options.leadDays);
  await inBatches(db, (tx, skip) => dueContracts(tx, lastDay, skip), (tx, contract) => billNextPeriod(tx, contract, context), report, options.log);
  await inBatches(db, contractsOwingAdjustments, (tx, contract) => billOpenAdjustments(tx, contract, context), report, options.log);
  if (report.faturas > 0 || report.vencidas > 0 || report.erros > 0) {
    await recordRun(db, report, now, 'automatico');
  }
  return report;
}

export async function recordRun(
  db: Queryable,
  report: BillingReport,
  startedAt: Date,
  tipo: 'automatico' | 'manual',
): Promise<void> {
  await db.insert(pgFaturamentoExecucao).values({
    datahora_inicio: startedAt,
    datahora_fim: new Date(),
    faturas: report.faturas,
    valor_total: fromCents(report.cents),
    vencidas: report.vencidas,
    erros: report.erros,
    ultimo_erro: report.ultimoErro,
    tipo,
  });
}
