import { describe, expect, it } from 'vitest';
import { cnab240Remessa, type RemessaTitle } from './remessa.ts';

const BENEFICIARY = {
  bank: '001',
  bankName: 'Banco do Brasil',
  cpfcnpj: '11444777000161',
  nome: 'Provedora Demo de Software Ltda',
  convenio: '2345678',
  agencia: '1234',
  agenciaDv: '3',
  conta: '123456',
  contaDv: '7',
};

const title = (overrides: Partial<RemessaTitle> = {}): RemessaTitle => ({
  movimento: '01',
  nossoNumero: '23456780000000001',
  documento: '42',
  vencimento: '2026-12-10',
  valorCents: 14990,
  emissao: '2026-11-29',
  jurosMesBp: 100,
  multaBp: 200,
  pagador: { cpfcnpj: '11222333000181', nome: 'Empresa Demonstração Ltda', endereco: 'Rua da Bahia, 1148', bairro: 'Centro', cep: '30160-011', cidade: 'Belo Horizonte', uf: 'MG' },
  ...overrides,
});

/** Positions as the layout numbers them (1-based, both ends included). */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('the CNAB 240 remessa (issue 40 item 4)', () => {
  const file = cnab240Remessa({ beneficiary: BENEFICIARY, numero: 7, geradoEm: { date: '2026-11-29', time: '10:30:15' }, titles: [title(), title({ movimento: '02', nossoNumero: '23456780000000002', documento: '43' })] });
  const lines = file.split('\r\n').slice(0, -1);

  it('is 240 positions a line, CRLF after each', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    for (const line of lines) expect(line).toHaveLength(240);
  });

  it('has the file header, one batch (header, P Q R for an entry, P for a baixa, trailer) and the file trailer', () => {
    const kind = (line: string) => (at(line, 8, 8) === '3' ? `3${at(line, 14, 14)}` : at(line, 8, 8));
    expect(lines.map(kind)).toEqual(['0', '1', '3P', '3Q', '3R', '3P', '5', '9']);
    // Records numbered within the batch, 1 to 4.
    expect(lines.slice(2, 6).map((line) => at(line, 9, 13))).toEqual(['00001', '00002', '00003', '00004']);
    // The batch trailer counts its records, header and trailer included (6); the file's, every line (8).
    expect(at(lines[6]!, 18, 23)).toBe('000006');
    expect(at(lines[7]!, 18, 23)).toBe('000001');
    expect(at(lines[7]!, 24, 29)).toBe('000008');
  });

  it('the header names the beneficiary, the file number and when it was made', () => {
    const header = lines[0]!;
    expect(at(header, 1, 3)).toBe('001');
    expect(at(header, 18, 32)).toBe('211444777000161');
    expect(at(header, 33, 52).trim()).toBe('2345678');
    // 30 positions: the name is cut, never shifts what follows.
    expect(at(header, 73, 102)).toBe('PROVEDORA DEMO DE SOFTWARE LTD');
    expect(at(header, 143, 157)).toBe('129112026103015');
    expect(at(header, 158, 163)).toBe('000007');
  });

  it('segment P: the entry, the nosso número, the due date, the amount and 1 % a month from the next day', () => {
    const p = lines[2]!;
    expect(at(p, 16, 17)).toBe('01');
    expect(at(p, 38, 57).trim()).toBe('23456780000000001');
    expect(at(p, 78, 85)).toBe('10122026');
    expect(at(p, 86, 100)).toBe('000000000014990');
    expect(at(p, 118, 141)).toBe('211122026000000000000100');
    expect(at(lines[5]!, 16, 17)).toBe('02');
  });

  it('segment Q: the payer; segment R: the 2 % fine from the day after the due date', () => {
    const q = lines[3]!;
    expect(at(q, 18, 33)).toBe('2011222333000181');
    expect(at(q, 34, 73).trim()).toBe('EMPRESA DEMONSTRACAO LTDA');
    expect(at(q, 129, 136)).toBe('30160011');
    expect(at(q, 152, 153)).toBe('MG');
    const r = lines[4]!;
    expect(at(r, 66, 89)).toBe('211122026000000000000200');
  });
});
