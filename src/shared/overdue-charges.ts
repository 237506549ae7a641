/**
 * Late charges of an overdue invoice (issue 39 item 5, docs/decisions/110-overdue-charges.md):
 * a fine (multa) once, and simple interest (juros) per month counted pro rata die over 30-day
 * months, both on the original amount, from the day after the due date to the day of payment,
 * São Paulo calendar. Integer cents throughout; each charge rounded half up to the cent on its
 * own, then added.
 */
import { daysBetween } from './dates.ts';
import { fromCents, toCents } from './format.ts';

/** CDC art. 52 §1º: a consumer's late fine is at most 2 % of the instalment. */
export const MAX_FINE_PERCENT = 2;
/**
 * Interest a non-financial creditor may agree: 1 % a month (Decreto 22.626/1933 art. 1º with
 * Código Civil arts. 406 and 591, as read by the courts for commercial contracts).
 */
export const MAX_INTEREST_PERCENT_MONTH = 1;

/** An account's rule: percentages as the database keeps them ('2.00'), null or 0 for none. */
export interface OverdueRule {
  multa: string | null;
  juros: string | null;
}

interface OverdueCharges {
  /** Days past the due date (0 when not overdue). */
  days: number;
  fineCents: number;
  interestCents: number;
  totalCents: number;
}

/** a × b / c rounded half up, for non-negative integers (exact while a × b stays a safe integer). */
function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/** Hundredths of a percent: '2.00' → 200, '0.5' → 50; missing, unreadable or negative → 0. */
function basisPoints(percent: string | null): number {
  const value = toCents(percent);
  return value !== null && value > 0 ? value : 0;
}

/** The charges on `amount` due on `dueDate` if paid on `payDay` ('YYYY-MM-DD', São Paulo). */
export function overdueCharges(amount: string, dueDate: string, payDay: string, rule: OverdueRule): OverdueCharges {
  const cents = toCents(amount) ?? 0;
  const days = Math.max(0, daysBetween(dueDate, payDay));
  if (days === 0 || cents <= 0) return { days, fineCents: 0, interestCents: 0, totalCents: cents };
  const fineCents = mulDivRound(cents, basisPoints(rule.multa), 10_000);
  // Per month, pro rata die: bp × days / 30 of the amount, in one rounding.
  const interestCents = mulDivRound(cents, basisPoints(rule.juros) * days, 10_000 * 30);
  return { days, fineCents, interestCents, totalCents: cents + fineCents + interestCents };
}

/** What is due on `payDay`, as a decimal string; the amount itself when nothing is charged. */
export function amountDue(amount: string, dueDate: string, payDay: string, rule: OverdueRule): string {
  return fromCents(overdueCharges(amount, dueDate, payDay, rule).totalCents);
}

/** Whether a rule charges anything at all. */
export const chargesLate = (rule: OverdueRule): boolean => basisPoints(rule.multa) > 0 || basisPoints(rule.juros) > 0;
