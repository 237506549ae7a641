import { afterEach, describe, expect, it } from 'vitest';
import {
  MISSING,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatMonthYear,
  formatQuantity,
  orMissing,
  fromCents,
  sumMoney,
  toCents,
  truncate,
} from './format.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('formatMoney', () => {
  // Intl's pt-BR BRL output: a non-breaking space after 'R$'.
  const NBSP = '\u00a0';

  it('writes R$, dot thousands, decimal comma and two decimals (§9)', () => {
    expect(formatMoney('1234.56')).toBe(`R$${NBSP}1.234,56`);
    expect(formatMoney(1234.56)).toBe(`R$${NBSP}1.234,56`);
    expect(formatMoney('0')).toBe(`R$${NBSP}0,00`);
    expect(formatMoney('0.5')).toBe(`R$${NBSP}0,50`);
    expect(formatMoney('999.99')).toBe(`R$${NBSP}999,99`);
    expect(formatMoney('1000')).toBe(`R$${NBSP}1.000,00`);
    expect(formatMoney('1234567.8')).toBe(`R$${NBSP}1.234.567,80`);
    expect(formatMoney('9999999999.99')).toBe(`R$${NBSP}9.999.999.999,99`);
  });

  it('puts the minus sign before R$, and never shows a negative zero', () => {
    expect(formatMoney('-5.00')).toBe(`-R$${NBSP}5,00`);
    expect(formatMoney(-1234.5)).toBe(`-R$${NBSP}1.234,50`);
    expect(formatMoney('-0.00')).toBe(`R$${NBSP}0,00`);
  });

  it("keeps 'R$' on the line of its number: a non-breaking space, never a plain one", () => {
    expect(formatMoney('10')).toBe(`R$${NBSP}10,00`);
    expect(formatMoney('10')).not.toContain(' ');
  });

  it('is what Intl pt-BR BRL writes, after rounding in cents as written', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    for (const value of ['0.01', '12.3', '999.99', '1000', '123456.78', '-42.1', '1000000']) {
      expect(formatMoney(value)).toBe(intl.format(Number(value)));
    }
    // 1.005 is 1.00499... as a float; written as '1.005' it rounds up (toCents).
    expect(formatMoney('1.005')).toBe(`R$${NBSP}1,01`);
    // Every cent value near each grouping boundary, both signs (decision 092: written by hand).
    const decimal = new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const boundary of [0, 1_000_00, 1_000_000_00, 1_000_000_000_00]) {
      for (let cents = boundary - 150; cents <= boundary + 150; cents++) {
        for (const signed of cents === 0 ? [0] : [cents, -cents]) {
          const text = (signed / 100).toFixed(2);
          expect(formatMoney(text)).toBe(intl.format(signed / 100));
          expect(formatDecimal(text)).toBe(decimal.format(signed / 100));
        }
      }
    }
  });

  it("shows '-' for a missing or unreadable value (§2)", () => {
    for (const value of [
      null,
      undefined,
      '',
      ' ',
      'abc',
      '1,50',
      '1.234,56',
      '.5',
      NaN,
      Infinity,
    ]) {
      expect(formatMoney(value)).toBe(MISSING);
    }
    expect(MISSING).toBe('-');
  });
});

describe('cents', () => {
  it('reads numeric strings exactly', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('0.1')).toBe(10);
    expect(toCents(' 7 ')).toBe(700);
    expect(toCents('-0.05')).toBe(-5);
  });

  it('rounds extra decimals half away from zero, as written', () => {
    expect(toCents('1.005')).toBe(101);
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1.0049')).toBe(100);
    expect(toCents('-1.005')).toBe(-101);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('never gives negative zero', () => {
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
    expect(Object.is(toCents(-1e-7), 0)).toBe(true);
  });

  it('returns null for missing, unreadable or unsafe values', () => {
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(toCents(1e21)).toBeNull();
    expect(toCents('99999999999999999999')).toBeNull();
  });

  it('writes cents back in the database form', () => {
    expect(fromCents(123456)).toBe('1234.56');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(0)).toBe('0.00');
  });

  it('sums in integer cents', () => {
    // In floating point 0.1 + 0.2 is 0.30000000000000004.
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['1234.56', null, '-0.56', undefined, 'x'])).toBe('1234.00');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.1'))).toBe('1.00');
    expect(sumMoney([])).toBe('0.00');
  });
});

