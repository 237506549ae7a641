import { and, eq, sql } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { fromCents, toCents } from '#shared/format';
import { BILLING_MESSAGES, type BillingForecast } from '#shared/schemas/billing';
import { SITUACAO } from '#shared/schemas/invoices';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glContrato, glContratoCancelamento, pgFatura } from '../../platform/db/schema.ts';
import { noCancellationBefore } from './billing-run.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { hashToken } from '../../platform/session/tokens.ts';
import {
  billNextPeriod,
  billOpenAdjustments,
  recordRun,
  type BillingOptions,
  type BillingReport,
} from './billing-run.ts';
import { queueNotices, type IssuedInvoice } from './issue-invoice.ts';

/**
 * Staff's 'Emitir agora' for one contract (decision 102): the invoice the run would issue it next
 * (the one the plan-change preview shows), whatever the lead time. Under the contract's row lock, like the
 * run, so the two never bill the same period twice; recorded as a manual run and in the trail.
 */
export async function issueNow(
  db: Database,
  contratoId: number,
  options: BillingOptions,
  origin: AuditOrigin,
  now = new Date(),
): Promise<IssuedInvoice> {
  const context = {
    providerName: options.providerName,
    publicUrl: options.publicUrl,
    now,
    today: todayInSaoPaulo(now),
  };
  return db.transaction(async (tx) => {
    const [contract] = await tx.select().from(glContrato).where(eq(glContrato.id, contratoId)).for('update');
    if (!contract) throw notFound(BILLING_MESSAGES.contractNotFound, 'contract_not_found');
    if (!contract.ativo) throw conflict(BILLING_MESSAGES.contractInactive, 'contract_inactive');
    // What the run would issue next, now: the period when it is due, else a charge of
    // adjustments, else the next period ahead of its time (the plan-change preview's order).
    const [cancelled] = await tx
      .select({ acessoAte: glContratoCancelamento.acesso_ate })
      .from(glContratoCancelamento)
      .where(and(eq(glContratoCancelamento.gl_contrato_id, contract.id), eq(glContratoCancelamento.situacao, 'pendente')));
    // A cancellation pending to the period's end (issue 41): nothing after it is billed.
    const nextUnbilled = contract.proxima_competencia <= addDays(contract.periodo_fim, 1) && !(cancelled && cancelled.acessoAte < contract.proxima_competencia);
    const periodDue = nextUnbilled && addDays(contract.proxima_competencia, -options.leadDays) <= context.today;
    let issued = periodDue ? await billNextPeriod(tx, contract, context) : null;
    issued ??= await billOpenAdjustments(tx, contract, context);
    if (!issued && nextUnbilled) issued = await billNextPeriod(tx, contract, context);
    if (!issued) throw conflict(BILLING_MESSAGES.nothingToIssue, 'nothing_to_issue');
    const report: BillingReport = { faturas: 1, cents: issued.cents, vencidas: 0, erros: 0, ultimoErro: null };
    await recordRun(tx, report, now, 'manual');
    await recordAudit(tx, {
      ...origin,
      action: 'faturamento_manual',
      resource: 'gl_contrato',
      resourceId: contratoId,
      details: { pg_fatura_id: issued.id, valor: fromCents(issued.cents) },
    });
    return issued;
  });
}

/**
 * The next run's forecast (Administração → Faturamento): the contracts whose next period falls
 * within the lead time and is not billed yet, and what their periods cost at their option's price
 * (prorations, promotions and changes scheduled for the close are the run's to apply).
 */
