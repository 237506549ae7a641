/**
 * Date input and outgoing rules (§5, §9) and the date-interval picker's periods (§3, §4), on
 * date-fns with @date-fns/tz (decision 081).
 *
 * Calendar dates travel as 'YYYY-MM-DD' strings and are computed in UTC, so no time zone can move
 * them by a day. Instants (timestamps) are stored in UTC and shown in America/Sao_Paulo.
 */
import { tz } from '@date-fns/tz';
// One module per function: the package's index loads all of them, a tenth of the server's start.
import { addDays as addCalendarDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { endOfMonth } from 'date-fns/endOfMonth';
import { endOfYear } from 'date-fns/endOfYear';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { startOfMonth } from 'date-fns/startOfMonth';
import { startOfYear } from 'date-fns/startOfYear';
import { subDays } from 'date-fns/subDays';

export const DATE_PLACEHOLDER = 'dd/mm/aaaa';
/** The §5 date with a 24-hour time (ours: §5 shows the date's placeholder only). */
export const DATE_TIME_PLACEHOLDER = 'dd/mm/aaaa hh:mm';

/** The zone every wall clock of the portal shows (§9: Brasília time). */
export const inSaoPaulo = tz('America/Sao_Paulo');
/** The storage zone of instants, and the zone calendar dates are counted in. */
export const inUtc = tz('UTC');
const ISO_DAY = 'yyyy-MM-dd';

/**
 * True when the day exists in the calendar (31/02 does not). Years 1 to 9999. Not date-fns'
 * isExists, which goes through `new Date(year, …)` and so reads the years 1-99 as 1901-1999.
 */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger) || year < 1 || year > 9999) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function checkedDate(year: number, month: number, day: number): string | null {
  return isRealDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

// The shapes a person may type or paste (§5). The time fields are bounded here: date-fns would
// also take 24:00 and a zone of +25:00.
const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YMD_SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO date-time as browsers, JSON and PostgreSQL write it: 'T' or space, optional seconds and
// fraction, optional zone ('Z', '+03', '+0300', '-03:00').
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/i;

/**
 * Reads what a person typed or pasted into a date field (§5): DD/MM/YYYY, YYYY/MM/DD,
 * YYYY-MM-DD or an ISO date-time. Returns the outgoing 'YYYY-MM-DD', or null when the text is
 * none of those or names a day that does not exist (31/02/2025).
 *
 * From an ISO date-time only the written date is kept, without converting zones: a date field
 * holds a calendar day, and '2025-03-01T00:00:00Z' converted to São Paulo would become
 * 28/02, the classic off-by-one.
 */
export function parseDateInput(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const value = text.trim();
  const dayFirst = BR_DATE.exec(value);
  if (dayFirst) return checkedDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const yearFirst = YMD_SLASH.exec(value) ?? ISO_DATE.exec(value);
  if (yearFirst) return checkedDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const dateTime = ISO_DATE_TIME.exec(value);
  return dateTime ? checkedDate(Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3])) : null;
}

/**
 * An instant from a Date or a timestamp string. A string without a zone is read as UTC, the
 * storage time zone; a date-only 'YYYY-MM-DD' is UTC midnight. Null when invalid.
 */
export function parseInstant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value);
  const text = value.trim();
  const written = ISO_DATE_TIME.exec(text) ?? ISO_DATE.exec(text);
  if (!written || !isRealDate(Number(written[1]), Number(written[2]), Number(written[3]))) return null;
  // date-fns reads only an upper-case 'Z'; a zone-less text is read in the `in` zone.
  const instant = parseISO(text.toUpperCase(), { in: inUtc });
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime());
}

/**
 * Outgoing date-time 'YYYY-MM-DDTHH:mm:ss' (§9), in UTC because timestamps are stored in UTC
 * and a zone-less string is read back as UTC by parseInstant. Null when invalid.
 */
