/**
 * Display formatting of money, dates and long text (§9). A missing or unreadable value shows
 * '-' (§2, invoice screen).
 */
import { isRealDate, parseInstant, wallClockInSaoPaulo, type WallClock } from './dates.ts';

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

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * 'R$\u00a01.234,56' (§9: 'R$', two decimals, decimal comma) by Intl.NumberFormat, whose
 * non-breaking space keeps 'R$' on the line of its number in a narrow column.
 * Rounded in cents first (toCents), so a value is shown as the sums computed it. Negative values
 * read '-R$\u00a01,00'.
 */
export function formatMoney(value: MoneyInput): string {
  const cents = toCents(value);
  if (cents === null) return MISSING;
  // cents / 100 has at most two decimals to show, which Intl rounds exactly back.
  return BRL.format(cents / 100);
}

export type DateInput = string | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * Reads a value as wall-clock time in São Paulo. A date-only 'YYYY-MM-DD' is a calendar date and
 * is taken as written, so it never shifts by a day. Anything else is an instant (stored in UTC;
 * a string without a zone is read as UTC) and shown in America/Sao_Paulo.
 */
function toWallClock(value: DateInput): WallClock | null {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value.trim());
    if (dateOnly) {
      const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
      return isRealDate(year, month, day) ? { year, month, day, hour: 0, minute: 0 } : null;
    }
  }
  const instant = parseInstant(value);
  return instant ? wallClockInSaoPaulo(instant) : null;
}

/** 'dd/mm/yyyy'; '-' when missing or invalid. */
export function formatDate(value: DateInput): string {
  const clock = toWallClock(value);
  return clock ? `${pad(clock.day)}/${pad(clock.month)}/${pad(clock.year, 4)}` : MISSING;
}

/** 'dd/mm/yyyy HH:mm' in America/Sao_Paulo; '-' when missing or invalid. */
export function formatDateTime(value: DateInput): string {
  const clock = toWallClock(value);
  if (!clock) return MISSING;
  const date = `${pad(clock.day)}/${pad(clock.month)}/${pad(clock.year, 4)}`;
  return `${date} ${pad(clock.hour)}:${pad(clock.minute)}`;
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
