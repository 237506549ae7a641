import { describe, expect, it } from 'vitest';
import {
  CNPJ_INVALID_MESSAGE,
  CPF_CNPJ_INVALID_MESSAGE,
  CPF_CNPJ_INVALID_MESSAGE_PLAN,
  CPF_INVALID_MESSAGE,
  DOCUMENT_RULE_MESSAGES,
  DOCUMENT_RULES,
  documentKind,
  formatCpfCnpj,
  isValidCnpj,
  isValidCpf,
  normalizeDocument,
  validateDocument,
} from './cpf-cnpj.ts';

const VALID_CPFS = ['529.982.247-25', '111.444.777-35', '935.411.347-80'];
const VALID_CNPJS = [
  '11.222.333/0001-81',
  '12.ABC.345/01DE-35',
  'AB.12C.D34/0001-84',
  '12.abc.345/01de-35',
];
const INVALID_CPFS = ['000.000.000-00', '111.111.111-11'];
const INVALID_CNPJS = ['12.ABC.345/01DE-36', '11.222.333/0001-82', '00.000.000/0000-00'];

const bare = (masked: string) => masked.replace(/[./-]/g, '');

describe('required vectors', () => {
  it.each(VALID_CPFS)('accepts CPF %s masked and bare', (value) => {
    expect(isValidCpf(value)).toBe(true);
    expect(isValidCpf(bare(value))).toBe(true);
    expect(validateDocument('cpf', value)).toBe(true);
    expect(validateDocument('cpfcnpj', value)).toBe(true);
    expect(validateDocument('cpf-num', bare(value))).toBe(true);
    expect(validateDocument('cpfcnpj-num', bare(value))).toBe(true);
  });

  it.each(VALID_CNPJS)('accepts CNPJ %s masked and bare', (value) => {
    expect(isValidCnpj(value)).toBe(true);
    expect(isValidCnpj(bare(value))).toBe(true);
    expect(validateDocument('cnpj', value)).toBe(true);
    expect(validateDocument('cpfcnpj', value)).toBe(true);
    expect(validateDocument('cnpj-num', bare(value))).toBe(true);
    expect(validateDocument('cpfcnpj-num', bare(value))).toBe(true);
  });

  it.each([...INVALID_CPFS, ...INVALID_CNPJS])('refuses %s under every rule', (value) => {
    for (const rule of DOCUMENT_RULES) {
      expect(validateDocument(rule, value)).toBe(false);
      expect(validateDocument(rule, bare(value))).toBe(false);
    }
  });

  it('refuses every all-identical CPF and CNPJ', () => {
    for (const digit of '0123456789') {
      expect(isValidCpf(digit.repeat(11))).toBe(false);
      expect(isValidCnpj(digit.repeat(14))).toBe(false);
    }
  });
});

describe('check digits', () => {
  it('refuses each valid CPF with either check digit changed', () => {
    for (const value of VALID_CPFS.map(bare)) {
      for (const position of [9, 10]) {
        const digit = Number(value[position]);
        const changed =
          value.slice(0, position) + String((digit + 1) % 10) + value.slice(position + 1);
        expect(isValidCpf(changed)).toBe(false);
      }
    }
  });

  it('refuses each valid CNPJ with either check digit changed', () => {
    for (const value of VALID_CNPJS.map(bare)) {
      for (const position of [12, 13]) {
        const digit = Number(value[position]);
        const changed =
          value.slice(0, position) + String((digit + 1) % 10) + value.slice(position + 1);
        expect(isValidCnpj(changed)).toBe(false);
      }
    }
  });

  it('refuses a CNPJ whose base changed but check digits kept', () => {
    expect(isValidCnpj('12.ABD.345/01DE-35')).toBe(false);
    expect(isValidCnpj('11.222.334/0001-81')).toBe(false);
  });

  it('refuses letters in the check-digit positions of a CNPJ', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
  });

  it('accepts 123.456.789-09: §5 rejects only identical digits and bad check digits', () => {
    // cpf-cnpj-validator's isValid blacklists this one; our rule follows §5.
    expect(isValidCpf('123.456.789-09')).toBe(true);
  });
});

