import { parse, unparse } from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { FaturaDto } from '#shared/schemas/invoices';
import { invoicesCsv, invoicesCsvName } from './export-csv';

const fatura = (overrides: Partial<FaturaDto>): FaturaDto => ({
  id: 1,
  situacao: 6,
  situacao_icon_class: 'fa-check',
  situacao_desc: 'Paga',
  data_vencimento_calculado: '2026-11-10',
  datahora_confirmado_calculado: '2026-11-09T02:30:00Z',
  valor: '1234.5',
  servico_discriminacao_calculado: 'Licenciamento; plano Profissional',
  valor_atualizado: null,
  boleto: false,
  nfse: {
    nf_numero: '2026000123',
    datahora_emissao: '2026-11-09T12:00:00Z',
    chave_acesso: null,
    has_pdf: false,
    pdf_url_download: null,
    has_url_visualizar: false,
    url_visualizar: null,
  },
  ...overrides,
});

describe('the billing history as a spreadsheet (issue 39)', () => {
  it('writes UTF-8 with a BOM, ; between fields, decimal commas and São Paulo dates', () => {
    const text = invoicesCsv([fatura({}), fatura({ id: 2, situacao: 8, situacao_desc: 'Vencida', datahora_confirmado_calculado: null, nfse: null, valor: '99.9', servico_discriminacao_calculado: null })], unparse);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Vencimento;Pago em;Valor (R$);Situação;NFS-e;Emissão da NFS-e;Descrição');
    // Paid at 02:30 UTC: the 8th in São Paulo. The description holds a ';', so it is quoted.
    expect(lines[1]).toBe('10/11/2026;08/11/2026;1.234,50;Paga;2026000123;09/11/2026;"Licenciamento; plano Profissional"');
    // Nothing to say is an empty cell, not the list's '-'.
    expect(lines[2]).toBe('10/11/2026;;99,90;Vencida;;;');
    expect(lines[3]).toBe('');
  });

  it('writes a cell a spreadsheet would run as a formula as text, but not a negative amount', () => {
    const text = invoicesCsv(
      [fatura({ valor: '-12', servico_discriminacao_calculado: '=HYPERLINK("http://x.example","clique")' }), fatura({ servico_discriminacao_calculado: '@SUM(1)' })],
      unparse,
    );
    const rows = parse<string[]>(text.slice(1), { delimiter: ';' }).data;
    expect(rows[1]![2]).toBe('-12,00');
    expect(rows[1]![6]).toBe('\'=HYPERLINK("http://x.example","clique")');
    expect(rows[2]![6]).toBe("'@SUM(1)");
  });

  it('names the file after the client and the filter, without accents', () => {
    expect(invoicesCsvName('Empresa Demonstração Ltda.', null)).toBe('faturas-empresa-demonstracao-ltda.csv');
    expect(invoicesCsvName('Empresa Demonstração Ltda.', 'Fechada/Emitida')).toBe('faturas-empresa-demonstracao-ltda-fechada-emitida.csv');
  });
});
