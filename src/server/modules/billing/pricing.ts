import { addCalendarMonths, addDays, periodEnd } from '#shared/dates';
import { formatDate, toCents } from '#shared/format';

/**
 * What a contract costs (decision 102): the price of a period, prorations of an immediate plan
 * change, the lines of an invoice. Pure and in integer cents: the billing run, the plan change
 * and the preview all call it, so the preview shows what the invoice will hold.
 */

/** A payment option as pricing needs it (gl_plano_pagamento with its plan's name). */
export interface PricedOption {
  id: number;
  planoId: number;
  planoNome: string;
  /** 1, 3, 6 or 12 months. */
  cobrancaTipo: number;
  cobrancaTipoDesc: string;
  valor: string;
  valorPromocional: string | null;
  flagPromocao: boolean;
  flagGratuito: boolean;
  /** Months the promotional price lasts from the start on this option; null: while on it. */
  promocaoMeses: number | null;
}

/** A line of an invoice or an adjustment, in cents (negative: a credit). */
export interface PriceLine {
  codigo: string;
  descricao: string;
  unidade: string | null;
  qtde: number | null;
  cents: number;
}

/** How long "while on it" is for a promotion without a number of months. */
const FOREVER_MONTHS = 1200;

/** The day a promotion taken on `startDay` stops applying (null: the option has none). */
export function promotionEnd(option: PricedOption, startDay: string): string | null {
  if (!option.flagPromocao || option.valorPromocional === null) return null;
  return addCalendarMonths(startDay, option.promocaoMeses ?? FOREVER_MONTHS);
}

/** The price of a period of the option starting on `periodStart`: promotional while it lasts. */
export function periodPrice(
  option: Pick<PricedOption, 'flagGratuito' | 'valor' | 'valorPromocional'>,
  periodStart: string,
  promocaoAte: string | null,
): { cents: number; promocional: boolean } {
  if (option.flagGratuito) return { cents: 0, promocional: false };
  const promocional =
    promocaoAte !== null && option.valorPromocional !== null && periodStart < promocaoAte;
  const cents = toCents(promocional ? option.valorPromocional : option.valor) ?? 0;
  return { cents, promocional };
}

/** Days from `first` to `last`, both counted. */
export function daysInclusive(first: string, last: string): number {
  const ms = Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** `cents` × days / periodDays, rounded half away from zero to the cent (decision 102). */
export function prorate(cents: number, days: number, periodDays: number): number {
  if (periodDays <= 0 || days <= 0) return 0;
  const exact = (Math.abs(cents) * days) / periodDays;
  // Half away from zero, without the float error of x.5 computed from a division.
  const rounded = Math.floor(exact + 0.5 + 1e-9);
  return cents < 0 ? -rounded : rounded;
}

const dayLabel = (days: number) => (days === 1 ? '1 dia' : `${days} dias`);

/** The period item of an invoice: 'Assinatura — Plano (Mensal), 01/12/2026 a 31/12/2026'. */
export function periodLine(
  option: PricedOption,
  period: { start: string; end: string },
  price: { cents: number; promocional: boolean },
): PriceLine {
  const suffix = price.promocional ? ' (preço promocional)' : '';
  return {
    codigo: `PLANO-${option.planoId}`,
    descricao: `Assinatura — ${option.planoNome} (${option.cobrancaTipoDesc}), ${formatDate(period.start)} a ${formatDate(period.end)}${suffix}`,
    unidade: 'mês',
    qtde: option.cobrancaTipo,
    cents: price.cents,
  };
}

/** The next period of a contract: from the day after `lastDay`, of the option's cycle. */
export function nextPeriod(lastDay: string, option: PricedOption): { start: string; end: string } {
  const start = addDays(lastDay, 1);
  return { start, end: periodEnd(start, option.cobrancaTipo) };
}

/** An immediate change (§4 timing 1) on `today`, within the period `periodStart..periodEnd`. */
export interface ImmediateChange {
  today: string;
  periodStart: string;
  periodEnd: string;
  from: PricedOption;
  /** The contract's promotion end before the change. */
  fromPromocaoAte: string | null;
  to: PricedOption;
}

/**
 * The prorations of an immediate change (decision 102): the unused days of the old price
 * credited, the remaining days of the new one charged, each over its own option's period length
 * from the period's start (today counts as a day of the new plan). The anchor stays: the next
 * period starts after `periodEnd`, on the new option. No line for a zero amount.
 */
export function immediateChangeLines(change: ImmediateChange): PriceLine[] {
  const remaining = daysInclusive(change.today, change.periodEnd);
  if (remaining <= 0) return [];
  const oldDays = daysInclusive(change.periodStart, change.periodEnd);
  const oldPrice = periodPrice(change.from, change.periodStart, change.fromPromocaoAte);
  const newDays = daysInclusive(
    change.periodStart,
    periodEnd(change.periodStart, change.to.cobrancaTipo),
  );
  const newPrice = periodPrice(change.to, change.periodStart, promotionEnd(change.to, change.today));
  const lines: PriceLine[] = [];
  const credit = prorate(oldPrice.cents, remaining, oldDays);
  if (credit > 0) {
    lines.push({
      codigo: 'AJUSTE',
      descricao: `Crédito proporcional — ${change.from.planoNome}, ${dayLabel(remaining)}`,
      unidade: 'dia',
      qtde: remaining,
      cents: -credit,
    });
  }
  const charge = prorate(newPrice.cents, remaining, newDays);
  if (charge > 0) {
    lines.push({
      codigo: 'AJUSTE',
      descricao: `${change.to.planoNome}, ${dayLabel(remaining)}`,
      unidade: 'dia',
      qtde: remaining,
      cents: charge,
    });
  }
  return lines;
}

/**
 * A period billed on one option that a later change moved to another (decision 102's
 * roll-over reconciliation): what was billed credited, the new price charged.
 */
export function rebilledPeriodLines(input: {
  period: { start: string; end: string };
  billedCents: number;
  billedPlanName: string;
  to: PricedOption;
  toPrice: { cents: number; promocional: boolean };
}): PriceLine[] {
  const range = `${formatDate(input.period.start)} a ${formatDate(input.period.end)}`;
  const lines: PriceLine[] = [];
  if (input.billedCents > 0) {
    lines.push({
      codigo: 'AJUSTE',
      descricao: `Crédito — ${input.billedPlanName}, período de ${range} já faturado`,
      unidade: null,
      qtde: null,
      cents: -input.billedCents,
    });
  }
  if (input.toPrice.cents > 0) {
    lines.push({
      codigo: 'AJUSTE',
      descricao: `${input.to.planoNome} (${input.to.cobrancaTipoDesc}), período de ${range}`,
      unidade: null,
      qtde: null,
      cents: input.toPrice.cents,
    });
  }
  return lines;
}

/** The line that carries a credit over, when credits exceed an invoice's charges. */
export function carriedCreditLines(totalCents: number): { onInvoice: PriceLine; carried: PriceLine } | null {
  if (totalCents >= 0) return null;
  return {
    onInvoice: {
      codigo: 'AJUSTE',
      descricao: 'Saldo de crédito transportado para a próxima fatura',
      unidade: null,
      qtde: null,
      cents: -totalCents,
    },
    carried: {
      codigo: 'AJUSTE',
      descricao: 'Saldo de crédito da fatura anterior',
      unidade: null,
      qtde: null,
      cents: totalCents,
    },
  };
}

export const sumCents = (lines: readonly Pick<PriceLine, 'cents'>[]) =>
  lines.reduce((total, line) => total + line.cents, 0);
