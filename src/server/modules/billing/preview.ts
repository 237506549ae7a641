import { and, asc, eq, isNull } from 'drizzle-orm';
import { addDays, periodEnd } from '#shared/dates';
import { dueDate } from '#shared/due-date';
import { fromCents } from '#shared/format';
import type { PlanChangePreview, PreviewLine } from '#shared/schemas/billing';
import type { Queryable } from '../../platform/db/database.ts';
import { glContrato, glContratoAjuste } from '../../platform/db/schema.ts';
import { immediateChangeProration } from './adjustments.ts';
import { adjustmentLine, productBilling } from './issue-invoice.ts';
import { loadOptions } from './options.ts';
import {
  carriedCreditLines,
  periodLine,
  periodPrice,
  promotionEnd,
  rebilledPeriodLines,
  sumCents,
  type PriceLine,
  type PricedOption,
} from './pricing.ts';

type Contract = typeof glContrato.$inferSelect;

const asPreview = (line: PriceLine): PreviewLine => ({
  descricao: line.descricao,
  unidade: line.unidade,
  qtde: line.qtde,
  valor: fromCents(line.cents),
});

const free = (option: PricedOption, contaId: number | null): PricedOption =>
  contaId === null ? { ...option, flagGratuito: true } : option;

/**
 * What a plan change will bill (decision 102), before the person confirms it: the same pricing
 * the change and the run use, on the contract as it is, read-only. The next invoice is the one
 * the run would issue after the change: the next period when it is not billed yet (with the
 * prorations and the open adjustments), or an invoice of the adjustments when they add up to a
 * charge, or else the period after with the credit.
 */
export async function previewPlanChange(
  db: Queryable,
  contract: Contract,
  change: { pagamentoId: number; contaId: number | null; imediato: boolean },
  settings: { leadDays: number; today: string },
): Promise<PlanChangePreview> {
  const { today, leadDays } = settings;
  const options = await loadOptions(db, [contract.gl_plano_pagamento_id, change.pagamentoId]);
  const fromOption = options.get(contract.gl_plano_pagamento_id);
  const toOption = options.get(change.pagamentoId);
  if (!fromOption || !toOption) throw new Error('payment option not found');
  const from = free(fromOption, contract.pg_conta_id);
  const to = free(toOption, change.contaId);
  const appliesOn = change.imediato ? today : addDays(contract.periodo_fim, 1);
  const toPromocaoAte = promotionEnd(to, appliesOn);
  const nextStart = addDays(contract.periodo_fim, 1);
  const currentPrice = periodPrice(from, contract.periodo_inicio, contract.promocao_ate);
  const newPrice = periodPrice(to, nextStart, toPromocaoAte);
  const proration = change.imediato
    ? await immediateChangeProration(db, contract, change.pagamentoId, today)
    : [];
  const open = (
    await db
      .select()
      .from(glContratoAjuste)
      .where(and(eq(glContratoAjuste.gl_contrato_id, contract.id), isNull(glContratoAjuste.pg_fatura_id)))
      .orderBy(asc(glContratoAjuste.id))
  ).map(adjustmentLine);

  const periodInvoice = (start: string, end: string, extra: PriceLine[]) => {
    const price = periodPrice(to, start, toPromocaoAte);
    return [...(price.cents > 0 ? [periodLine(to, { start, end }, price)] : []), ...extra];
  };
  let lines: PriceLine[];
  let issueDay: string;
  let periodStart: string;
  const nextUnbilled = contract.proxima_competencia <= nextStart;
  const pendingNow = [...open, ...proration];
  const billedCurrent = contract.proxima_competencia <= contract.periodo_inicio;
  const unbilledStart = billedCurrent ? contract.periodo_inicio : nextStart;
  const unbilledEnd = billedCurrent ? contract.periodo_fim : periodEnd(nextStart, to.cobrancaTipo);
  const notBefore = (day: string) => (day < today ? today : day);
  if (nextUnbilled && addDays(unbilledStart, -leadDays) <= today) {
    // The run bills the period now, and it takes the adjustments.
    lines = periodInvoice(unbilledStart, unbilledEnd, pendingNow);
    issueDay = today;
    periodStart = unbilledStart;
  } else if (sumCents(pendingNow) > 0) {
    // A charge is billed at once on an invoice of its own.
    lines = pendingNow;
    issueDay = today;
    periodStart = today;
  } else if (nextUnbilled) {
    lines = periodInvoice(unbilledStart, unbilledEnd, pendingNow);
    issueDay = notBefore(addDays(unbilledStart, -leadDays));
    periodStart = unbilledStart;
  } else {
    // The next period was billed on the old plan: the roll-over settles it (decision 102).
    const billedEnd = periodEnd(nextStart, from.cobrancaTipo);
    const settle =
      from.id === to.id && from.flagGratuito === to.flagGratuito
        ? []
        : rebilledPeriodLines({
            period: { start: nextStart, end: periodEnd(nextStart, to.cobrancaTipo) },
            billedCents: periodPrice(from, nextStart, contract.promocao_ate).cents,
            billedPlanName: from.planoNome,
            to,
            toPrice: newPrice,
          });
    const pendingAtClose = [...pendingNow, ...settle];
    if (sumCents(pendingAtClose) > 0) {
      lines = pendingAtClose;
      issueDay = nextStart;
      periodStart = nextStart;
    } else {
      const start = addDays(settle.length > 0 ? periodEnd(nextStart, to.cobrancaTipo) : billedEnd, 1);
      lines = periodInvoice(start, periodEnd(start, to.cobrancaTipo), pendingAtClose);
      issueDay = notBefore(addDays(start, -leadDays));
      periodStart = start;
    }
  }
  const carried = carriedCreditLines(sumCents(lines));
  if (carried) lines = [...lines, carried.onInvoice];
  const product = await productBilling(db, contract.gl_produto_id);
  return {
    atual: { plano: from.planoNome, cobranca_tipo_desc: from.cobrancaTipoDesc, valor: fromCents(currentPrice.cents) },
    nova: {
      plano: to.planoNome,
      cobranca_tipo_desc: to.cobrancaTipoDesc,
      valor: fromCents(newPrice.cents),
      promocional: newPrice.promocional,
    },
    imediato: change.imediato,
    aplica_em: appliesOn,
    prorrateio: proration.map(asPreview),
    proxima_fatura:
      lines.length === 0
        ? null
        : {
            emissao: issueDay,
            vencimento: dueDate(product.rule, { issueDay, periodStart }),
            itens: lines.map(asPreview),
            total: fromCents(sumCents(lines)),
          },
  };
}
