/**
 * The one display-formatting layer of the SPA, the e-mails and the dev mailbox (§9): money in
 * integer cents, dates by date-fns on a São Paulo clock (decision 081), long text cut by the
 * truncate filter. A missing or unreadable value shows '-' (§2, invoice screen).
 */
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { ptBR } from 'date-fns/locale/pt-BR';
import { inSaoPaulo, inUtc, parseDateInput, parseInstant } from './dates.ts';

export const MISSING = '-';

export type MoneyInput = string | number | null | undefined;

const DECIMAL_STRING = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Money as integer cents. Values arrive as numeric(12,2) strings ('1234.56'); doing the sums in
 * cents avoids binary-float drift (0.1 + 0.2). Extra decimals round half away from zero.
 * Returns null for a missing or unreadable value.
 */
export function toCents(value: MoneyInput): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    // Through its shortest decimal text, 1.005 rounds to 1.01 as written (Math.round(1.005 * 100)
    // gives 100); exponent forms (1e-7, 1e21) are left to plain rounding.
    const text = String(value);
    if (/e/i.test(text)) {
      const cents = Math.round(value * 100);
      return Number.isSafeInteger(cents) ? cents || 0 : null;
    }
    return toCents(text);
  }
  const text = value.trim();
  const match = DECIMAL_STRING.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Integer cents back to the database form: 123456 → '1234.56', -5 → '-0.05'. */
export function fromCents(cents: number): string {
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** Sums money values in integer cents; missing or unreadable values count as zero. */
export function sumMoney(values: readonly MoneyInput[]): string {
  let total = 0;
  for (const value of values) total += toCents(value) ?? 0;
  return fromCents(total);
}

/**
 * Integer cents in pt-BR digits without the sign: 123456 → '1.234,56' (§9: decimal comma, '.'
 * between thousands). Written here rather than by Intl.NumberFormat, whose first use in a page
 * loads the locale's number data: 100 ms of a phone's main thread on the plans page (decision 092).
 */
function centsDigits(cents: number): string {
  const absolute = Math.abs(cents);
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * 'R$\u00a01.234,56' (§9: 'R$', two decimals, decimal comma), as Intl.NumberFormat writes it:
 * the non-breaking space keeps 'R$' on the line of its number in a narrow column.
 * Rounded in cents first (toCents), so a value is shown as the sums computed it. Negative values
 * read '-R$\u00a01,00'.
 */
export function formatMoney(value: MoneyInput): string {
  const cents = toCents(value);
  if (cents === null) return MISSING;
  return `${cents < 0 ? '-' : ''}R$\u00a0${centsDigits(cents)}`;
}

export type DateInput = string | Date | null | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Formats a value on a São Paulo clock with a date-fns pattern. A date-only 'YYYY-MM-DD' is a
 * calendar date and is shown as written, so it never shifts by a day. Anything else is an instant
 * (stored in UTC; a string without a zone is read as UTC) and shown in America/Sao_Paulo.
 */
function formatOnSaoPauloClock(value: DateInput, pattern: string): string {
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) {
    const day = parseDateInput(value);
    return day ? format(parseISO(day, { in: inUtc }), pattern, { in: inUtc }) : MISSING;
  }
  const instant = parseInstant(value);
  return instant ? format(instant, pattern, { in: inSaoPaulo }) : MISSING;
}

/** 'dd/mm/yyyy'; '-' when missing or invalid. */
export function formatDate(value: DateInput): string {
  // A calendar day is its digits rearranged: no clock to consult (and date-fns' zoned dates are
  // costly in a billing run's thousands of invoices).
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) {
    const day = parseDateInput(value);
    return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : MISSING;
  }
  return formatOnSaoPauloClock(value, 'dd/MM/yyyy');
}

/** 'dd/mm/yyyy HH:mm' in America/Sao_Paulo, with ':ss' when asked; '-' when missing or invalid. */
export function formatDateTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  return formatOnSaoPauloClock(value, options.seconds ? 'dd/MM/yyyy HH:mm:ss' : 'dd/MM/yyyy HH:mm');
}

/** The month of a calendar date by name: 'Novembro de 2026' (the period picker, §4). */
export function formatMonthYear(date: string): string {
  const day = parseDateInput(date);
  if (!day) return MISSING;
  const text = format(parseISO(day, { in: inUtc }), "MMMM 'de' yyyy", { locale: ptBR, in: inUtc });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A decimal with two places and the decimal comma (§9): '1.234,50'; '-' when missing. */
export function formatDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (!Number.isFinite(Number(value))) return MISSING;
  // A decimal string is rounded as written (toCents), so '1.005' rounds to 1,01 as a person
  // expects, not as the binary float 1.00499… would; other forms ('1e3') through their number.
  const cents = toCents(value) ?? toCents(Number(value));
  if (cents === null) return MISSING;
  return `${cents < 0 ? '-' : ''}${centsDigits(cents)}`;
}

/**
 * A quantity as written, with the decimal comma: '1.5' → '1,5'. Blank when 0 or less (§2, the
 * invoice items); '-' when missing or unreadable.
 */
export function formatQuantity(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return MISSING;
  const number = Number(value);
  if (!Number.isFinite(number)) return MISSING;
  if (number <= 0) return '';
  return value.trim().replace('.', ',');
}

/** A text that may be missing: '-' (§2). */
export function orMissing(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? MISSING : value;
}

const TRUNCATE_SUFFIX = '...';

/**
 * The truncate filter (§2, §9): text longer than `max` is cut so that, with '...', it is `max`
 * characters long. Counts code points so an emoji is never split. Missing text gives ''.
 */
export function truncate(text: string | null | undefined, max: number): string {
  if (text === null || text === undefined) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= TRUNCATE_SUFFIX.length) return chars.slice(0, Math.max(0, max)).join('');
  return chars.slice(0, max - TRUNCATE_SUFFIX.length).join('') + TRUNCATE_SUFFIX;
}
