import { alpha, blank, ddmmaaaa, num, record } from '../../src/server/modules/boleto/cnab/fields.ts';

/**
 * A bank's CNAB 240 retorno of cobrança, written from FEBRABAN's layout (v10.x) position by
 * position, as the tests' bank: file header (file code '2'), one batch of operation 'T' with a
 * segment T and a segment U per occurrence, the batch and file trailers with their counts.
 */
export interface RetornoEntry {
  /** Código de movimento retorno: '02' entrada confirmada, '03' rejeitada, '06' liquidação… */
  movimento: string;
  nossoNumero: string;
  documento?: string;
  vencimento: string;
  valorCents: number;
  /** Reasons, two digits each (a rejection's). */
  motivos?: string[];
  pagoCents?: number;
  jurosMultaCents?: number;
  /** 'YYYY-MM-DD'. */
  ocorrencia: string;
  credito?: string | null;
}

export interface RetornoSpec {
  bank: string;
  cpfcnpj: string;
  convenio?: string;
  numero: number;
  geradoEm?: string;
  entries: RetornoEntry[];
}

const account = `${num('1234', 5)}0${num('123456', 12)}0 `;
const date = (value: string | null | undefined) => (value ? ddmmaaaa(value) : num(0, 8));

export function cnab240Retorno(spec: RetornoSpec): string {
  const bank = num(spec.bank, 3);
  const generated = spec.geradoEm ?? '2026-11-27';
  const inscricao = spec.cpfcnpj.length === 11 ? '1' : '2';
  const header = record([
    bank, '0000', '0', blank(9), inscricao, num(spec.cpfcnpj, 14), alpha(spec.convenio ?? '', 20), account,
    alpha('PROVEDORA TESTE LTDA', 30), alpha('BANCO', 30), blank(10),
    '2', date(generated), '080000', num(spec.numero, 6), '103', '00000', blank(20), blank(20), blank(29),
  ]);
  const batchHeader = record([
    bank, '0001', '1', 'T', '01', blank(2), '060', blank(1), inscricao, num(spec.cpfcnpj, 15), alpha(spec.convenio ?? '', 20), account,
    alpha('PROVEDORA TESTE LTDA', 30), blank(40), blank(40), num(spec.numero, 8), date(generated), num(0, 8), blank(33),
  ]);
  const details: string[] = [];
  let sequence = 0;
  for (const entry of spec.entries) {
    details.push(
      record([
        bank, '0001', '3', num(++sequence, 5), 'T', blank(1), entry.movimento, account,
        alpha(entry.nossoNumero, 20), '1', alpha(entry.documento ?? '', 15), date(entry.vencimento), num(entry.valorCents, 15),
        bank, num(0, 5), blank(1), alpha(entry.documento ?? '', 25), '09',
        '2', num('11222333000181', 15), alpha('CLIENTE PAGADOR', 40), num(0, 10), num(0, 15),
        alpha((entry.motivos ?? []).join(''), 10), blank(17),
      ]),
    );
    const paid = entry.pagoCents ?? 0;
    details.push(
      record([
        bank, '0001', '3', num(++sequence, 5), 'U', blank(1), entry.movimento,
        num(entry.jurosMultaCents ?? 0, 15), num(0, 15), num(0, 15), num(0, 15), num(paid, 15), num(paid, 15), num(0, 15), num(0, 15),
        date(entry.ocorrencia), date(entry.credito), blank(4), num(0, 8), num(0, 15), blank(30), num(0, 3), blank(20), blank(7),
      ]),
    );
  }
  const batchTrailer = record([bank, '0001', '5', blank(9), num(details.length + 2, 6), blank(217)]);
  const lines = [header, batchHeader, ...details, batchTrailer];
  const fileTrailer = record([bank, '9999', '9', blank(9), num(1, 6), num(lines.length + 1, 6), num(0, 6), blank(205)]);
  return `${[...lines, fileTrailer].join('\r\n')}\r\n`;
}
