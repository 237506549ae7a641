import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { formatDate, fromCents } from '#shared/format';
import { SITUACAO } from '#shared/schemas/invoices';
import type { Queryable } from '../../platform/db/database.ts';
import { loggableError } from '../../platform/db/errors.ts';
import { glContrato, glContratoAjuste, pgFatura, pgFaturamentoExecucao } from '../../platform/db/schema.ts';
import { billablePeriod, type ScheduledChange } from './next-period.ts';
import { newReadCache } from './read-cache.ts';
import {
  adjustmentLine,
  draftInvoice,
  openAdjustments,
  productBilling,
  writeInvoice,
  writeInvoices,
  type InvoiceDraft,
  type InvoiceSpec,
  type IssueContext,
  type IssuedInvoice,
} from './issue-invoice.ts';
import { periodLine, sumCents } from './pricing.ts';

/**
 * The billing run's, the forecast's and 'Emitir agora''s condition: no cancellation pending to a
 * day before the period it would bill. SQL over the caller's contract id and next period
 * (the cancellation itself belongs to modules/contracts).
 */
export const noCancellationBefore = (contratoId: SQL, proximaCompetencia: SQL) =>
  sql`not exists (select 1 from gl_contrato_cancelamento k where k.gl_contrato_id = ${contratoId} and k.situacao = 'pendente' and k.acesso_ate < ${proximaCompetencia})`;

/** Contracts billed per transaction: a crash loses at most one batch's work, redone next run. */
const BATCH_SIZE = 100;

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
  cache: newReadCache(),
});

/** What billing a contract's next period writes: its invoice (none for a free period), and how far it is billed. */
interface PeriodBilling {
  contract: Contract;
  draft: InvoiceDraft | null;
  billedUntil: string;
}

/**
 * Decides the invoice of the contract's next period (decision 102), the contract locked by the
 * caller. A free period issues nothing and only moves the billing forward. `known` is what the
 * caller read of the contract already (the run reads it with the lock).
 */
async function planNextPeriod(
  tx: Queryable,
  contract: Contract,
  context: IssueContext,
  known: { scheduled?: ScheduledChange | null; hasAdjustments?: boolean } = {},
): Promise<PeriodBilling> {
  const next = await billablePeriod(tx, contract, {
    ...(known.scheduled !== undefined && { scheduled: known.scheduled }),
    ...(context.cache && { cache: context.cache }),
  });
  if (next.free) return { contract, draft: null, billedUntil: next.period.end };
  const adjustments = known.hasAdjustments === false ? [] : await openAdjustments(tx, contract.id);
  const { option, period } = next;
  const spec: InvoiceSpec = {
    origem: 'recorrente',
    period,
    gl_plano_pagamento_id: option.id,
    lines: [periodLine(option, period, next.price)],
    adjustments,
    discriminacao: `Assinatura — ${option.planoNome} (${option.cobrancaTipoDesc}), período de ${formatDate(period.start)} a ${formatDate(period.end)}${adjustments.length > 0 ? ', com os ajustes de mudança de plano listados nos itens' : ''}.`,
  };
  const product = await productBilling(tx, contract.gl_produto_id, context.cache);
  return { contract, draft: draftInvoice(contract, spec, product, context), billedUntil: period.end };
}

/**
 * Writes the periods' invoices and moves each contract's faturado_ate, in one statement per
 * table. The conditional update (faturado_ate as it was read) and the unique index on contract +
 * competência make a second attempt at the same period fail instead of billing it twice.
 */
