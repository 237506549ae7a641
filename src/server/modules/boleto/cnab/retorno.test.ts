import { describe, expect, it } from 'vitest';
import { cnab240Retorno, type RetornoEntry } from '#tests/helpers/cnab-retorno.ts';
import { describeOccurrence } from './occurrences.ts';
import { parseRetorno } from './retorno.ts';

const CNPJ = '11444777000161';
const expectation = { bank: '001', cpfcnpj: CNPJ };

const entries: RetornoEntry[] = [
  { movimento: '02', nossoNumero: '23456780000000001', documento: '501', vencimento: '2026-12-10', valorCents: 14990, ocorrencia: '2026-11-26' },
  // Paid after the due date: R$ 149,90 plus R$ 3,12 of fine and interest.
  { movimento: '06', nossoNumero: '23456780000000002', documento: '502', vencimento: '2026-11-20', valorCents: 14990, pagoCents: 15302, jurosMultaCents: 312, ocorrencia: '2026-11-25', credito: '2026-11-26' },
  { movimento: '03', nossoNumero: '23456780000000003', documento: '503', vencimento: '2026-12-10', valorCents: 14990, motivos: ['48', '45'], ocorrencia: '2026-11-26' },
];

const file = (overrides: Partial<Parameters<typeof cnab240Retorno>[0]> = {}) =>
  cnab240Retorno({ bank: '001', cpfcnpj: CNPJ, numero: 7, entries, ...overrides });

/** The file's lines, changed by `edit`, joined again as the bank writes them. */
function edited(text: string, edit: (lines: string[]) => void): string {
  const lines = text.split('\r\n').slice(0, -1);
  edit(lines);
  return `${lines.join('\r\n')}\r\n`;
}

/** Replaces positions start.. (1-based) of line n with `value`. */
const put = (lines: string[], n: number, start: number, value: string) => {
  const line = lines[n - 1]!;
  lines[n - 1] = line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);
};

function problemsOf(text: string, expect_ = expectation) {
  const parsed = parseRetorno(text, expect_);
  if (parsed.ok) throw new Error('expected problems');
  return parsed.problems.map((problem) => `${problem.linha}:${problem.coluna} ${problem.mensagem}`);
}

