import { isRealDate } from '#shared/dates';

/**
 * Reads a CNAB 240 retorno of cobrança (FEBRABAN "Layout Padrão CNAB 240", v10.x): file header
 * (0, file code '2' at 143), batches of operation 'T' (1), segments T and U in pairs (3), batch
 * trailers (5) and the file trailer (9). The whole file is checked before anything is applied
 * (issue 40 item 5): every problem is reported with its line and column (1-based, as the
 * layout's tables number positions), and a file with any problem yields no titles at all.
 */

export interface RetornoProblem {
  linha: number;
  coluna: number;
  mensagem: string;
}

/** One title's occurrence: its segment T and the segment U after it. */
export interface RetornoOccurrence {
  /** The line of the segment T. */
  linha: number;
  movimento: string;
  nossoNumero: string;
  /** 'Identificação do título na empresa', what the remessa sent (the invoice's number). */
  documento: string;
  vencimento: string | null;
  valorTituloCents: number;
  /** The reasons (motivo da ocorrência), two digits each. */
  motivos: string[];
  valorPagoCents: number;
  dataOcorrencia: string | null;
  dataCredito: string | null;
}

export interface RetornoFile {
  numero: number;
  occurrences: RetornoOccurrence[];
}

/** Who the file must be for: the account's bank and beneficiary. */
export interface RetornoExpectation {
  bank: string;
  /** The beneficiary's CNPJ or CPF, digits; null when the account has none to compare. */
  cpfcnpj: string | null;
}

/** At most this many problems are listed; a file this broken is the wrong file. */
const MAX_PROBLEMS = 30;

/** Liquidação and liquidação após baixa: the credit date is what pays the invoice. */
export const LIQUIDACOES = new Set(['06', '17']);

class Problems {
  readonly list: RetornoProblem[] = [];
  total = 0;
  add(linha: number, coluna: number, mensagem: string) {
    this.total += 1;
    if (this.list.length < MAX_PROBLEMS) this.list.push({ linha, coluna, mensagem });
  }
}

/** Positions start..end (1-based, inclusive) of a line. */
const at = (line: string, start: number, end: number) => line.slice(start - 1, end);

/** 'DDMMAAAA' → 'YYYY-MM-DD'; null for zeros or blanks; undefined when it is no date. */
function dateOf(field: string): string | null | undefined {
  if (/^0{8}$|^ {8}$/.test(field)) return null;
  if (!/^\d{8}$/.test(field)) return undefined;
  const [day, month, year] = [Number(field.slice(0, 2)), Number(field.slice(2, 4)), Number(field.slice(4))];
  if (!isRealDate(year, month, day)) return undefined;
  return `${field.slice(4)}-${field.slice(2, 4)}-${field.slice(0, 2)}`;
}

interface Cursor {
  line: string;
  n: number;
  problems: Problems;
}

function numberAt({ line, n, problems }: Cursor, start: number, end: number, what: string): number {
  const field = at(line, start, end);
  if (/^\d+$/.test(field)) return Number(field);
  problems.add(n, start, `${what} '${field.trim()}' não é numérico.`);
  return 0;
}

function dateAt({ line, n, problems }: Cursor, start: number, what: string): string | null {
  const value = dateOf(at(line, start, start + 7));
  if (value === undefined) problems.add(n, start, `${what} '${at(line, start, start + 7)}' não é uma data DDMMAAAA válida.`);
  return value ?? null;
}

function checkSequence(cursor: Cursor, expected: number): void {
  const field = at(cursor.line, 9, 13);
  if (field !== String(expected).padStart(5, '0')) {
    cursor.problems.add(cursor.n, 9, `número sequencial do registro '${field}', esperado ${String(expected).padStart(5, '0')}.`);
  }
}