async function writePeriods(
  tx: Queryable,
  periods: readonly PeriodBilling[],
  context: IssueContext,
): Promise<IssuedInvoice[]> {
  if (periods.length === 0) return [];
  const issued = await writeInvoices(
    tx,
    periods.flatMap((period) => (period.draft ? [period.draft] : [])),
    context,
  );
  const values = sql.join(
    periods.map(
      ({ contract, billedUntil }) => sql`(${contract.id}::int, ${contract.faturado_ate}::date, ${billedUntil}::date)`,
    ),
    sql`, `,
  );
  const moved = (await tx.execute<{ id: number }>(sql`
    update gl_contrato c set faturado_ate = v.ate
    from (values ${values}) as v(id, antes, ate)
    where c.id = v.id and c.faturado_ate is not distinct from v.antes
    returning c.id
  `)) as { rows: { id: number }[] };
  if (moved.rows.length !== periods.length) throw new Error('gl_contrato: billed concurrently');
  return issued;
}

/**
 * Issues the invoice of the contract's next period (decision 102), in the caller's transaction,
 * which holds the contract's row lock; null for a free period, which only moves the billing on.
 */
export async function billNextPeriod(
  tx: Queryable,
  contract: Contract,
  context: IssueContext,
): Promise<IssuedInvoice | null> {
  const [issued] = await writePeriods(tx, [await planNextPeriod(tx, contract, context)], context);
  return issued ?? null;
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

/** A contract the run claimed, with what it read of it in the same statement. */
interface Claimed {
  contract: Contract;
  scheduled?: ScheduledChange | null;
  hasAdjustments?: boolean;
}

/**
 * Contracts whose next period is within the lead time, locked (others' locks skipped), with
 * their change scheduled for the close and whether they have open adjustments: one statement
 * for what would be three per contract.
 */
async function dueContracts(tx: Queryable, lastDay: string, skip: readonly number[]): Promise<Claimed[]> {
  // Written out: drizzle leaves a select's columns unqualified, and inside these subqueries an
  // unqualified "id" would be gl_contrato_evento's own.
  const pending = sql`from gl_contrato_evento e where e.gl_contrato_id = gl_contrato.id and e.situacao = 'pendente' and not e.imediato`;
  const rows = await tx
    .select({
      contract: getTableColumns(glContrato),
      scheduledOption: sql<number | null>`(select e.gl_plano_pagamento_id ${pending} limit 1)`,
      scheduledConta: sql<number | null>`(select e.pg_conta_id ${pending} limit 1)`,
      hasScheduled: sql<boolean>`exists (select 1 ${pending})`,
      hasAdjustments: sql<boolean>`exists (select 1 from gl_contrato_ajuste a where a.gl_contrato_id = gl_contrato.id and a.pg_fatura_id is null)`,
    })
    .from(glContrato)
    .where(
      and(
        eq(glContrato.ativo, true),
        sql`${glContrato.proxima_competencia} <= ${lastDay}`,
        sql`${glContrato.proxima_competencia} <= ${glContrato.periodo_fim} + 1`,
        noCancellationBefore(sql`gl_contrato.id`, sql`gl_contrato.proxima_competencia`),
        skip.length > 0 ? notInArray(glContrato.id, [...skip]) : undefined,
      ),
    )
    .orderBy(asc(glContrato.proxima_competencia), asc(glContrato.id))
    .limit(BATCH_SIZE)
    .for('update', { of: glContrato, skipLocked: true });
  return rows.map((row) => ({
    contract: row.contract,
    scheduled:
      row.hasScheduled
        ? { optionId: Number(row.scheduledOption), contaId: row.scheduledConta === null ? null : Number(row.scheduledConta) }
        : null,
    hasAdjustments: row.hasAdjustments,
  }));
}

/** Contracts with open adjustments adding up to a charge, locked (others' locks skipped). */
async function contractsOwingAdjustments(tx: Queryable, skip: readonly number[]): Promise<Claimed[]> {
  const owing = tx
    .select({ id: glContratoAjuste.gl_contrato_id })
    .from(glContratoAjuste)
    .where(isNull(glContratoAjuste.pg_fatura_id))
    .groupBy(glContratoAjuste.gl_contrato_id)
    .having(gt(sql`sum(${glContratoAjuste.valor})`, 0));
  const contracts = await tx
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
  return contracts.map((contract) => ({ contract }));
}

type BatchWork = (tx: Queryable, claimed: readonly Claimed[]) => Promise<IssuedInvoice[]>;
type SingleWork = (tx: Queryable, contract: Contract) => Promise<IssuedInvoice | null>;

/**
 * One pass of work over batches of locked contracts, a transaction per batch. When the batch
 * fails, it is rolled back and its contracts done again one transaction each, so the failing one
 * is reported and left for the next run while the others are billed.
 */
async function inBatches(
  db: Queryable,
  select: (tx: Queryable, skip: readonly number[]) => Promise<Claimed[]>,
  work: { batch: BatchWork; single: SingleWork },
  report: BillingReport,
  log: BillingOptions['log'],
  failed: number[],
  onFullBatch: () => void = () => {},
): Promise<void> {
  for (;;) {
    let claimed: Claimed[] = [];
    try {
      const issued = await db.transaction(async (tx) => {
        claimed = await select(tx, failed);
        return work.batch(tx, claimed);
      });
      count(report, issued);
    } catch {
      // Again one by one, each in its own transaction with the row locked anew.
      for (const item of claimed) {
        try {
          const issued = await db.transaction(async (tx) => {
            const [locked] = await tx
              .select()
              .from(glContrato)
              .where(eq(glContrato.id, item.contract.id))
              .for('update', { skipLocked: true });
            return locked ? work.single(tx, locked) : null;
          });
          count(report, issued ? [issued] : []);
        } catch (error) {
          failed.push(item.contract.id);
          report.erros += 1;
          report.ultimoErro = `Contrato ${item.contract.id}: ${error instanceof Error ? error.message : String(error)}`;
          log?.error({ err: loggableError(error), contrato: item.contract.id }, 'billing: contract not billed');
        }
      }
      if (claimed.length === 0) throw new Error('billing: the batch could not be claimed');
    }
    if (claimed.length < BATCH_SIZE) return;
    onFullBatch();
  }
}

function count(report: BillingReport, issued: readonly IssuedInvoice[]): void {
  for (const invoice of issued) {
    report.faturas += 1;
    report.cents += invoice.cents;
  }
}

/** Batches claimed at once by one run: the round trips of one overlap the work of the other. */
const LANES = 2;

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
  const failed: number[] = [];
  // One lane first; the others join when its first batch is full, so a run with little to do
  // costs one lane's round trips.
  const lanes = async (select: Parameters<typeof inBatches>[1], work: Parameters<typeof inBatches>[2]) => {
    const others: Promise<void>[] = [];
    const startOthers = () => {
      while (others.length < LANES - 1) others.push(inBatches(db, select, work, report, options.log, failed));
    };
    await inBatches(db, select, work, report, options.log, failed, startOthers);
    await Promise.all(others);
  };
  await lanes((tx, skip) => dueContracts(tx, lastDay, skip), {
    batch: async (tx, claimed) => {
      const periods: PeriodBilling[] = [];
      for (const { contract, scheduled, hasAdjustments } of claimed) {
        periods.push(
          await planNextPeriod(tx, contract, context, {
            ...(scheduled !== undefined && { scheduled }),
            ...(hasAdjustments !== undefined && { hasAdjustments }),
          }),
        );
      }
      return writePeriods(tx, periods, context);
    },
    single: (tx, contract) => billNextPeriod(tx, contract, context),
  });
  await lanes(contractsOwingAdjustments, {
    batch: async (tx, claimed) => {
      const issued: IssuedInvoice[] = [];
      for (const { contract } of claimed) {
        const invoice = await billOpenAdjustments(tx, contract, context);
        if (invoice) issued.push(invoice);
      }
      return issued;
    },
    single: (tx, contract) => billOpenAdjustments(tx, contract, context),
  });
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
