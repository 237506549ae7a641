import type { BoletoBank } from './bank.ts';
import { bancoDoBrasil } from './banco-do-brasil.ts';
import { bradesco } from './bradesco.ts';

/** The banks the portal issues boletos for, by FEBRABAN code. */
export const BOLETO_BANKS: ReadonlyMap<string, BoletoBank> = new Map([bancoDoBrasil, bradesco].map((bank) => [bank.code, bank]));