describe('formatDate', () => {
  it('keeps a date-only value on its calendar day in any process time zone', () => {
    // The premise: a naive `new Date('2025-03-01')` does land on 28/02 in Pago Pago.
    process.env.TZ = 'Pacific/Pago_Pago';
    expect(new Date('2025-03-01').getDate()).toBe(28);
    for (const tz of ['UTC', 'America/Sao_Paulo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = tz;
      expect(formatDate('2025-03-01')).toBe('01/03/2025');
      expect(formatDate('2024-12-31')).toBe('31/12/2024');
    }
  });

  it('shows a timestamp on its São Paulo day', () => {
    expect(formatDate('2025-01-01T02:00:00Z')).toBe('31/12/2024');
    expect(formatDate('2025-01-01T03:00:00Z')).toBe('01/01/2025');
    expect(formatDate(new Date(Date.UTC(2025, 0, 1, 2)))).toBe('31/12/2024');
  });

  it("shows '-' for missing or invalid values", () => {
    for (const value of [null, undefined, '', 'abc', '2025-02-30', '2025-13-01', new Date('x')]) {
      expect(formatDate(value)).toBe('-');
    }
  });
});

describe('formatDateTime', () => {
  it('shows UTC timestamps in America/Sao_Paulo', () => {
    expect(formatDateTime('2025-06-15T15:30:00Z')).toBe('15/06/2025 12:30');
    expect(formatDateTime('2025-06-15T15:30:00.123456+00:00')).toBe('15/06/2025 12:30');
    expect(formatDateTime('2025-06-15T12:30:00-03:00')).toBe('15/06/2025 12:30');
    expect(formatDateTime(new Date(Date.UTC(2025, 5, 15, 15, 30)))).toBe('15/06/2025 12:30');
  });

  it('reads a timestamp without a zone as UTC, as PostgreSQL and the API send them', () => {
    expect(formatDateTime('2025-06-15 15:30:00')).toBe('15/06/2025 12:30');
    expect(formatDateTime('2025-06-15T15:30')).toBe('15/06/2025 12:30');
    expect(formatDateTime('2025-06-15 15:30:00+00')).toBe('15/06/2025 12:30');
  });

  it('does not depend on the process time zone', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(formatDateTime('2025-06-15T15:30:00Z')).toBe('15/06/2025 12:30');
    expect(formatDateTime('2025-06-15 15:30:00')).toBe('15/06/2025 12:30');
  });

  it('applies the historic daylight-saving offset', () => {
    // São Paulo kept UTC-2 in summer until 2019.
    expect(formatDateTime('2018-12-01T12:00:00Z')).toBe('01/12/2018 10:00');
  });

  it('crosses midnight and the year end', () => {
    expect(formatDateTime('2026-01-01T01:59:00Z')).toBe('31/12/2025 22:59');
  });

  it('shows a date-only value at midnight without shifting it', () => {
    expect(formatDateTime('2025-03-01')).toBe('01/03/2025 00:00');
  });

  it('shows the seconds when asked (the dev mailbox)', () => {
    expect(formatDateTime('2025-06-15T15:30:07Z', { seconds: true })).toBe('15/06/2025 12:30:07');
  });

  it("shows '-' for missing or invalid values", () => {
    for (const value of [
      null,
      undefined,
      '',
      '2025-06-15T25:00:00Z',
      '15/06/2025 12:30',
      new Date(NaN),
    ]) {
      expect(formatDateTime(value)).toBe('-');
    }
  });
});

describe('formatMonthYear', () => {
  it("names the month in Portuguese, capitalised: 'Novembro de 2026'", () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatMonthYear('2026-11-01')).toBe('Novembro de 2026');
    expect(formatMonthYear('2027-03-31')).toBe('Março de 2027');
    expect(formatMonthYear('31/02/2027')).toBe('-');
  });
});

describe('formatDecimal', () => {
  it('shows two places with the decimal comma (§9)', () => {
    expect(formatDecimal('1234.5')).toBe('1.234,50');
    expect(formatDecimal(0)).toBe('0,00');
    expect(formatDecimal('1.005')).toBe('1,01');
    expect(formatDecimal(-1234.5)).toBe('-1.234,50');
    expect(formatDecimal('1e3')).toBe('1.000,00');
  });

  it("shows '-' for missing or unreadable values", () => {
    for (const value of [null, undefined, '', 'abc']) expect(formatDecimal(value)).toBe('-');
  });
});

describe('formatQuantity and orMissing', () => {
  it("writes a quantity with the decimal comma, blank when 0 or less, '-' when missing (§2)", () => {
    expect(formatQuantity('1.5')).toBe('1,5');
    expect(formatQuantity(' 12 ')).toBe('12');
    expect(formatQuantity('0')).toBe('');
    expect(formatQuantity('-1')).toBe('');
    for (const value of [null, undefined, ' ', 'x']) expect(formatQuantity(value)).toBe('-');
  });

  it("shows '-' for a missing text and the text otherwise", () => {
    expect(orMissing(null)).toBe('-');
    expect(orMissing('  ')).toBe('-');
    expect(orMissing('NFS-e 12')).toBe('NFS-e 12');
  });
});

describe('truncate', () => {
  it("cuts long text so that, with '...', it is max characters long", () => {
    expect(truncate('Descrição longa demais', 10)).toBe('Descriç...');
    expect(truncate('Descrição longa demais', 10)).toHaveLength(10);
  });

  it('leaves text of max characters or fewer unchanged', () => {
    expect(truncate('0123456789', 10)).toBe('0123456789');
    expect(truncate('curto', 10)).toBe('curto');
    expect(truncate('', 10)).toBe('');
  });

  it('does not split an emoji', () => {
    expect(truncate('ab😀😀😀😀😀', 6)).toBe('ab😀...');
  });

  it('gives empty text for a missing value', () => {
    expect(truncate(null, 10)).toBe('');
    expect(truncate(undefined, 10)).toBe('');
  });

  it('cuts without a suffix when max leaves no room for it', () => {
    expect(truncate('abcdef', 3)).toBe('abc');
    expect(truncate('abcdef', 0)).toBe('');
  });
});
