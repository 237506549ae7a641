/**
 * The boleto's barcode and linha digitável as FEBRABAN lays them out for every bank
 * (docs/decisions/112-boleto.md): 44 digits — bank (3), currency 9 (1), general check digit (1),
 * due factor (4), amount in cents (10), the bank's free field (25) — and the 47 digits a person
 * types, the same digits in another order with a modulo-10 digit per field.
 */
import { daysBetween } from '../dates.ts';

/** Modulo 10 (FEBRABAN): weights 2, 1, 2, 1… from the right, a product's digits summed. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    const product = Number(digits[index]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The weighted sum of modulo 11 with weights 2…`maxWeight` cycling from the right. */
export function mod11Sum(digits: string, maxWeight = 9): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    sum += Number(digits[index]) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  return sum;
}

/** The barcode's general check digit: 11 − (sum mod 11), and 1 where that gives 0, 10 or 11. */
function barcodeCheckDigit(digits43: string): number {
  const digit = 11 - (mod11Sum(digits43) % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** Day 1000 of the due factor's first cycle (03/07/2000); the base 07/10/1997 is day 0. */
const FACTOR_BASE = '1997-10-07';

/**
 * The due factor: days since 07/10/1997, which reached 9999 on 21/02/2025 and restarted at 1000
 * on 22/02/2025 (FEBRABAN's Carta-Circular 2024); it cycles every 9 000 days.
 */
export function dueFactor(dueDate: string): string {
  const days = daysBetween(FACTOR_BASE, dueDate);
  if (days < 1000) throw new RangeError(`Vencimento anterior a 03/07/2000: ${dueDate}`);
  return String(((days - 1000) % 9000) + 1000);
}

const DIGITS = (length: number) => new RegExp(`^\\d{${length}}$`);

/** The 44-digit barcode of a boleto. */
export function boletoBarcode(input: { bank: string; amountCents: number; dueDate: string; freeField: string }): string {
  if (!DIGITS(3).test(input.bank)) throw new RangeError('Código do banco: 3 dígitos.');
  if (!DIGITS(25).test(input.freeField)) throw new RangeError('Campo livre: 25 dígitos.');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > 99_999_999_99) {
    throw new RangeError('Valor fora do que o boleto comporta.');
  }
  const amount = String(input.amountCents).padStart(10, '0');
  const body = `${input.bank}9${dueFactor(input.dueDate)}${amount}${input.freeField}`;
  const digit = barcodeCheckDigit(body);
  return `${body.slice(0, 4)}${digit}${body.slice(4)}`;
}

/** The 47 digits a person types, from a 44-digit barcode. */
export function linhaDigitavel(barcode: string): string {
  if (!DIGITS(44).test(barcode)) throw new RangeError('Código de barras: 44 dígitos.');
  const free = barcode.slice(19);
  const field1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** 'AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV', as printed on the boleto. */
export function formatLinhaDigitavel(digits: string): string {
  const d = digits;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}
