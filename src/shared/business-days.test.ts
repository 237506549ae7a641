import { afterEach, describe, expect, it } from 'vitest';
import { easterSunday, isBusinessDay, nationalHolidays, nextBusinessDay } from './business-days.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('easterSunday', () => {
  it('gives the Gregorian Easter of known years', () => {
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('reaches the earliest and the latest possible days', () => {
    expect(easterSunday(2285)).toBe('2285-03-22');
    expect(easterSunday(1943)).toBe('1943-04-25');
  });

  it('is always a Sunday between 22/03 and 25/04', () => {
    for (let year = 1583; year <= 4099; year += 1) {
      const easter = easterSunday(year);
      expect(weekday(easter), easter).toBe(0);
      expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25', easter).toBe(true);
    }
  });

  it('refuses a year outside the calendar', () => {
    expect(() => easterSunday(0)).toThrow(RangeError);
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
    expect(() => easterSunday(10000)).toThrow(RangeError);
  });
});

describe('nationalHolidays', () => {
  it('lists 2026 exactly, sorted, in pt-BR', () => {
    expect(nationalHolidays(2026)).toEqual([
      { date: '2026-01-01', name: 'Confraternização Universal' },
      { date: '2026-02-16', name: 'Carnaval (segunda-feira)' },
      { date: '2026-02-17', name: 'Carnaval (terça-feira)' },
      { date: '2026-04-03', name: 'Sexta-feira da Paixão' },
      { date: '2026-04-21', name: 'Tiradentes' },
      { date: '2026-05-01', name: 'Dia do Trabalho' },
      { date: '2026-06-04', name: 'Corpus Christi' },
      { date: '2026-09-07', name: 'Independência do Brasil' },
      { date: '2026-10-12', name: 'Nossa Senhora Aparecida' },
      { date: '2026-11-02', name: 'Finados' },
      { date: '2026-11-15', name: 'Proclamação da República' },
      { date: '2026-11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra' },
      { date: '2026-12-25', name: 'Natal' },
      { date: '2026-12-31', name: 'Último dia do ano (sem expediente bancário)' },
    ]);
  });

  it('counts every day whatever its weekday: 14 in 2026, 15/11 (a Sunday) included', () => {
    const holidays = nationalHolidays(2026);
    expect(holidays).toHaveLength(14);
    const onWeekends = holidays.filter(({ date }) => weekday(date) === 0 || weekday(date) === 6);
    expect(onWeekends).toEqual([{ date: '2026-11-15', name: 'Proclamação da República' }]);
  });

  it('has 20/11 only from 2024 on (Lei 14.759/2023)', () => {
    const dates = (year: number) => nationalHolidays(year).map(({ date }) => date);
    expect(dates(2023)).not.toContain('2023-11-20');
    expect(dates(2023)).toHaveLength(13);
    expect(dates(2024)).toContain('2024-11-20');
    expect(dates(2024)).toHaveLength(14);
    expect(dates(2023)).toEqual([
      '2023-01-01',
      '2023-02-20',
      '2023-02-21',
      '2023-04-07',
      '2023-04-21',
      '2023-05-01',
      '2023-06-08',
      '2023-09-07',
      '2023-10-12',
      '2023-11-02',
      '2023-11-15',
      '2023-12-25',
      '2023-12-31',
    ]);
  });

  it('keeps one entry for a day that is two holidays: Paixão on Tiradentes in 2000', () => {
    // Easter on 23/04/2000.
    const holidays = nationalHolidays(2000);
    expect(holidays).toHaveLength(12);
    expect(holidays).toContainEqual({
      date: '2000-04-21',
      name: 'Tiradentes / Sexta-feira da Paixão',
    });
  });

  it('is sorted and without repeated days in every year', () => {
    for (let year = 1900; year <= 2200; year += 1) {
      const dates = nationalHolidays(year).map(({ date }) => date);
      expect(dates).toEqual([...new Set(dates)].sort());
      expect(dates.every((date) => date.startsWith(`${year}-`))).toBe(true);
    }
  });

  it('answers each year with one frozen list', () => {
    const holidays = nationalHolidays(2026);
    expect(nationalHolidays(2026)).toBe(holidays);
    expect(Object.isFrozen(holidays)).toBe(true);
    expect(Object.isFrozen(holidays[0])).toBe(true);
  });
});

describe('isBusinessDay', () => {
  it('is false on weekends and on the days of the list', () => {
    expect(isBusinessDay('2026-03-14')).toBe(false); // Saturday
    expect(isBusinessDay('2026-03-15')).toBe(false); // Sunday
    expect(isBusinessDay('2026-02-16')).toBe(false); // Carnaval
    expect(isBusinessDay('2026-06-04')).toBe(false); // Corpus Christi
    expect(isBusinessDay('2024-11-20')).toBe(false); // Wednesday, Consciência Negra
  });

  it('is true on any other weekday', () => {
    expect(isBusinessDay('2026-03-18')).toBe(true); // Wednesday
    expect(isBusinessDay('2026-02-18')).toBe(true); // Quarta-feira de Cinzas: banks open at noon
    expect(isBusinessDay('2023-11-20')).toBe(true); // Monday, before Lei 14.759/2023
  });

  it('refuses what is not a calendar day', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => isBusinessDay('amanhã')).toThrow(RangeError);
  });
});

describe('nextBusinessDay', () => {
  it('moves a weekend to Monday', () => {
    expect(nextBusinessDay('2026-03-14')).toBe('2026-03-16'); // Saturday
    expect(nextBusinessDay('2026-03-15')).toBe('2026-03-16'); // Sunday
  });

  it('keeps a business day', () => {
    expect(nextBusinessDay('2026-03-18')).toBe('2026-03-18');
  });

  it('skips the holidays and the weekends after them', () => {
    expect(nextBusinessDay('2026-04-03')).toBe('2026-04-06'); // Friday, Paixão
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-18'); // Sat, Sun, Carnaval Mon and Tue
    expect(nextBusinessDay('2026-06-04')).toBe('2026-06-05'); // Thursday, Corpus Christi
    expect(nextBusinessDay('2026-12-25')).toBe('2026-12-28'); // Friday, Natal
    expect(nextBusinessDay('2027-01-01')).toBe('2027-01-04'); // Friday, across the year
    expect(nextBusinessDay('2026-11-20')).toBe('2026-11-23'); // Friday, Consciência Negra
  });

  it('counts weekdays on the calendar day, whatever the process time zone', () => {
    for (const zone of ['America/Sao_Paulo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = zone;
      expect(nextBusinessDay('2026-02-14'), zone).toBe('2026-02-18');
      expect(isBusinessDay('2026-03-13'), zone).toBe(true); // Friday
      expect(isBusinessDay('2026-03-14'), zone).toBe(false); // Saturday
    }
  });
});
