import { validarBoleto } from '@mrmgomes/boleto-utils';
import { describe, expect, it } from 'vitest';
import { bancoDoBrasil } from './banks/banco-do-brasil.ts';
import { bradesco, bradescoNossoNumeroDigit } from './banks/bradesco.ts';
import { boletoBarcode, dueFactor, formatLinhaDigitavel, linhaDigitavel, mod10 } from './febraban.ts';

/**
 * Issue 40 (decision 112). The figures in the comments were computed by hand (and again by a
 * separate script) from FEBRABAN's layout; @mrmgomes/boleto-utils, an independent validator from
 * npm, accepts each barcode and linha digitável.
 */
describe('the due factor (FEBRABAN)', () => {
  it('is 1000 on 03/07/2000 and 9999 on 21/02/2025, the last day of the first cycle', () => {
    expect(dueFactor('2000-07-03')).toBe('1000');
    expect(dueFactor('2025-02-21')).toBe('9999');
  });

  it('restarted at 1000 on 22/02/2025 and counts on from there', () => {
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2025-02-23')).toBe('1001');
    // 22/02/2025 + 656 days.
    expect(dueFactor('2026-12-10')).toBe('1656');
  });

  it('refuses a date before the factor existed', () => {
    expect(() => dueFactor('2000-07-02')).toThrow(RangeError);
  });
});

describe('modulo 10', () => {
  it('weights 2, 1, 2… from the right and sums a product’s digits', () => {
    // 001900000 from the right: 0×2, 0×1, 0×2, 0×1, 0×2, 9×1 = 9, 1×2 = 2, 0, 0 → 11 → 10 − 1 = 9.
    expect(mod10('001900000')).toBe(9);
    // 0019000009: 9×2 = 18 → 1 + 8 = 9, then 0…, 9×2 = 18 → 9, 1×1 → 19 → 10 − 9 = 1.
    expect(mod10('0019000009')).toBe(1);
    // 123456789: 9×2 → 9, 8, 7×2 → 5, 6, 5×2 → 1, 4, 3×2 = 6, 2, 1×2 = 2 → 43 → 7.
    expect(mod10('123456789')).toBe(7);
    // A sum that is a multiple of 10 gives 0: 0000000118 → 8×2 → 7, 1, 1×2 = 2 → 10 → 0.
    expect(mod10('0000000118')).toBe(0);
  });
});

describe('Banco do Brasil, convênio of 7 digits, carteira 18', () => {
  const account = { agencia: '1234', agencia_dv: '3', conta: '12345678', conta_dv: '9', carteira: '18', convenio: '1234567' };

  it('builds the free field, the barcode and the linha digitável', () => {
    const nn = bancoDoBrasil.nossoNumero(account, 1);
    expect(nn).toEqual({ digits: '12345670000000001', printed: '12345670000000001' });
    const freeField = bancoDoBrasil.freeField(account, nn.digits);
    expect(freeField).toBe('0000001234567000000000118');
    // 001 9 · 1656 · 0000014990 · free field: the weighted sum (2…9 from the right) is 504,
    // 504 mod 11 = 9, 11 − 9 = 2.
    const barcode = boletoBarcode({ bank: '001', amountCents: 14990, dueDate: '2026-12-10', freeField });
    expect(barcode).toBe('00192165600000149900000001234567000000000118');
    // Fields: 001900000 + 9 (sum 11), 0123456700 + 4 (sum 26), 0000000118 + 0 (sum 10).
    const digits = linhaDigitavel(barcode);
    expect(digits).toBe('00190000090123456700400000001180216560000014990');
    expect(formatLinhaDigitavel(digits)).toBe('00190.00009 01234.567004 00000.001180 2 16560000014990');
    expect(validarBoleto(barcode)).toMatchObject({ sucesso: true, valor: 149.9 });
    expect(validarBoleto(digits)).toMatchObject({ sucesso: true, codigoBarras: barcode });
  });

  it('checks the account data in pt-BR', () => {
    expect(bancoDoBrasil.validate(account)).toEqual({});
    expect(bancoDoBrasil.validate({ ...account, convenio: '123456', carteira: '11', agencia: '12' })).toEqual({
      agencia: 'Agência do Banco do Brasil: 4 dígitos.',
      convenio: 'Convênio do Banco do Brasil: 7 dígitos.',
      carteira: 'Carteira do Banco do Brasil: 17 ou 18.',
    });
  });
});

