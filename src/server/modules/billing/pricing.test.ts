import { describe, expect, it } from 'vitest';
import {
  carriedCreditLines,
  daysInclusive,
  immediateChangeLines,
  nextPeriod,
  periodLine,
  periodPrice,
  promotionEnd,
  prorate,
  rebilledPeriodLines,
  type PricedOption,
} from './pricing.ts';

/** Decision 102's pricing, checked against values worked out by hand. */
const option = (overrides: Partial<PricedOption>): PricedOption => ({
  id: 1,
  planoId: 10,
  planoNome: 'Básico',
  cobrancaTipo: 1,
  cobrancaTipoDesc: 'Mensal',
  valor: '99.90',
  valorPromocional: null,
  flagPromocao: false,
  flagGratuito: false,
  promocaoMeses: null,
  ...overrides,
});
const BASICO = option({});
const PROFISSIONAL = option({ id: 2, planoId: 11, planoNome: 'Profissional', valor: '199.90' });
const ANUAL = option({ id: 3, planoId: 12, planoNome: 'Anual', cobrancaTipo: 12, cobrancaTipoDesc: 'Anual', valor: '999.00' });
const GRATIS = option({ id: 4, planoId: 13, planoNome: 'Grátis', valor: '0.00', flagGratuito: true });

describe('days and pro rata die', () => {
  it('counts both ends, across months and leap days', () => {
    expect(daysInclusive('2026-12-01', '2026-12-31')).toBe(31);
    expect(daysInclusive('2026-12-20', '2026-12-31')).toBe(12);
    expect(daysInclusive('2028-02-01', '2028-02-29')).toBe(29);
    expect(daysInclusive('2026-12-01', '2027-11-30')).toBe(365);
  });

  it('rounds each line half away from zero to the cent', () => {
    expect(prorate(9990, 12, 31)).toBe(3867); // 3867.097
    expect(prorate(19990, 12, 31)).toBe(7738); // 7738.065
    expect(prorate(15, 1, 2)).toBe(8); // 7.5
    expect(prorate(-15, 1, 2)).toBe(-8);
    expect(prorate(1000, 1, 8)).toBe(125);
    expect(prorate(9990, 0, 31)).toBe(0);
  });
});

describe('the price of a period', () => {
  it('is the promotional one for the months the option says, then the full one', () => {
    const promo = option({ valorPromocional: '49.90', flagPromocao: true, promocaoMeses: 3 });
    const until = promotionEnd(promo, '2026-12-01');
    expect(until).toBe('2027-03-01');
    expect(periodPrice(promo, '2026-12-01', until)).toEqual({ cents: 4990, promocional: true });
    expect(periodPrice(promo, '2027-02-01', until)).toEqual({ cents: 4990, promocional: true });
    expect(periodPrice(promo, '2027-03-01', until)).toEqual({ cents: 9990, promocional: false });
    expect(promotionEnd(BASICO, '2026-12-01')).toBeNull();
    expect(periodPrice(GRATIS, '2026-12-01', null)).toEqual({ cents: 0, promocional: false });
  });

  it('writes the period item with the plan, the cycle and the dates', () => {
    expect(periodLine(BASICO, { start: '2026-12-01', end: '2026-12-31' }, { cents: 9990, promocional: false })).toEqual({
      codigo: 'PLANO-10',
      descricao: 'Assinatura — Básico (Mensal), 01/12/2026 a 31/12/2026',
      unidade: 'mês',
      qtde: 1,
      cents: 9990,
    });
    expect(nextPeriod('2026-12-31', ANUAL)).toEqual({ start: '2027-01-01', end: '2027-12-31' });
    expect(nextPeriod('2027-01-31', BASICO)).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });
});

describe('an immediate change (decision 102)', () => {
  const december = { periodStart: '2026-12-01', periodEnd: '2026-12-31', fromPromocaoAte: null };

  it('upgrade on the 20th: 12 unused days of R$ 99,90 credited, 12 days of R$ 199,90 charged', () => {
    expect(immediateChangeLines({ ...december, today: '2026-12-20', from: BASICO, to: PROFISSIONAL })).toEqual([
      { codigo: 'AJUSTE', descricao: 'Crédito proporcional — Básico, 12 dias', unidade: 'dia', qtde: 12, cents: -3867 },
      { codigo: 'AJUSTE', descricao: 'Profissional, 12 dias', unidade: 'dia', qtde: 12, cents: 7738 },
    ]);
  });

  it('downgrade: the credit is larger than the charge', () => {
    const lines = immediateChangeLines({ ...december, today: '2026-12-20', from: PROFISSIONAL, to: BASICO });
    expect(lines.map((line) => line.cents)).toEqual([-7738, 3867]);
  });

  it('to another cycle: the new price over its own period length from the period start', () => {
    // The annual option over 2026-12-01..2027-11-30 (365 days): 99900 × 12 / 365 = 3284.38.
    const lines = immediateChangeLines({ ...december, today: '2026-12-20', from: BASICO, to: ANUAL });
    expect(lines.map((line) => line.cents)).toEqual([-3867, 3284]);
  });

  it('from or to a free plan: only the paid side, and nothing on the last day past', () => {
    expect(immediateChangeLines({ ...december, today: '2026-12-31', from: GRATIS, to: BASICO })).toEqual([
      { codigo: 'AJUSTE', descricao: 'Básico, 1 dia', unidade: 'dia', qtde: 1, cents: 322 },
    ]);
    expect(immediateChangeLines({ ...december, today: '2026-12-01', from: BASICO, to: GRATIS }).map((line) => line.cents)).toEqual([-9990]);
  });

  it('a promotional new option charges its promotional price', () => {
    const promo = option({ id: 5, planoNome: 'Promo', valor: '199.90', valorPromocional: '99.90', flagPromocao: true, promocaoMeses: 2 });
    const lines = immediateChangeLines({ ...december, today: '2026-12-20', from: BASICO, to: promo });
    expect(lines.map((line) => line.cents)).toEqual([-3867, 3867]);
  });
});

describe('reconciliations and carried credit', () => {
  it('credits what a period was billed and charges its new price', () => {
    const lines = rebilledPeriodLines({
      period: { start: '2027-01-01', end: '2027-01-31' },
      billedCents: 9990,
      billedPlanName: 'Básico',
      to: PROFISSIONAL,
      toPrice: { cents: 19990, promocional: false },
    });
    expect(lines).toEqual([
      { codigo: 'AJUSTE', descricao: 'Crédito — Básico, período de 01/01/2027 a 31/01/2027 já faturado', unidade: null, qtde: null, cents: -9990 },
      { codigo: 'AJUSTE', descricao: 'Profissional (Mensal), período de 01/01/2027 a 31/01/2027', unidade: null, qtde: null, cents: 19990 },
    ]);
  });

  it('brings a negative total to zero and carries the rest', () => {
    expect(carriedCreditLines(500)).toBeNull();
    expect(carriedCreditLines(-3871)).toEqual({
      onInvoice: expect.objectContaining({ cents: 3871 }) as unknown,
      carried: expect.objectContaining({ cents: -3871, descricao: 'Saldo de crédito da fatura anterior' }) as unknown,
    });
  });
});
