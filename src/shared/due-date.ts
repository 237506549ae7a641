/**
 * When an invoice falls due, by its product's rule (decision 102; stored in
 * gl_produto.fatura_vencimento_tipo/valor, whose check constraint holds the same limits).
 */
import { nextBusinessDay } from './business-days.ts';
import { addCalendarMonths, addDays, parseDateInput } from './dates.ts';

export type DueDateRule =
  | { tipo: 'dia_mes'; dia: number }
  | { tipo: 'dias_apos_emissao'; dias: number };

/** The fewest days a person gets between the issue and a 'dia_mes' due date. */
export const MIN_DAYS_TO_PAY = 3;

// Day 28 at most, so that the day exists in every month, February included.
const DIA_MAX = 28;
const DIAS_MAX = 90;

const isIntegerIn = (value: unknown, min: number, max: number) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** A rule within its limits: day 1–28 of the month, or 0–90 days after the issue. */
export function isDueDateRule(value: unknown): value is DueDateRule {
  if (typeof value !== 'object' || value === null) return false;
  const rule = value as Record<string, unknown>;
  if (rule.tipo === 'dia_mes') return isIntegerIn(rule.dia, 1, DIA_MAX);
  if (rule.tipo === 'dias_apos_emissao') return isIntegerIn(rule.dias, 0, DIAS_MAX);
  return false;
}

function checkedDay(date: string): string {
  const day = parseDateInput(date);
  if (!day) throw new RangeError(`Data inválida: '${date}'`);
  return day;
}

/** Day `dia` of the period's month, or of a later one when fewer than MIN_DAYS_TO_PAY are left. */
function dayOfMonthDue(dia: number, issueDay: string, periodStart: string): string {
  const earliest = addDays(issueDay, MIN_DAYS_TO_PAY);
  // dia ≤ 28 exists in every month, so stepping a month never clamps it.
  let due = `${checkedDay(periodStart).slice(0, 8)}${String(dia).padStart(2, '0')}`;
  while (due < earliest) due = addCalendarMonths(due, 1);
  return due;
}

/**
 * The due date ('YYYY-MM-DD') of an invoice issued on `issueDay` for the period starting on
 * `periodStart`: by the rule, then moved to the next business day (business-days.ts), since
 * a boleto falling due on a day without banking business is payable on the next one anyway.
 */
export function dueDate(
  rule: DueDateRule,
  input: { issueDay: string; periodStart: string },
): string {
  if (!isDueDateRule(rule)) throw new RangeError('Regra de vencimento inválida.');
  const due =
    rule.tipo === 'dia_mes'
      ? dayOfMonthDue(rule.dia, input.issueDay, input.periodStart)
      : addDays(input.issueDay, rule.dias);
  return nextBusinessDay(due);
}

/** The rule in pt-BR, for staff screens. */
export function describeDueDateRule(rule: DueDateRule): string {
  if (rule.tipo === 'dia_mes') return `Todo dia ${rule.dia} do mês`;
  if (rule.dias === 0) return 'No dia da emissão';
  return `${rule.dias} ${rule.dias === 1 ? 'dia' : 'dias'} após a emissão`;
}