export function toDateTimeString(value: string | Date | null | undefined): string | null {
  const instant = parseInstant(value);
  return instant ? format(instant, "yyyy-MM-dd'T'HH:mm:ss", { in: inUtc }) : null;
}

/**
 * The instant a São Paulo clock shows `hour`:`minute` on `date` (what a person types in the
 * date-time input). Null when the day or the time does not exist.
 */
export function instantOnSaoPauloClock(date: string, hour: number, minute: number): Date | null {
  const day = parseDateInput(date);
  if (!day || !Number.isInteger(hour) || !Number.isInteger(minute) || hour > 23 || minute > 59) return null;
  const wallClock = parseISO(`${day}T${pad(hour)}:${pad(minute)}`, { in: inSaoPaulo });
  return new Date(wallClock.getTime());
}

/** Today's date in São Paulo as 'YYYY-MM-DD' (the picker's default, §4). */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return format(now, ISO_DAY, { in: inSaoPaulo });
}

export type PeriodType = 'month' | 'year';

export interface Period {
  startDate: string;
  endDate: string;
}

/** §3 Date-interval value. */
export interface DateInterval extends Period {
  type: PeriodType;
  currentDate: string;
  checked: boolean;
}

/** A calendar day as a UTC midnight, for date-fns to count on; RangeError when it is not one. */
function calendarDay(text: string): Date {
  const parsed = parseDateInput(text);
  if (!parsed) throw new RangeError(`Data inválida: '${text}'`);
  return parseISO(parsed, { in: inUtc });
}

function toCalendarDay(date: Date): string {
  const year = Number(format(date, 'yyyy', { in: inUtc }));
  if (year < 1 || year > 9999) throw new RangeError('Data fora do intervalo.');
  return format(date, ISO_DAY, { in: inUtc });
}

/** First and last day of the month or year holding `currentDate` (§4). */
export function periodOf(type: PeriodType, currentDate: string): Period {
  const day = calendarDay(currentDate);
  const [start, end] = type === 'year' ? [startOfYear(day), endOfYear(day)] : [startOfMonth(day), endOfMonth(day)];
  return { startDate: toCalendarDay(start), endDate: toCalendarDay(end) };
}

/**
 * Moves `currentDate` one month or one year back or forward (§4). The day is kept, or clamped
 * to the target month's last day (31/01 → 28/02; 29/02/2024 → 28/02/2025), as date-fns does.
 */
export function stepPeriod(type: PeriodType, currentDate: string, direction: -1 | 1): string {
  const day = calendarDay(currentDate);
  return toCalendarDay(type === 'year' ? addYears(day, direction) : addMonths(day, direction));
}

/** A calendar day ('YYYY-MM-DD') `days` later (or earlier). */
export function addDays(date: string, days: number): string {
  return toCalendarDay(addCalendarDays(calendarDay(date), days));
}

/** Whole days from one calendar day to another ('YYYY-MM-DD'): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  // Both read as UTC midnights: whole days apart, whatever the clock's zone.
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The same calendar day `months` later (or earlier), clamped to a shorter month's last day. */
export function addCalendarMonths(date: string, months: number): string {
  return toCalendarDay(addMonths(calendarDay(date), months));
}

/**
 * The last day of a period of `months` months starting on `start`: the day before the same day
 * `months` later, clamped like stepPeriod (a monthly period from 31/01 ends on 27/02).
 */
export function periodEnd(start: string, months: number): string {
  return toCalendarDay(subDays(addMonths(calendarDay(start), months), 1));
}

/** A picker value for `currentDate`; §4 default is month mode, checked. */
export function createDateInterval(
  currentDate: string,
  type: PeriodType = 'month',
  checked = true,
): DateInterval {
  const date = parseDateInput(currentDate);
  if (!date) throw new RangeError(`Data inválida: '${currentDate}'`);
  return { type, currentDate: date, checked, ...periodOf(type, date) };
}
