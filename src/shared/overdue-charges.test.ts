import { describe, expect, it } from 'vitest';
import { amountDue, chargesLate, overdueCharges } from './overdue-charges.ts';

const RULE = { multa: '2.00', juros: '1.00' };

// Figures checked by hand: multa = amount × 2 %; juros = amount × 1 % × days / 30; each to the cent, half up.
describe('overdueCharges (issue 39 item 5)', () => {
  it('charges nothing on or before the due date', () => {
    expect(overdueCharges('149.90', '2026-11-10', '2026-11-10', RULE)).toEqual({ days: 0, fineCents: 0, interestCents: 0, totalCents: 14990 });
    expect(overdueCharges('149.90', '2026-11-10', '2026-11-01', RULE).totalCents).toBe(14990);
  });

  it('one day late: the whole fine and a thirtieth of a month of interest', () => {
    // 149,90 × 2 % = 2,998 → 3,00; 149,90 × 1 % / 30 = 0,04997 → 0,05; 149,90 + 3,00 + 0,05.
    expect(overdueCharges('149.90', '2026-11-10', '2026-11-11', RULE)).toEqual({ days: 1, fineCents: 300, interestCents: 5, totalCents: 15295 });
  });

  it('49 days late, across a month end', () => {
    // 2026-10-11 → 2026-11-29 is 49 days. 1 000,00 × 2 % = 20,00; 1 000,00 × 1 % × 49 / 30 = 16,333 → 16,33.
    expect(overdueCharges('1000.00', '2026-10-11', '2026-11-29', RULE)).toEqual({ days: 49, fineCents: 2000, interestCents: 1633, totalCents: 103633 });
    expect(amountDue('1000.00', '2026-10-11', '2026-11-29', RULE)).toBe('1036.33');
  });

  it('rounds each charge half up to the cent on its own', () => {
    // 0,25 × 2 % = 0,005 → 0,01; 0,25 × 1 % × 15 / 30 = 0,00125 → 0,00.
    expect(overdueCharges('0.25', '2026-01-01', '2026-01-16', RULE)).toEqual({ days: 15, fineCents: 1, interestCents: 0, totalCents: 26 });
    // 119,90 × 1 % × 45 / 30 = 1,7985 → 1,80; fine 2,398 → 2,40.
    expect(overdueCharges('119.90', '2026-02-01', '2026-03-18', RULE)).toEqual({ days: 45, fineCents: 240, interestCents: 180, totalCents: 12410 });
  });

  it('a fine alone, interest alone, and no rule', () => {
    expect(overdueCharges('100.00', '2026-01-01', '2026-01-31', { multa: '2', juros: null }).totalCents).toBe(10200);
    expect(overdueCharges('100.00', '2026-01-01', '2026-01-31', { multa: null, juros: '0.5' }).totalCents).toBe(10050);
    expect(amountDue('100.00', '2026-01-01', '2026-12-31', { multa: null, juros: null })).toBe('100.00');
    expect(chargesLate({ multa: '0.00', juros: '0' })).toBe(false);
    expect(chargesLate(RULE)).toBe(true);
  });

  it('stays exact for a large amount over years', () => {
    // 9 999 999,99 × 1 % × 3 650 / 30 = 12 166 666,65 (exact: 12 166 666,654 → ,65); fine 199 999,9998 → 200 000,00.
    expect(overdueCharges('9999999.99', '2020-01-01', '2029-12-29', RULE)).toMatchObject({ days: 3650, fineCents: 20000000, interestCents: 1216666665 });
  });
});