export async function billingForecast(db: Queryable, leadDays: number, now = new Date()): Promise<BillingForecast> {
  const lastDay = addDays(todayInSaoPaulo(now), leadDays);
  // Priced as billNextPeriod prices it (next-period.ts, pricing.ts): the option a change
  // scheduled for the close gives the next period (promotional for its first months), else the
  // contract's (promotional before promocao_ate); nothing for a free option or no account; the
  // open adjustments on a paid period, and never below zero (the rest is carried). Written out
  // because drizzle leaves a select's columns unqualified inside subqueries.
  const result = (await db.execute<{ contratos: number; total: string }>(sql`
    select count(*)::int as contratos, coalesce(sum(greatest(x.preco + x.ajustes, 0)), 0)::numeric(12,2)::text as total
    from (
      select
        case
          when coalesce(s.flag_gratuito, o.flag_gratuito) or (case when s.id is null then c.pg_conta_id else e.pg_conta_id end) is null then 0
          when s.id is not null then case when s.flag_promocao and s.valor_promocional is not null then s.valor_promocional else s.valor end
          when c.promocao_ate is not null and o.valor_promocional is not null and c.proxima_competencia < c.promocao_ate then o.valor_promocional
          else o.valor
        end as preco,
        coalesce((select sum(a.valor) from gl_contrato_ajuste a where a.gl_contrato_id = c.id and a.pg_fatura_id is null), 0) as ajustes
      from gl_contrato c
      join gl_plano_pagamento o on o.id = c.gl_plano_pagamento_id
      left join lateral (
        select ev.gl_plano_pagamento_id, ev.pg_conta_id from gl_contrato_evento ev
        where ev.gl_contrato_id = c.id and ev.situacao = 'pendente' and not ev.imediato
          and c.proxima_competencia > c.periodo_inicio
        limit 1
      ) e on true
      left join gl_plano_pagamento s on s.id = e.gl_plano_pagamento_id
      where c.ativo and c.proxima_competencia <= ${lastDay}::date and c.proxima_competencia <= c.periodo_fim + 1
        and ${noCancellationBefore(sql`c.id`, sql`c.proxima_competencia`)}
    ) x
  `)) as { rows: { contratos: number; total: string }[] };
  const [row] = result.rows;
  return { contratos: Number(row?.contratos ?? 0), valor_total: row?.total ?? '0.00', ate: lastDay, antecedencia_dias: leadDays };
}

/**
 * A manager's approval of an invoice held for it (decision 102; §2 fatura.emitidaAviso): the
 * single-use link's token, taken by one conditional update (the token forgotten with it), makes
 * the invoice go out (situação 5) with its issue notice, in one transaction. False when the link
 * is unknown or was used.
 */
export async function approveInvoice(
  db: Database,
  token: string,
  context: { providerName: string; publicUrl: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .update(pgFatura)
      .set({ situacao: SITUACAO.fechada, aprovacao_token_hash: null })
      .where(
        and(
          eq(pgFatura.aprovacao_token_hash, hashToken(token)),
          eq(pgFatura.situacao, SITUACAO.aguardandoAprovacao),
        ),
      )
      .returning({
        id: pgFatura.id,
        valor: pgFatura.valor,
        vencimento: pgFatura.data_vencimento,
        clienteId: pgFatura.gl_cliente_id,
        contratoId: pgFatura.gl_contrato_id,
      });
    if (!invoice) return false;
    const [contract] =
      invoice.contratoId === null
        ? []
        : await tx.select({ contaId: glContrato.pg_conta_id }).from(glContrato).where(eq(glContrato.id, invoice.contratoId));
    await queueNotices(
      tx,
      [
        {
          invoice: {
            id: invoice.id,
            cents: toCents(invoice.valor) ?? 0,
            situacao: SITUACAO.fechada,
            vencimento: invoice.vencimento,
          },
          clienteId: invoice.clienteId,
          contaId: contract?.contaId ?? null,
          approvalToken: null,
        },
      ],
      context,
    );
    return true;
  });
}

/**
 * Staff cancel an invoice (a correction is a cancellation plus a new invoice, decision 102):
 * an unpaid one becomes 9 'Cancelada', kept and listed; paid ones are refused. A cancelled
 * period invoice is billed again by the run only if staff move the contract back (its
 * faturado_ate is left as it is: 'Emitir agora' or a manual invoice makes the new one).
 */
export async function cancelInvoice(db: Database, faturaId: number, origin: AuditOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(pgFatura)
      .set({ situacao: SITUACAO.cancelada })
      .where(
        and(
          eq(pgFatura.id, faturaId),
          sql`${pgFatura.situacao} in (${SITUACAO.aguardandoAprovacao}, ${SITUACAO.fechada}, ${SITUACAO.vencida})`,
        ),
      )
      .returning({ id: pgFatura.id });
    if (!cancelled) {
      const [exists] = await tx.select({ id: pgFatura.id }).from(pgFatura).where(eq(pgFatura.id, faturaId));
      if (!exists) throw notFound();
      throw conflict(BILLING_MESSAGES.notCancellable, 'not_cancellable');
    }
    await recordAudit(tx, { ...origin, action: 'fatura_cancelada', resource: 'pg_fatura', resourceId: faturaId });
  });
}
