/**
 * Date input and outgoing rules (§5, §9) and the date-interval picker's periods (§3, §4).
 *
 * Calendar dates travel as 'YYYY-MM-DD' strings and are computed by hand rather than through
 * Date, so no time zone can move them by a day. Instants (timestamps) are stored in UTC and
 * shown in America/Sao_Paulo.
 */

export const DATE_PLACEHOLDER = 'dd/mm/aaaa';
/** The §5 date with a 24-hour time (ours: §5 shows the date's placeholder only). */
export const DATE_TIME_PLACEHOLDER = 'dd/mm/aaaa hh:mm';
const TIME_ZONE = 'America/Sao_Paulo';

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the day exists in the calendar (31/02 does not). Years 1 to 9999. */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YMD_SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO date-time as browsers, JSON and PostgreSQL write it: 'T' or space, optional seconds and
// fraction, optional zone ('Z', '+03', '+0300', '-03:00').
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

interface DateTimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC; null when the text carries no zone. */
  offset: number | null;
}

function parseZone(zone: string): number | null {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function parseIsoDateTime(text: string): DateTimeFields | null {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [, y = '', mo = '', d = '', h = '', mi = '', s = '0', fraction = '', zone] = match;
  const fields: DateTimeFields = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    millisecond: Number(fraction.padEnd(3, '0').slice(0, 3)),
    offset: zone === undefined ? null : parseZone(zone),
  };
  if (zone !== undefined && fields.offset === null) return null;
  if (!isRealDate(fields.year, fields.month, fields.day)) return null;
  if (fields.hour > 23 || fields.minute > 59 || fields.second > 59) return null;
  return fields;
}

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
  if (yearFirst)
    return checkedDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const fields = parseIsoDateTime(value);
  return fields ? isoDate(fields.year, fields.month, fields.day) : null;
}

function checkedDate(year: number, month: number, day: number): string | null {
  return isRealDate(year, month, day) ? isoDate(year, month, day) : null;
}

function utcDate(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): Date {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  return date;
}

/**
 * An instant from a Date or a timestamp string. A string without a zone is read as UTC, the
 * storage time zone; a date-only 'YYYY-MM-DD' is UTC midnight. Null when invalid.
 */
export function parseInstant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value);
  const text = value.trim();
  const dateOnly = ISO_DATE.exec(text);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    return isRealDate(year, month, day) ? utcDate(year, month, day) : null;
  }
  const fields = parseIsoDateTime(text);
  if (!fields) return null;
  const { year, month, day, hour, minute, second, millisecond, offset } = fields;
  const wall = utcDate(year, month, day, hour, minute, second, millisecond);
  return new Date(wall.getTime() - (offset ?? 0) * 60_000);
}

/**
 * Outgoing date-time 'YYYY-MM-DDTHH:mm:ss' (§9), in UTC because timestamps are stored in UTC
 * and a zone-less string is read back as UTC by parseInstant. Null when invalid.
 */
export function toDateTimeString(value: string | Date | null | undefined): string | null {
  const instant = parseInstant(value);
  if (!instant) return null;
  const date = isoDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
  const time = `${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}`;
  return `${date}T${time}`;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const saoPauloClock = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The date and time a clock in São Paulo shows at `instant`. */
export function wallClockInSaoPaulo(instant: Date): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of saoPauloClock.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** Today's date in São Paulo as 'YYYY-MM-DD' (the picker's default, §4). */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const { year, month, day } = wallClockInSaoPaulo(now);
  return isoDate(year, month, day);
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

function requireDate(currentDate: string): [number, number, number] {
  const parsed = parseDateInput(currentDate);
  if (!parsed) throw new RangeError(`Data inválida: '${currentDate}'`);
  const [year, month, day] = parsed.split('-').map(Number);
  return [year ?? 0, month ?? 0, day ?? 0];
}

/** First and last day of the month or year holding `currentDate` (§4). */
export function periodOf(type: PeriodType, currentDate: string): Period {
  const [year, month] = requireDate(currentDate);
  if (type === 'year') {
    return { startDate: isoDate(year, 1, 1), endDate: isoDate(year, 12, 31) };
  }
  return {
    startDate: isoDate(year, month, 1),
    endDate: isoDate(year, month, daysInMonth(year, month)),
  };
}

/**
 * Moves `currentDate` one month or one year back or forward (§4). The day is kept, or clamped
 * to the target month's last day (31/01 → 28/02; 29/02/2024 → 28/02/2025).
 */
export function stepPeriod(type: PeriodType, currentDate: string, direction: -1 | 1): string {
  const [year, month, day] = requireDate(currentDate);
  let targetYear = year + (type === 'year' ? direction : 0);
  let targetMonth = month;
  if (type === 'month') {
    const index = year * 12 + (month - 1) + direction;
    targetYear = Math.floor(index / 12);
    targetMonth = (index % 12) + 1;
  }
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  if (!isRealDate(targetYear, targetMonth, targetDay)) {
    throw new RangeError(`Data fora do intervalo: '${currentDate}'`);
  }
  return isoDate(targetYear, targetMonth, targetDay);
}

/** A calendar day ('YYYY-MM-DD') `days` later (or earlier), computed in UTC so no time zone moves it. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = requireDate(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/**
 * The last day of a period of `months` months starting on `start`: the day before the same day
 * `months` later, clamped like stepPeriod (a monthly period from 31/01 ends on 27/02).
 */
export function periodEnd(start: string, months: number): string {
  const [year, month, day] = requireDate(start);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return addDays(isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth))), -1);
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