describe('the CNAB 240 retorno reader (issue 40 item 5)', () => {
  it('reads each segment T with its U: movement, nosso número, amounts, dates and reasons', () => {
    const parsed = parseRetorno(file(), expectation);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.file.numero).toBe(7);
    expect(parsed.file.occurrences).toEqual([
      { linha: 3, movimento: '02', nossoNumero: '23456780000000001', documento: '501', vencimento: '2026-12-10', valorTituloCents: 14990, motivos: [], valorPagoCents: 0, dataOcorrencia: '2026-11-26', dataCredito: null },
      { linha: 5, movimento: '06', nossoNumero: '23456780000000002', documento: '502', vencimento: '2026-11-20', valorTituloCents: 14990, motivos: [], valorPagoCents: 15302, dataOcorrencia: '2026-11-25', dataCredito: '2026-11-26' },
      { linha: 7, movimento: '03', nossoNumero: '23456780000000003', documento: '503', vencimento: '2026-12-10', valorTituloCents: 14990, motivos: ['48', '45'], valorPagoCents: 0, dataOcorrencia: '2026-11-26', dataCredito: null },
    ]);
  });

  it('accepts lines ending in LF only, and a last line without a newline', () => {
    const lf = file().replace(/\r\n/g, '\n');
    expect(parseRetorno(lf, expectation).ok).toBe(true);
    expect(parseRetorno(lf.slice(0, -1), expectation).ok).toBe(true);
  });

  it('points at a line of the wrong length, and reads nothing of the file', () => {
    const text = edited(file(), (lines) => {
      lines[3] = `${lines[3]}XX`;
    });
    expect(parseRetorno(text, expectation)).toEqual({
      ok: false,
      total: 1,
      problems: [{ linha: 4, coluna: 241, mensagem: 'o registro tem 242 posições; o CNAB 240 tem 240 em cada linha.' }],
    });
  });

  it('refuses a remessa, another bank and another beneficiary', () => {
    expect(problemsOf(edited(file(), (lines) => put(lines, 1, 143, '1')))).toEqual([
      "1:143 o código do arquivo é '1': este arquivo não é um retorno (código 2).",
    ]);
    expect(problemsOf(file(), { bank: '237', cpfcnpj: CNPJ })[0]).toBe("1:1 banco '001' diferente do banco da conta (237).");
    expect(problemsOf(file(), { bank: '001', cpfcnpj: '11222333000181' })).toEqual([
      '1:19 o CNPJ/CPF do beneficiário (11444777000161) não é o desta conta.',
    ]);
  });

  it('checks the trailers’ counts and the records’ order and sequence', () => {
    expect(problemsOf(edited(file(), (lines) => put(lines, 9, 18, '000007')))).toEqual([
      '9:18 o trailer do lote conta 7 registros; o lote tem 8.',
    ]);
    expect(problemsOf(edited(file(), (lines) => put(lines, 10, 24, '000011')))).toEqual([
      '10:24 o trailer do arquivo conta 11 registros; o arquivo tem 10.',
    ]);
    expect(problemsOf(edited(file(), (lines) => put(lines, 4, 9, '00009')))).toEqual([
      "4:9 número sequencial do registro '00009', esperado 00002.",
    ]);
    expect(problemsOf(edited(file(), (lines) => lines.pop()))).toEqual([
      '9:8 o arquivo termina sem o trailer do arquivo (tipo 9).',
    ]);
    // A segment U lost: its T has no U, and the counts no longer match.
    const lost = problemsOf(edited(file(), (lines) => lines.splice(3, 1)));
    expect(lost).toContain('3:14 segmento T sem o segmento U depois dele.');
  });

  it('checks the fields: numbers, dates, a liquidação’s credit date, the movement of both segments', () => {
    expect(problemsOf(edited(file(), (lines) => put(lines, 3, 74, '31022026')))).toEqual([
      "3:74 vencimento '31022026' não é uma data DDMMAAAA válida.",
    ]);
    expect(problemsOf(edited(file(), (lines) => put(lines, 6, 78, '00000000001530A')))).toEqual([
      "6:78 valor pago '00000000001530A' não é numérico.",
    ]);
    expect(problemsOf(edited(file(), (lines) => put(lines, 6, 146, '00000000')))).toEqual([
      '6:146 liquidação sem a data do crédito.',
    ]);
    expect(problemsOf(edited(file(), (lines) => put(lines, 4, 16, '06')))).toEqual([
      "4:16 código de movimento '06' diferente do segmento T da linha 3 ('02').",
    ]);
    expect(problemsOf(edited(file(), (lines) => put(lines, 3, 14, 'P')))[0]).toBe(
      "3:14 segmento 'P': um retorno de cobrança tem os segmentos T e U.",
    );
  });

  it('points at a character outside the layout, and at an empty file', () => {
    expect(problemsOf(edited(file(), (lines) => put(lines, 7, 149, 'JOSÉ')))).toEqual([
      '7:152 caractere fora do padrão CNAB (só letras sem acento, dígitos e espaços).',
    ]);
    expect(problemsOf('')).toEqual(['1:1 o arquivo está vazio.']);
  });

  it('lists at most 30 problems and counts them all', () => {
    const text = edited(file(), (lines) => {
      for (let index = 0; index < 40; index++) lines.splice(2, 0, 'X');
    });
    const parsed = parseRetorno(text, expectation);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toHaveLength(30);
    expect(parsed.total).toBeGreaterThan(40);
  });
});

describe('the occurrence in words', () => {
  it('names the movement, and a rejection’s reasons', () => {
    expect(describeOccurrence('02', [])).toBe('Entrada confirmada');
    expect(describeOccurrence('03', ['48', '45'])).toBe('Entrada rejeitada: CEP inválido; nome do pagador não informado');
    expect(describeOccurrence('03', ['99'])).toBe('Entrada rejeitada: motivo 99');
    expect(describeOccurrence('06', ['04'])).toBe('Liquidação: motivo 04');
    expect(describeOccurrence('88', ['00'])).toBe('Ocorrência 88');
  });
});
