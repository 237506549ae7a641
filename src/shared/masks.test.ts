import { describe, expect, it } from 'vitest';
import { createMask } from 'imask';
import {
  CEP_MASK,
  CNPJ_MASK,
  CPF_CNPJ_MASKS,
  CPF_MASK,
  DATE_MASK,
  PHONE_MASKS,
  formatCep,
  formatPhone,
  onlyDigits,
  type MaskOptions,
} from './masks.ts';

// Types the characters one by one, as a person would, and reads what the mask shows.
function typeInto(options: MaskOptions | MaskOptions[], typed: string): string {
  const masked = createMask(Array.isArray(options) ? { mask: options } : options);
  masked.resolve(typed);
  return masked.value;
}

describe('imask options', () => {
  it('CPF mask gives ###.###.###-##', () => {
    expect(typeInto(CPF_MASK, '52998224725')).toBe('529.982.247-25');
    expect(typeInto(CPF_MASK, '52998A224725')).toBe('529.982.247-25');
  });

  it('CNPJ mask takes letters in the first 12 positions, upper-cased, and digits after', () => {
    expect(typeInto(CNPJ_MASK, '11222333000181')).toBe('11.222.333/0001-81');
    expect(typeInto(CNPJ_MASK, '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(typeInto(CNPJ_MASK, '12ABC34501DEAB')).toBe('12.ABC.345/01DE-');
  });

  it('CPF-or-CNPJ masks switch to CNPJ after 11 digits or on a letter', () => {
    expect(typeInto(CPF_CNPJ_MASKS, '52998224725')).toBe('529.982.247-25');
    expect(typeInto(CPF_CNPJ_MASKS, '11222333000181')).toBe('11.222.333/0001-81');
    expect(typeInto(CPF_CNPJ_MASKS, '12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('CEP and date masks', () => {
    expect(typeInto(CEP_MASK, '01310100')).toBe('01310-100');
    expect(typeInto(DATE_MASK, '31122025')).toBe('31/12/2025');
  });

  it('phone masks follow the digit count', () => {
    expect(typeInto(PHONE_MASKS, '1133334444')).toBe('(11) 3333-4444');
    expect(typeInto(PHONE_MASKS, '11987654321')).toBe('(11) 98765-4321');
    expect(typeInto(PHONE_MASKS, '011987654321')).toBe('(011) 98765-4321');
  });
});

describe('onlyDigits', () => {
  it('keeps the digits only', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits('12.ABC.345/01DE-35')).toBe('1234501' + '35');
    expect(onlyDigits('')).toBe('');
  });
});

describe('formatCep', () => {
  it('applies #####-###', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
  });

  it('formats a partial CEP without a dangling hyphen', () => {
    expect(formatCep('01310')).toBe('01310');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('')).toBe('');
  });

  it('returns the digits of something longer than a CEP', () => {
    expect(formatCep('0131010099')).toBe('0131010099');
  });
});

describe('formatPhone', () => {
  it('chooses the pattern by digit count', () => {
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('011987654321')).toBe('(011) 98765-4321');
  });

  it('re-formats an already masked value', () => {
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(formatPhone('11 3333-4444')).toBe('(11) 3333-4444');
  });

  it('formats a partial number with the shortest pattern', () => {
    expect(formatPhone('11')).toBe('(11');
    expect(formatPhone('119876')).toBe('(11) 9876');
    expect(formatPhone('')).toBe('');
  });

  it('returns the digits of something longer than 12 digits', () => {
    expect(formatPhone('5511987654321')).toBe('5511987654321');
  });
});
