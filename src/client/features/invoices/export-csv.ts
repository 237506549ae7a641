import type { unparse } from 'papaparse';
import { fileNameWords } from '#shared/file-names';
import { formatDate, formatDecimal } from '#shared/format';
import type { FaturaDto } from '#shared/schemas/invoices';
import { CSV_COLUMNS } from './texts';

/**
 * The billing history as a spreadsheet (issue 39, item 4): the invoices as listed, for Excel in
 * pt-BR to open as they are: UTF-8 with a byte order mark, ';' between fields, decimal commas,
 * dates as dd/mm/aaaa (instants on São Paulo's clock). A cell a spreadsheet would run as a formula
 * (= + - @, a tab or a return first) is written as text, except a pt-BR amount ('-12,00').
 */
const FORMULA_START = /^(?!-\d[\d.]*,\d{2}$)[=+\-@\t\r]/;
const BOM = '\uFEFF';

/** '' where the list shows '-': an empty cell, not a dash, in a spreadsheet. */
const orEmpty = (text: string) => (text === '-' ? '' : text);

export function invoicesCsv(faturas: readonly FaturaDto[], write: typeof unparse): string {
  const rows = faturas.map((fatura) => [
    orEmpty(formatDate(fatura.data_vencimento_calculado)),
    orEmpty(formatDate(fatura.datahora_confirmado_calculado)),
    orEmpty(formatDecimal(fatura.valor)),
    fatura.situacao_desc,
    fatura.nfse?.nf_numero ?? '',
    orEmpty(formatDate(fatura.nfse?.datahora_emissao)),
    fatura.servico_discriminacao_calculado ?? '',
  ]);
  const text = write(
    { fields: Object.values(CSV_COLUMNS), data: rows },
    { delimiter: ';', newline: '\r\n', escapeFormulae: FORMULA_START },
  );
  return `${BOM}${text}\r\n`;
}

/** 'faturas-empresa-x.csv', 'faturas-empresa-x-paga.csv' with a filter. */
export function invoicesCsvName(razaoSocial: string, filterLabel: string | null): string {
  const words = [fileNameWords(`faturas ${razaoSocial}`), filterLabel ? fileNameWords(filterLabel) : ''];
  return `${words.filter(Boolean).join('-')}.csv`;
}
