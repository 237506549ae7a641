import { describe, expect, it } from 'vitest';
import {
  MIN_DAYS_TO_PAY,
  describeDueDateRule,
  dueDate,
  isDueDateRule,
  type DueDateRule,
} from './due-date.ts';

const dayOfMonth = (dia: number): DueDateRule => ({ tipo: 'dia_mes', dia });
const daysAfterIssue = (dias: number): DueDateRule => ({ tipo: 'dias_apos_emissao', dias });
const due = (rule: DueDateRule, issueDay: string, periodStart = '2027-01-01') =>
  dueDate(rule, { issueDay, periodStart });

describe('dueDate, dia_mes', () => {
  it('is day N of the month the period starts', () => {
    // Thursday.
    expect(due(dayOfMonth(10), '2026-11-21', '2026-12-01')).toBe('2026-12-10');
  });

  it(`moves to the next month when fewer than ${MIN_DAYS_TO_PAY} days would be left to pay`, () => {
    // 05/12 is 2 days after the issue; 05/01/2027 is a Tuesday.
    expect(due(dayOfMonth(5), '2026-12-03', '2026-12-01')).toBe('2027-01-05');
  });

  it('keeps day N when exactly MIN_DAYS_TO_PAY days are left, then moves it off a Sunday', () => {
    // 06/12/2026 is 3 days after the issue and a Sunday.
    expect(due(dayOfMonth(6), '2026-12-03', '2026-12-01')).toBe('2026-12-07');
  });

  it('steps as many months as it takes', () => {
    expect(due(dayOfMonth(5), '2026-12-03', '2026-10-01')).toBe('2027-01-05');
  });

  it('takes day 28 of a leap February', () => {
    // Wednesday 28/02/2024.
    expect(due(dayOfMonth(28), '2024-01-22', '2024-02-01')).toBe('2024-02-28');
    // Easter 16/04/2028 puts Carnaval on Monday 28/02 and Tuesday 29/02: Wednesday 01/03.
    expect(due(dayOfMonth(28), '2028-01-22', '2028-02-01')).toBe('2028-03-01');
  });

  it('moves past Carnaval', () => {
    // 16/02/2026 is Carnaval Monday; Wednesday 18/02 is a business day.
    expect(due(dayOfMonth(16), '2026-01-20', '2026-02-01')).toBe('2026-02-18');
  });
});

describe('dueDate, dias_apos_emissao', () => {
  it('is N days after the issue', () => {
    // Wednesday.
    expect(due(daysAfterIssue(10), '2026-12-20')).toBe('2026-12-30');
  });

  it('moves 31/12, when banks do not open, to the next business day', () => {
    // Thursday 31/12/2026, Friday 01/01/2027, then the weekend.
    expect(due(daysAfterIssue(10), '2026-12-21')).toBe('2027-01-04');
  });

  it('moves a holiday and the weekend after it to the next business day', () => {
    // 01/01/2027 is a Friday: Confraternização Universal, then Saturday and Sunday.
    expect(due(daysAfterIssue(10), '2026-12-22')).toBe('2027-01-04');
  });

  it('is the issue day itself with 0 days, moved off a Sunday', () => {
    expect(due(daysAfterIssue(0), '2026-03-15')).toBe('2026-03-16');
    expect(due(daysAfterIssue(0), '2026-03-18')).toBe('2026-03-18');
  });

  it('counts across 29/02', () => {
    // Wednesday 01/03/2028 (leap year) and Tuesday 02/03/2027.
    expect(due(daysAfterIssue(10), '2028-02-20')).toBe('2028-03-01');
    expect(due(daysAfterIssue(10), '2027-02-20')).toBe('2027-03-02');
  });

  it('moves past Carnaval', () => {
    // Friday 06/02/2026 + 10 = Carnaval Monday.
    expect(due(daysAfterIssue(10), '2026-02-06')).toBe('2026-02-18');
  });

  it('refuses a rule outside its limits and a day that does not exist', () => {
    expect(() => due(daysAfterIssue(91), '2026-12-21')).toThrow(RangeError);
    expect(() => due(dayOfMonth(29), '2026-12-21')).toThrow(RangeError);
    expect(() => due(dayOfMonth(10), '2026-02-30')).toThrow(RangeError);
    expect(() => due(dayOfMonth(10), '2026-12-21', '')).toThrow(RangeError);
  });
});

describe('isDueDateRule', () => {
  it('accepts day 1 to 28 and 0 to 90 days', () => {
    const accepted = [dayOfMonth(1), dayOfMonth(28), daysAfterIssue(0), daysAfterIssue(90)];
    for (const rule of accepted) expect(isDueDateRule(rule), JSON.stringify(rule)).toBe(true);
  });

  it('refuses anything else', () => {
    const refused: unknown[] = [
      dayOfMonth(0),
      dayOfMonth(29),
      dayOfMonth(31),
      dayOfMonth(10.5),
      daysAfterIssue(-1),
      daysAfterIssue(91),
      daysAfterIssue(Number.NaN),
      { tipo: 'dia_mes', dia: '10' },
      { tipo: 'dia_mes', dias: 10 },
      { tipo: 'dias_apos_emissao', dia: 10 },
      { tipo: 'semanal', dia: 1 },
      { dia: 10 },
      null,
      undefined,
      10,
      'dia_mes',
    ];
    for (const value of refused) expect(isDueDateRule(value), JSON.stringify(value)).toBe(false);
  });
});

describe('describeDueDateRule', () => {
  it('says the rule in pt-BR', () => {
    expect(describeDueDateRule(dayOfMonth(10))).toBe('Todo dia 10 do mês');
    expect(describeDueDateRule(daysAfterIssue(10))).toBe('10 dias após a emissão');
    expect(describeDueDateRule(daysAfterIssue(1))).toBe('1 dia após a emissão');
    expect(describeDueDateRule(daysAfterIssue(0))).toBe('No dia da emissão');
  });
});