describe('rule shapes', () => {
  it('plain rules accept only the bare form or the exact mask', () => {
    expect(validateDocument('cpf', '529-982-247.25')).toBe(false);
    expect(validateDocument('cpf', '529.982.24725')).toBe(false);
    expect(validateDocument('cpf', '529 982 247 25')).toBe(false);
    expect(validateDocument('cpf', ' 529.982.247-25')).toBe(false);
    expect(validateDocument('cpf', '529.982.247-25 ')).toBe(false);
    expect(validateDocument('cnpj', '11.222.333.0001-81')).toBe(false);
    expect(validateDocument('cnpj', '11222333/0001-81')).toBe(false);
    expect(validateDocument('cnpj', '11.222.333/000181')).toBe(false);
    expect(validateDocument('cpfcnpj', '11-222-333/0001.81')).toBe(false);
  });

  it('-num rules refuse any punctuation', () => {
    expect(validateDocument('cpf-num', '529.982.247-25')).toBe(false);
    expect(validateDocument('cpf-num', '529982247-25')).toBe(false);
    expect(validateDocument('cnpj-num', '11.222.333/0001-81')).toBe(false);
    expect(validateDocument('cnpj-num', '11222333/000181')).toBe(false);
    expect(validateDocument('cnpj-num', '12.ABC.345/01DE-35')).toBe(false);
    expect(validateDocument('cpfcnpj-num', '529.982.247-25')).toBe(false);
    expect(validateDocument('cpfcnpj-num', '11.222.333/0001-81')).toBe(false);
  });

  it('-num CNPJ rules still accept letters in positions 1-12, any case', () => {
    expect(validateDocument('cnpj-num', '12ABC34501DE35')).toBe(true);
    expect(validateDocument('cnpj-num', '12abc34501de35')).toBe(true);
    expect(validateDocument('cpfcnpj-num', 'AB12CD340001' + '84')).toBe(true);
  });

  it('cpf rules refuse a valid CNPJ and cnpj rules refuse a valid CPF', () => {
    expect(validateDocument('cpf', '11.222.333/0001-81')).toBe(false);
    expect(validateDocument('cpf-num', '11222333000181')).toBe(false);
    expect(validateDocument('cnpj', '529.982.247-25')).toBe(false);
    expect(validateDocument('cnpj-num', '52998224725')).toBe(false);
  });

  it('refuses wrong lengths', () => {
    for (const rule of DOCUMENT_RULES) {
      expect(validateDocument(rule, '5299822472')).toBe(false);
      expect(validateDocument(rule, '529982247250')).toBe(false);
      expect(validateDocument(rule, '1122233300018')).toBe(false);
      expect(validateDocument(rule, '112223330001811')).toBe(false);
      expect(validateDocument(rule, '529.982.247-2')).toBe(false);
      expect(validateDocument(rule, '11.222.333/0001-8')).toBe(false);
    }
  });

  it('refuses garbage', () => {
    for (const rule of DOCUMENT_RULES) {
      for (const value of [
        '',
        ' ',
        'abc',
        'null',
        '529.982.247-2X',
        '5299822472X',
        '@@@.@@@.@@@-@@',
      ]) {
        expect(validateDocument(rule, value)).toBe(false);
      }
    }
    // A letter is never allowed in a CPF.
    expect(isValidCpf('52998224A25')).toBe(false);
    // Characters outside 0-9 A-Z, even in the alphanumeric positions.
    expect(isValidCnpj('12ÁBC34501DE35')).toBe(false);
    expect(isValidCnpj('12_BC34501DE35')).toBe(false);
  });
});

describe('messages', () => {
  it('uses the §5 texts', () => {
    expect(CPF_INVALID_MESSAGE).toBe('Digite um CPF válido');
    expect(CNPJ_INVALID_MESSAGE).toBe('Digite um CNPJ válido');
    expect(CPF_CNPJ_INVALID_MESSAGE).toBe('Digite um CPF ou CNPJ válido');
    expect(CPF_CNPJ_INVALID_MESSAGE_PLAN).toBe('Digite um CPF ou CNPJ válido.');
  });

  it('maps every rule to its message', () => {
    expect(DOCUMENT_RULE_MESSAGES).toEqual({
      cpf: 'Digite um CPF válido',
      'cpf-num': 'Digite um CPF válido',
      cnpj: 'Digite um CNPJ válido',
      'cnpj-num': 'Digite um CNPJ válido',
      cpfcnpj: 'Digite um CPF ou CNPJ válido',
      'cpfcnpj-num': 'Digite um CPF ou CNPJ válido',
    });
  });
});

describe('normalizeDocument', () => {
  it('strips the mask and upper-cases', () => {
    expect(normalizeDocument('529.982.247-25')).toBe('52998224725');
    expect(normalizeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeDocument(' 11.222.333/0001-81 ')).toBe('11222333000181');
  });
});

describe('documentKind', () => {
  it('tells CPF from CNPJ by shape', () => {
    expect(documentKind('529.982.247-25')).toBe('cpf');
    expect(documentKind('52998224725')).toBe('cpf');
    expect(documentKind('11.222.333/0001-81')).toBe('cnpj');
    expect(documentKind('12.abc.345/01de-35')).toBe('cnpj');
  });

  it('does not look at check digits', () => {
    expect(documentKind('111.111.111-11')).toBe('cpf');
    expect(documentKind('11.222.333/0001-82')).toBe('cnpj');
  });

  it('returns null for anything else', () => {
    expect(documentKind('')).toBeNull();
    expect(documentKind('529.982.247')).toBeNull();
    expect(documentKind('5299822472A')).toBeNull();
    expect(documentKind('12ABC34501DE3A')).toBeNull();
    expect(documentKind('1122233300018')).toBeNull();
  });
});

describe('formatCpfCnpj', () => {
  it('masks a CPF', () => {
    expect(formatCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfCnpj('529.982.247-25')).toBe('529.982.247-25');
  });

  it('masks a numeric and an alphanumeric CNPJ, upper-cased', () => {
    expect(formatCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCpfCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('leaves any other value unchanged', () => {
    expect(formatCpfCnpj('123')).toBe('123');
    expect(formatCpfCnpj('')).toBe('');
    expect(formatCpfCnpj('não informado')).toBe('não informado');
  });
});