function readHeader(cursor: Cursor, expect: RetornoExpectation): number {
  const { line, n, problems } = cursor;
  if (at(line, 143, 143) !== '2') {
    problems.add(n, 143, `o código do arquivo é '${at(line, 143, 143)}': este arquivo não é um retorno (código 2).`);
  }
  const document = at(line, 19, 32).replace(/^0+/, '');
  if (expect.cpfcnpj && document !== expect.cpfcnpj.replace(/^0+/, '')) {
    problems.add(n, 19, `o CNPJ/CPF do beneficiário (${at(line, 19, 32)}) não é o desta conta.`);
  }
  return numberAt(cursor, 158, 163, 'número sequencial do arquivo');
}

function readSegmentT(cursor: Cursor): Omit<RetornoOccurrence, 'valorPagoCents' | 'dataOcorrencia' | 'dataCredito'> {
  const { line, n, problems } = cursor;
  const nossoNumero = at(line, 38, 57).trim();
  if (!nossoNumero) problems.add(n, 38, 'nosso número em branco.');
  const motivos = at(line, 214, 223).match(/.{2}/g) ?? [];
  return {
    linha: n,
    movimento: at(line, 16, 17),
    nossoNumero,
    documento: at(line, 106, 130).trim(),
    vencimento: dateAt(cursor, 74, 'vencimento'),
    valorTituloCents: numberAt(cursor, 82, 96, 'valor do título'),
    motivos: motivos.map((code) => code.trim()).filter(Boolean),
  };
}

