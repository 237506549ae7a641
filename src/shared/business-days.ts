/**
 * Business days of the national banking calendar, where a due date falling on another day moves
 * to (decision 102). A business day is neither a weekend nor one of these days:
 *
 * - the national holidays: Lei 662/1949 as worded by Lei 10.607/2002 (01/01, 21/04, 01/05, 07/09,
 *   02/11, 15/11, 25/12), Lei 6.802/1980 (12/10) and Lei 14.759/2023 (20/11, from 2024 on);
 * - the movable days without banking business, which are not holidays by federal law but decide
 *   when a boleto or a transfer is settled: Carnaval's Monday and Tuesday (not business days for
 *   the financial market under Resolução CMN 4.880/2020), Sexta-feira da Paixão and Corpus
 *   Christi, as in FEBRABAN's "calendário de feriados bancários" (no compensação on them), and
 *   31/12, when banks do not open to the public.
 *
 * Computed from Easter rather than read from a holiday package: the rule is this small. The list
 * is today's law applied to every year (only 20/11 is dated), which is all billing looks at.
 */
// One module per function, as in dates.ts: the package's index loads all of them.
import { isWeekend } from 'date-fns/isWeekend';
import { parseISO } from 'date-fns/parseISO';
import { addDays, inUtc, parseDateInput } from './dates.ts';

interface Holiday {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** pt-BR, for staff screens. */
  name: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar's years, as in dates.ts (isRealDate). */
function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < 1 || year > 9999) {
    throw new RangeError(`Ano inválido: ${year}`);
  }
}

/**
 * Gregorian Easter Sunday ('YYYY-MM-DD'), by the anonymous Gregorian algorithm (Meeus/Jones/
 * Butcher). Proleptic before 1583, like the rest of the calendar.
 */
export function easterSunday(year: number): string {
  checkYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const FIXED_HOLIDAYS: readonly { monthDay: string; name: string; since?: number }[] = [
  { monthDay: '01-01', name: 'Confraternização Universal' },
  { monthDay: '04-21', name: 'Tiradentes' },
  { monthDay: '05-01', name: 'Dia do Trabalho' },
  { monthDay: '09-07', name: 'Independência do Brasil' },
  { monthDay: '10-12', name: 'Nossa Senhora Aparecida' },
  { monthDay: '11-02', name: 'Finados' },
  { monthDay: '11-15', name: 'Proclamação da República' },
  // Lei 14.759, of 21/12/2023.
  { monthDay: '11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', since: 2024 },
  { monthDay: '12-25', name: 'Natal' },
  // Not a holiday, but banks do not open to the public and boletos are not cleared (FEBRABAN's
  // yearly notice): a bill due that day is paid on the next business day without charges.
  { monthDay: '12-31', name: 'Último dia do ano (sem expediente bancário)' },
];

/** Days from Easter Sunday. */
const EASTER_OFFSETS: readonly { days: number; name: string }[] = [
  { days: -48, name: 'Carnaval (segunda-feira)' },
  { days: -47, name: 'Carnaval (terça-feira)' },
  { days: -2, name: 'Sexta-feira da Paixão' },
  { days: 60, name: 'Corpus Christi' },
];

function computeHolidays(year: number): readonly Holiday[] {
  const easter = easterSunday(year);
  const all = [
    ...FIXED_HOLIDAYS.filter((holiday) => year >= (holiday.since ?? 1)).map((holiday) => ({
      date: `${pad(year, 4)}-${holiday.monthDay}`,
      name: holiday.name,
    })),
    ...EASTER_OFFSETS.map((holiday) => ({
      date: addDays(easter, holiday.days),
      name: holiday.name,
    })),
  ];
  // One entry per day: Sexta-feira da Paixão falls on Tiradentes when Easter is 23/04 (2000, 2079).
  const byDate = new Map<string, string>();
  for (const { date, name } of all) {
    const other = byDate.get(date);
    byDate.set(date, other ? `${other} / ${name}` : name);
  }
  return Object.freeze(
    [...byDate]
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([date, name]) => Object.freeze({ date, name })),
  );
}

// Billing runs ask for many dates of the same few years. Bounded, so no input can grow it.
const CACHE_MAX_YEARS = 16;
const cache = new Map<number, { holidays: readonly Holiday[]; dates: ReadonlySet<string> }>();

function yearCalendar(year: number) {
  let entry = cache.get(year);
  if (!entry) {
    const holidays = computeHolidays(year);
    entry = { holidays, dates: new Set(holidays.map((holiday) => holiday.date)) };
    if (cache.size >= CACHE_MAX_YEARS) cache.delete(cache.keys().next().value as number);
    cache.set(year, entry);
  }
  return entry;
}

/** The days without banking business of `year` besides weekends, whatever their weekday, by date. */
export function nationalHolidays(year: number): readonly Holiday[] {
  checkYear(year);
  return yearCalendar(year).holidays;
}

function checkedDay(date: string): string {
  const day = parseDateInput(date);
  if (!day) throw new RangeError(`Data inválida: '${date}'`);
  return day;
}

/**
 * Neither Saturday, Sunday nor a day of nationalHolidays. The weekday is the calendar day's,
 * counted in UTC like every date of dates.ts, so the process's time zone cannot shift it.
 */
export function isBusinessDay(date: string): boolean {
  const day = checkedDay(date);
  if (isWeekend(parseISO(day, { in: inUtc }), { in: inUtc })) return false;
  return !yearCalendar(Number(day.slice(0, 4))).dates.has(day);
}

/** `date` itself when it is a business day, otherwise the first business day after it. */
export function nextBusinessDay(date: string): string {
  let day = checkedDay(date);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}
