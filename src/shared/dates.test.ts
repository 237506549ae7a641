import { afterEach, describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  addDays,
  periodEnd,
  DATE_PLACEHOLDER,
  createDateInterval,
  instantOnSaoPauloClock,
  isRealDate,
  parseDateInput,
  parseInstant,
  periodOf,
  stepPeriod,
  toDateTimeString,
  todayInSaoPaulo,
  daysBetween,
} from './dates.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('DATE_PLACEHOLDER', () => {
  it('is the §5 placeholder', () => {
    expect(DATE_PLACEHOLDER).toBe('dd/mm/aaaa');
  });
});

describe('calendar', () => {
  it('knows month lengths and leap years', () => {
    expect(isRealDate(2025, 2, 28)).toBe(true);
    expect(isRealDate(1900, 2, 29)).toBe(false);
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(2025, 4, 31)).toBe(false);
    expect(isRealDate(2025, 12, 31)).toBe(true);
  });

  it('refuses impossible days', () => {
    expect(isRealDate(2025, 2, 29)).toBe(false);
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2025, 0, 1)).toBe(false);
    expect(isRealDate(0, 1, 1)).toBe(false);
    expect(isRealDate(2025, 1, 1.5)).toBe(false);
  });
});

describe('parseDateInput (§5)', () => {
  it('accepts DD/MM/YYYY', () => {
    expect(parseDateInput('31/12/2025')).toBe('2025-12-31');
    expect(parseDateInput('01/02/2025')).toBe('2025-02-01');
    expect(parseDateInput('1/2/2025')).toBe('2025-02-01');
    expect(parseDateInput(' 29/02/2024 ')).toBe('2024-02-29');
  });

  it('accepts YYYY/MM/DD', () => {
    expect(parseDateInput('2025/12/31')).toBe('2025-12-31');
    expect(parseDateInput('2025/1/5')).toBe('2025-01-05');
  });

  it('accepts an ISO date', () => {
    expect(parseDateInput('2025-12-31')).toBe('2025-12-31');
  });

  it('accepts an ISO date-time and keeps its written date, whatever the zone', () => {
    expect(parseDateInput('2025-03-01T00:00:00.000Z')).toBe('2025-03-01');
    expect(parseDateInput('2025-03-01T23:59:59Z')).toBe('2025-03-01');
    expect(parseDateInput('2025-03-01T22:00:00-03:00')).toBe('2025-03-01');
    expect(parseDateInput('2025-03-01T10:00')).toBe('2025-03-01');
    expect(parseDateInput('2025-03-01 10:00:00')).toBe('2025-03-01');
  });

  it('does not depend on the process time zone', () => {
    process.env.TZ = 'Pacific/Pago_Pago';
    expect(parseDateInput('2025-03-01T00:00:00Z')).toBe('2025-03-01');
    expect(parseDateInput('01/03/2025')).toBe('2025-03-01');
  });

  it('refuses impossible dates', () => {
    for (const text of [
      '31/02/2025',
      '29/02/2025',
      '31/04/2025',
      '00/01/2025',
      '01/13/2025',
      '01/01/0000',
    ]) {
      expect(parseDateInput(text)).toBeNull();
    }
    expect(parseDateInput('2025/02/30')).toBeNull();
    expect(parseDateInput('2025-13-01')).toBeNull();
    expect(parseDateInput('2025-02-29T10:00:00Z')).toBeNull();
  });

  it('refuses impossible times in a date-time', () => {
    expect(parseDateInput('2025-03-01T24:00:00')).toBeNull();
    expect(parseDateInput('2025-03-01T10:60:00')).toBeNull();
    expect(parseDateInput('2025-03-01T10:00:00+25:00')).toBeNull();
  });

  it('refuses other shapes', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '12/31/2025',
      '31-12-2025',
      '2025-1-1',
      '31/12/25',
      '31.12.2025',
      '2025-12-31T',
    ]) {
      expect(parseDateInput(text)).toBeNull();
    }
    expect(parseDateInput(null)).toBeNull();
    expect(parseDateInput(undefined)).toBeNull();
  });
});

