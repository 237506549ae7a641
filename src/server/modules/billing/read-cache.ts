import type { DueDateRule } from '#shared/due-date';
import type { PricedOption } from './pricing.ts';

/** A product's billing settings (decision 102). */
export interface ProductBilling {
  nome: string;
  rule: DueDateRule;
  /** The rule as a key of ReadCache.dueDates. */
  ruleKey: string;
  aprovacao: boolean;
}

/**
 * What a billing run reads and computes again and again (the same few options and products for thousands of
 * contracts), kept for the run only: a price staff change during a run applies from the next.
 */
export interface ReadCache {
  options: Map<number, PricedOption>;
  products: Map<number, ProductBilling>;
  /** Due dates by rule, issue day and period start: the calendar's arithmetic is not cheap. */
  dueDates: Map<string, string>;
  /** Next periods by the last day billed and the option's length in months. */
  periods: Map<string, { start: string; end: string }>;
}

export const newReadCache = (): ReadCache => ({ options: new Map(), products: new Map(), dueDates: new Map(), periods: new Map() });