describe('Bradesco, carteira 09', () => {
  const account = { agencia: '1234', agencia_dv: '0', conta: '12345', conta_dv: '6', carteira: '09', convenio: '1234567' };

  it("prints the nosso número's digit as the manual's example does (19/00000000002-8), P for remainder 1", () => {
    // 1900000000002 with weights 2…7 from the right: 2×2 + 9×7 + 1×2 = 69; 69 mod 11 = 3; 11 − 3 = 8.
    expect(bradescoNossoNumeroDigit('19', '00000000002')).toBe('8');
    // 0900000000005: 5×2 + 9×7 = 73, mod 11 = 7 → 4.
    expect(bradescoNossoNumeroDigit('09', '00000000005')).toBe('4');
    // 0900000000007: 7×2 + 63 = 77, mod 11 = 0 → 0; 0900000000001: 2 + 63 = 65, mod 11 = 10 → 1.
    expect(bradescoNossoNumeroDigit('09', '00000000007')).toBe('0');
    expect(bradescoNossoNumeroDigit('09', '00000000001')).toBe('1');
    // 0900000000006: 12 + 63 = 75, mod 11 = 9 → 2; 0900000000004: 8 + 63 = 71, mod 11 = 5 → 6;
    // a remainder of 1: 0900000000010 → 1×3 + 63 = 66, mod 11 = 0 → 0; 0900000000100 → 1×4 + 63 = 67, mod 11 = 1 → P.
    expect(bradescoNossoNumeroDigit('09', '00000000100')).toBe('P');
    expect(bradesco.nossoNumero(account, 1)).toEqual({ digits: '00000000001', printed: '09/00000000001-1' });
  });

  it('builds the free field, the barcode and the linha digitável', () => {
    const freeField = bradesco.freeField(account, '00000000002');
    expect(freeField).toBe('1234090000000000200123450');
    // The weighted sum is 520; 520 mod 11 = 3; 11 − 3 = 8.
    const barcode = boletoBarcode({ bank: '237', amountCents: 14990, dueDate: '2026-12-10', freeField });
    expect(barcode).toBe('23798165600000149901234090000000000200123450');
    // Fields: 237912340 + 5 (sum 35), 9000000000 + 1 (sum 9), 0200123450 + 5 (sum 25).
    const digits = linhaDigitavel(barcode);
    expect(digits).toBe('23791234059000000000102001234505816560000014990');
    expect(validarBoleto(barcode)).toMatchObject({ sucesso: true, valor: 149.9 });
    expect(validarBoleto(digits)).toMatchObject({ sucesso: true, codigoBarras: barcode });
  });

  it('writes 1 where the general digit would be 10, as the boleto layout says', () => {
    // Sequence 1: the weighted sum is 518; 518 mod 11 = 1; 11 − 1 = 10 → 1 (FEBRABAN: 0, 10
    // and 11 are written 1; a boleto's barcode never has 0 in position 5).
    const barcode = boletoBarcode({ bank: '237', amountCents: 14990, dueDate: '2026-12-10', freeField: bradesco.freeField(account, '00000000001') });
    expect(barcode).toBe('23791165600000149901234090000000000100123450');
    // The validator reads the linha digitável back to this barcode. Its own check of the barcode
    // applies the arrecadação rule (0 for remainders 0 and 1) and so disagrees here; decision 112.
    expect(validarBoleto(linhaDigitavel(barcode))).toMatchObject({ sucesso: true, codigoBarras: barcode });
  });
});

describe('the barcode refuses what it cannot hold', () => {
  it('a free field that is not 25 digits, an amount over R$ 99 999 999,99', () => {
    expect(() => boletoBarcode({ bank: '001', amountCents: 1, dueDate: '2026-12-10', freeField: '1' })).toThrow(RangeError);
    expect(() => boletoBarcode({ bank: '001', amountCents: 10_000_000_000, dueDate: '2026-12-10', freeField: '0'.repeat(25) })).toThrow(RangeError);
  });
});