describe('parseInstant and toDateTimeString (§9)', () => {
  it('writes a Date as YYYY-MM-DDTHH:mm:ss in UTC', () => {
    expect(toDateTimeString(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)))).toBe(
      '2025-01-02T03:04:05',
    );
  });

  it('converts any zone to UTC', () => {
    expect(toDateTimeString('2025-01-02T00:04:05-03:00')).toBe('2025-01-02T03:04:05');
    expect(toDateTimeString('2025-01-02T06:04:05+0300')).toBe('2025-01-02T03:04:05');
    expect(toDateTimeString('2025-01-02T06:04:05+03')).toBe('2025-01-02T03:04:05');
    expect(toDateTimeString('2025-01-01T22:00:00-05:00')).toBe('2025-01-02T03:00:00');
    expect(toDateTimeString('2025-01-02T03:04:05z')).toBe('2025-01-02T03:04:05');
  });

  it('reads a zone-less timestamp as UTC, so the outgoing string reads back the same', () => {
    expect(toDateTimeString('2025-01-02 03:04')).toBe('2025-01-02T03:04:00');
    const out = toDateTimeString('2025-07-20T12:34:56Z') ?? '';
    expect(parseInstant(out)?.toISOString()).toBe('2025-07-20T12:34:56.000Z');
  });

  it('takes a date-only value as UTC midnight', () => {
    expect(toDateTimeString('2025-01-02')).toBe('2025-01-02T00:00:00');
  });

  it('does not depend on the process time zone', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(toDateTimeString('2025-01-02 03:04:05')).toBe('2025-01-02T03:04:05');
    expect(toDateTimeString(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))).toBe('2025-01-02T03:04:05');
  });

  it('keeps years before 100 as written', () => {
    expect(parseInstant('0050-06-01T00:00:00Z')?.getUTCFullYear()).toBe(50);
  });

  it('returns null for invalid values', () => {
    for (const value of [
      null,
      undefined,
      '',
      'abc',
      '2025-02-30T00:00:00Z',
      '31/12/2025',
      new Date('x'),
    ]) {
      expect(toDateTimeString(value)).toBeNull();
    }
  });

  it('copies a Date rather than returning the caller’s object', () => {
    const date = new Date(Date.UTC(2025, 0, 1));
    expect(parseInstant(date)).not.toBe(date);
    expect(parseInstant(date)?.getTime()).toBe(date.getTime());
  });
});

describe('todayInSaoPaulo', () => {
  it('gives the São Paulo calendar day', () => {
    expect(todayInSaoPaulo(new Date('2025-01-01T02:59:00Z'))).toBe('2024-12-31');
    expect(todayInSaoPaulo(new Date('2025-01-01T03:00:00Z'))).toBe('2025-01-01');
  });
});

describe('daysBetween', () => {
  it('counts calendar days, across a month and a leap day, negative backwards', () => {
    expect(daysBetween('2026-10-11', '2026-11-29')).toBe(49);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-29', '2026-11-28')).toBe(-1);
  });
});

describe('periodOf (§4 date-interval)', () => {
  it('gives the month holding the date', () => {
    expect(periodOf('month', '2025-02-14')).toEqual({
      startDate: '2025-02-01',
      endDate: '2025-02-28',
    });
    expect(periodOf('month', '2024-02-10')).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    });
    expect(periodOf('month', '2025-12-31')).toEqual({
      startDate: '2025-12-01',
      endDate: '2025-12-31',
    });
    expect(periodOf('month', '2025-04-30')).toEqual({
      startDate: '2025-04-01',
      endDate: '2025-04-30',
    });
  });

  it('gives the year holding the date', () => {
    expect(periodOf('year', '2025-02-14')).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
  });

  it('accepts any §5 input format', () => {
    expect(periodOf('month', '14/02/2025')).toEqual({
      startDate: '2025-02-01',
      endDate: '2025-02-28',
    });
  });

  it('throws on an invalid date', () => {
    expect(() => periodOf('month', '31/02/2025')).toThrow(RangeError);
  });
});