/** Reads and checks the whole file; a file with problems returns them and no occurrence. */
export function parseRetorno(
  text: string,
  expect: RetornoExpectation,
): { ok: true; file: RetornoFile } | { ok: false; problems: RetornoProblem[]; total: number } {
  const problems = new Problems();
  const lines = text.split(/\r?\n/);
  // The newline after the last record, and nothing else, may end the file.
  if (lines.at(-1) === '') lines.pop();
  if (lines.length === 0) {
    problems.add(1, 1, 'o arquivo está vazio.');
    return { ok: false, problems: problems.list, total: problems.total };
  }

  let numero = 0;
  let state: 'start' | 'file' | 'batch' | 'end' = 'start';
  let batches = 0;
  let batchRecords = 0;
  let sequence = 0;
  let pending: (ReturnType<typeof readSegmentT> & { line: number }) | null = null;
  let damagedPair = false;
  const occurrences: RetornoOccurrence[] = [];

  for (const [index, line] of lines.entries()) {
    const n = index + 1;
    const cursor: Cursor = { line, n, problems };
    const bad = line.search(/[^\x20-\x7E]/);
    if (bad >= 0) problems.add(n, bad + 1, 'caractere fora do padrão CNAB (só letras sem acento, dígitos e espaços).');
    if (line.length !== 240) {
      problems.add(n, Math.min(line.length, 240) + 1, `o registro tem ${line.length} posições; o CNAB 240 tem 240 em cada linha.`);
    }
    if (bad >= 0 || line.length !== 240) {
      // A damaged detail still takes its place in the batch, so the lines after it are not
      // reported for its sake.
      if (state === 'batch' && at(line, 8, 8) === '3') {
        batchRecords += 1;
        sequence += 1;
        pending = null;
        // Its pair is read no further either.
        damagedPair = at(line, 14, 14) === 'T';
      }
      continue;
    }
    if (at(line, 1, 3) !== expect.bank) {
      problems.add(n, 1, `banco '${at(line, 1, 3)}' diferente do banco da conta (${expect.bank}).`);
    }
    const type = at(line, 8, 8);
    const expected = { start: ['0'], file: ['1', '9'], batch: ['3', '5'], end: [] as string[] }[state];
    if (!expected.includes(type)) {
      const want = expected.length ? `esperado ${expected.join(' ou ')}` : 'nada deve vir depois do trailer do arquivo';
      problems.add(n, 8, `tipo de registro '${type}' fora de ordem (${want}).`);
      continue;
    }
    if (type === '0') {
      numero = readHeader(cursor, expect);
      state = 'file';
    } else if (type === '1') {
      if (at(line, 9, 9) !== 'T') problems.add(n, 9, `operação '${at(line, 9, 9)}' do lote: um retorno tem 'T'.`);
      if (at(line, 10, 11) !== '01') problems.add(n, 10, `serviço '${at(line, 10, 11)}' do lote: cobrança é '01'.`);
      batches += 1;
      batchRecords = 1;
      sequence = 0;
      state = 'batch';
    } else if (type === '3') {
      batchRecords += 1;
      checkSequence(cursor, ++sequence);
      const segment = at(line, 14, 14);
      const movimento = at(line, 16, 17);
      if (!/^\d{2}$/.test(movimento)) problems.add(n, 16, `código de movimento '${movimento}' não é numérico.`);
      if (segment === 'T') {
        damagedPair = false;
        if (pending) problems.add(pending.line, 14, 'segmento T sem o segmento U depois dele.');
        pending = { ...readSegmentT(cursor), line: n };
      } else if (segment === 'U') {
        if (!pending && damagedPair) {
          damagedPair = false;
          continue;
        }
        if (!pending) {
          problems.add(n, 14, 'segmento U sem um segmento T antes dele.');
          continue;
        }
        if (movimento !== pending.movimento) {
          problems.add(n, 16, `código de movimento '${movimento}' diferente do segmento T da linha ${pending.line} ('${pending.movimento}').`);
        }
        const valorPagoCents = numberAt(cursor, 78, 92, 'valor pago');
        for (const [start, what] of [[18, 'juros, multa e encargos'], [33, 'desconto'], [48, 'abatimento'], [63, 'IOF'], [93, 'valor líquido'], [108, 'outras despesas'], [123, 'outros créditos']] as const) {
          numberAt(cursor, start, start + 14, what);
        }
        const dataOcorrencia = dateAt(cursor, 138, 'data da ocorrência');
        const dataCredito = dateAt(cursor, 146, 'data do crédito');
        if (LIQUIDACOES.has(pending.movimento) && dateOf(at(line, 146, 153)) === null) {
          problems.add(n, 146, 'liquidação sem a data do crédito.');
        }
        const { line: _tLine, ...t } = pending;
        occurrences.push({ ...t, valorPagoCents, dataOcorrencia, dataCredito });
        pending = null;
      } else {
        problems.add(n, 14, `segmento '${segment}': um retorno de cobrança tem os segmentos T e U.`);
      }
    } else if (type === '5') {
      batchRecords += 1;
      if (pending) problems.add(pending.line, 14, 'segmento T sem o segmento U depois dele.');
      pending = null;
      const count = numberAt(cursor, 18, 23, 'quantidade de registros do lote');
      if (count !== batchRecords && /^\d+$/.test(at(line, 18, 23))) {
        problems.add(n, 18, `o trailer do lote conta ${count} registros; o lote tem ${batchRecords}.`);
      }
      state = 'file';
    } else if (type === '9') {
      const lots = numberAt(cursor, 18, 23, 'quantidade de lotes');
      const records = numberAt(cursor, 24, 29, 'quantidade de registros');
      if (lots !== batches && /^\d+$/.test(at(line, 18, 23))) {
        problems.add(n, 18, `o trailer do arquivo conta ${lots} lotes; o arquivo tem ${batches}.`);
      }
      if (records !== lines.length && /^\d+$/.test(at(line, 24, 29))) {
        problems.add(n, 24, `o trailer do arquivo conta ${records} registros; o arquivo tem ${lines.length}.`);
      }
      state = 'end';
    }
  }
  if (state !== 'end' && problems.total === 0) {
    problems.add(lines.length, 8, 'o arquivo termina sem o trailer do arquivo (tipo 9).');
  }
  if (problems.total > 0) return { ok: false, problems: problems.list, total: problems.total };
  return { ok: true, file: { numero, occurrences } };
}
