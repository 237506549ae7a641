import { addDays } from '#shared/dates';
import { alpha, blank, ddmmaaaa, num, record } from './fields.ts';

/**
 * The remessa file of CNAB 240 (FEBRABAN "Layout Padrão CNAB 240", cobrança, versão 10.x): a file
 * header, one batch (its header, segments P, Q and R per boleto, its trailer), a file trailer.
 * P carries the boleto (nosso número, due date, amount, interest), Q the payer, R the fine. Lines
 * end with CRLF; every one is 240 positions.
 */

interface RemessaBeneficiary {
  bank: string;
  bankName: string;
  cpfcnpj: string;
  nome: string;
  convenio: string;
  agencia: string;
  agenciaDv: string | null;
  conta: string;
  contaDv: string | null;
}

export interface RemessaTitle {
  /** '01' entrada de títulos; '02' pedido de baixa. */
  movimento: '01' | '02';
  nossoNumero: string;
  /** The invoice's number (seu número). */
  documento: string;
  vencimento: string;
  valorCents: number;
  emissao: string;
  /** Interest per month, in hundredths of a percent (100 = 1 %); 0: none. */
  jurosMesBp: number;
  /** The fine, in hundredths of a percent (200 = 2 %); 0: none. */
  multaBp: number;
  pagador: {
    cpfcnpj: string;
    nome: string;
    endereco: string;
    bairro: string;
    cep: string;
    cidade: string;
    uf: string;
  };
}

export interface RemessaInput {
  beneficiary: RemessaBeneficiary;
  /** The file's sequence number (NSA), one more per file of the account. */
  numero: number;
  geradoEm: { date: string; time: string };
  titles: readonly RemessaTitle[];
}

const inscricao = (document: string) => (document.length === 11 ? '1' : '2');
const dv = (value: string | null) => alpha(value ?? '', 1);

function accountFields(b: RemessaBeneficiary): string {
  return `${num(b.agencia, 5)}${dv(b.agenciaDv)}${num(b.conta, 12)}${dv(b.contaDv)}${blank(1)}`;
}

function fileHeader(input: RemessaInput): string {
  const b = input.beneficiary;
  return record([
    num(b.bank, 3), '0000', '0', blank(9),
    inscricao(b.cpfcnpj), num(b.cpfcnpj, 14), alpha(b.convenio, 20),
    accountFields(b),
    alpha(b.nome, 30), alpha(b.bankName, 30), blank(10),
    '1', ddmmaaaa(input.geradoEm.date), input.geradoEm.time.replace(/:/g, '').slice(0, 6),
    num(input.numero, 6), '103', '00000', blank(20), blank(20), blank(29),
  ]);
}

function batchHeader(input: RemessaInput): string {
  const b = input.beneficiary;
  return record([
    num(b.bank, 3), '0001', '1', 'R', '01', blank(2), '060', blank(1),
    inscricao(b.cpfcnpj), num(b.cpfcnpj, 15), alpha(b.convenio, 20),
    accountFields(b),
    alpha(b.nome, 30), blank(40), blank(40),
    num(input.numero, 8), ddmmaaaa(input.geradoEm.date), num(0, 8), blank(33),
  ]);
}

function segmentP(b: RemessaBeneficiary, title: RemessaTitle, sequence: number): string {
  const juros = title.jurosMesBp > 0;
  return record([
    num(b.bank, 3), '0001', '3', num(sequence, 5), 'P', blank(1), title.movimento,
    accountFields(b),
    alpha(title.nossoNumero, 20), '1', '1', '1', '2', '2',
    alpha(title.documento, 15), ddmmaaaa(title.vencimento), num(title.valorCents, 15),
    num(0, 5), blank(1), '04', 'N', ddmmaaaa(title.emissao),
    // Interest: '2' a monthly rate from the day after the due date, '3' none.
    juros ? '2' : '3', juros ? ddmmaaaa(addDays(title.vencimento, 1)) : num(0, 8), num(juros ? title.jurosMesBp : 0, 15),
    '0', num(0, 8), num(0, 15), num(0, 15), num(0, 15),
    alpha(title.documento, 25), '3', '00', '0', blank(3), '09', num(0, 10), blank(1),
  ]);
}

function segmentQ(b: RemessaBeneficiary, title: RemessaTitle, sequence: number): string {
  const p = title.pagador;
  const cep = p.cep.replace(/\D/g, '').padStart(8, '0');
  return record([
    num(b.bank, 3), '0001', '3', num(sequence, 5), 'Q', blank(1), title.movimento,
    inscricao(p.cpfcnpj), num(p.cpfcnpj, 15), alpha(p.nome, 40), alpha(p.endereco, 40), alpha(p.bairro, 15),
    cep.slice(0, 5), cep.slice(5, 8), alpha(p.cidade, 15), alpha(p.uf, 2),
    '0', num(0, 15), blank(40), '000', blank(20), blank(8),
  ]);
}

function segmentR(b: RemessaBeneficiary, title: RemessaTitle, sequence: number): string {
  const multa = title.multaBp > 0;
  return record([
    num(b.bank, 3), '0001', '3', num(sequence, 5), 'R', blank(1), title.movimento,
    '0', num(0, 8), num(0, 15), '0', num(0, 8), num(0, 15),
    // Fine: '2' a percentage from the day after the due date, '0' none.
    multa ? '2' : '0', multa ? ddmmaaaa(addDays(title.vencimento, 1)) : num(0, 8), num(multa ? title.multaBp : 0, 15),
    blank(10), blank(40), blank(40), blank(20), num(0, 8), num(0, 3), num(0, 5), blank(1), num(0, 12), blank(1), blank(1), '0', blank(9),
  ]);
}


/** The whole file: CRLF after every line, the counts of both trailers as the layout defines them. */
export function cnab240Remessa(input: RemessaInput): string {
  const details: string[] = [];
  let sequence = 0;
  for (const title of input.titles) {
    details.push(segmentP(input.beneficiary, title, ++sequence));
    if (title.movimento === '01') {
      details.push(segmentQ(input.beneficiary, title, ++sequence));
      details.push(segmentR(input.beneficiary, title, ++sequence));
    }
  }
  const bank = num(input.beneficiary.bank, 3);
  // The batch's records: its header, the details and its trailer.
  const batchTrailer = record([bank, '0001', '5', blank(9), num(details.length + 2, 6), blank(217)]);
  const lines = [fileHeader(input), batchHeader(input), ...details, batchTrailer];
  // The file's records: every line, its own trailer included.
  const fileTrailer = record([bank, '9999', '9', blank(9), num(1, 6), num(lines.length + 1, 6), num(0, 6), blank(205)]);
  return `${[...lines, fileTrailer].join('\r\n')}\r\n`;
}