describe('stepPeriod (§4 date-interval)', () => {
  it('steps one month across the year end, both ways', () => {
    expect(stepPeriod('month', '2025-12-15', 1)).toBe('2026-01-15');
    expect(stepPeriod('month', '2026-01-15', -1)).toBe('2025-12-15');
    expect(stepPeriod('month', '2025-06-15', 1)).toBe('2025-07-15');
  });

  it('clamps the day to the target month', () => {
    expect(stepPeriod('month', '2025-01-31', 1)).toBe('2025-02-28');
    expect(stepPeriod('month', '2024-01-31', 1)).toBe('2024-02-29');
    expect(stepPeriod('month', '2025-03-31', -1)).toBe('2025-02-28');
    expect(stepPeriod('month', '2025-05-31', 1)).toBe('2025-06-30');
  });

  it('steps one year', () => {
    expect(stepPeriod('year', '2025-06-10', -1)).toBe('2024-06-10');
    expect(stepPeriod('year', '2025-12-31', 1)).toBe('2026-12-31');
    expect(stepPeriod('year', '2024-02-29', 1)).toBe('2025-02-28');
  });

  it('twelve month steps equal one year step', () => {
    let date = '2025-08-20';
    for (let i = 0; i < 12; i += 1) date = stepPeriod('month', date, 1);
    expect(date).toBe(stepPeriod('year', '2025-08-20', 1));
  });

  it('throws on an invalid date', () => {
    expect(() => stepPeriod('month', 'abc', 1)).toThrow(RangeError);
  });
});

describe('addDays and periodEnd (contract periods, decision 020)', () => {
  it('moves a calendar day across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
  });

  it('moves a calendar day by months, clamped to a shorter month', () => {
    expect(addCalendarMonths('2026-11-23', -11)).toBe('2025-12-23');
    expect(addCalendarMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addCalendarMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('ends a period the day before the same day months later, clamped to short months', () => {
    expect(periodEnd('2026-11-23', 1)).toBe('2026-12-22');
    expect(periodEnd('2026-12-15', 1)).toBe('2027-01-14');
    expect(periodEnd('2026-11-23', 12)).toBe('2027-11-22');
    expect(periodEnd('2027-01-31', 1)).toBe('2027-02-27');
    expect(periodEnd('2026-12-01', 3)).toBe('2027-02-28');
  });
});

describe('createDateInterval', () => {
  it('defaults to month mode, checked (§4)', () => {
    expect(createDateInterval('14/02/2025')).toEqual({
      type: 'month',
      currentDate: '2025-02-14',
      checked: true,
      startDate: '2025-02-01',
      endDate: '2025-02-28',
    });
  });

  it('builds a year interval', () => {
    expect(createDateInterval('2025-02-14', 'year', false)).toEqual({
      type: 'year',
      currentDate: '2025-02-14',
      checked: false,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
  });
});

describe('instantOnSaoPauloClock', () => {
  it('reads the wall clock of São Paulo, whatever the process time zone', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(instantOnSaoPauloClock('24/11/2026', 8, 52)?.toISOString()).toBe('2026-11-24T11:52:00.000Z');
    expect(instantOnSaoPauloClock('2026-11-24', 23, 59)?.toISOString()).toBe('2026-11-25T02:59:00.000Z');
  });

  it('knows the summer time São Paulo kept until 2019', () => {
    // 15/01/2019 was in summer time (UTC−2); 15/07/2019 was not.
    expect(instantOnSaoPauloClock('15/01/2019', 12, 0)?.toISOString()).toBe('2019-01-15T14:00:00.000Z');
    expect(instantOnSaoPauloClock('15/07/2019', 12, 0)?.toISOString()).toBe('2019-07-15T15:00:00.000Z');
  });

  it('refuses a day or a time that does not exist', () => {
    expect(instantOnSaoPauloClock('31/02/2026', 10, 0)).toBeNull();
    expect(instantOnSaoPauloClock('24/11/2026', 24, 0)).toBeNull();
    expect(instantOnSaoPauloClock('24/11/2026', 10, 60)).toBeNull();
  });
});
