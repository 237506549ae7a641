/**
 * The demo's NFS-e files: a one-page DANFSe-like PDF (pdf-lib) and a small XML in the spirit of
 * the national layout. Both say they are a demonstration without fiscal value. Real notes come
 * from the city hall or the national system; nothing outside the demo seed uses this.
 */
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '#shared/format';

export interface DemoParte {
  razao_social: string;
  cpfcnpj: string;
  endereco: string;
}

export interface DemoNota {
  numero: string;
  emissao: Date;
  /** 'YYYY-MM-DD', first day of the month the service refers to. */
  competencia: string;
  chave: string | null;
  prestador: DemoParte;
  tomador: DemoParte;
  discriminacao: string;
  itens: { codigo: string; descricao: string; unidade: string; qtde: string; valor: string }[];
  total: string;
}

/** The standard fonts encode WinAnsi only: anything else becomes '?' rather than an exception. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF–—•]/g, '?');

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

/** Splits text into lines that fit `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  // Split before encoding: a line break is not WinAnsi and became a '?' in the printed text.
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of winAnsi(paragraph).split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  y = A4[1] - MARGIN;

  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly colours: { text: Color; grey: Color },
  ) {}

  text(value: string, options: { x?: number; size?: number; bold?: boolean; grey?: boolean } = {}) {
    this.page.drawText(winAnsi(value), {
      x: options.x ?? MARGIN,
      y: this.y,
      size: options.size ?? 10,
      font: options.bold ? this.bold : this.regular,
      color: options.grey ? this.colours.grey : this.colours.text,
    });
  }

  line(value: string, options: { size?: number; bold?: boolean; grey?: boolean } = {}) {
    this.text(value, options);
    this.y -= (options.size ?? 10) + 5;
  }

  paragraph(value: string, size = 10) {
    for (const line of wrap(value, this.regular, size, A4[0] - 2 * MARGIN)) this.line(line, { size });
  }

  section(title: string) {
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 14 },
      end: { x: A4[0] - MARGIN, y: this.y + 14 },
      thickness: 0.5,
      color: this.colours.grey,
    });
    this.line(title.toUpperCase(), { size: 9, bold: true, grey: true });
  }
}

function parte(writer: Writer, titulo: string, dados: DemoParte) {
  writer.section(titulo);
  writer.line(dados.razao_social, { bold: true });
  writer.line(`CPF/CNPJ: ${formatCpfCnpj(dados.cpfcnpj)}`);
  writer.paragraph(dados.endereco);
}

export async function gerarDanfsePdf(nota: DemoNota): Promise<Buffer> {
  // Loaded when the demo data is seeded, not at every start (a seventh of the server's start).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`NFS-e ${nota.numero}`);
  pdf.setAuthor(nota.prestador.razao_social);
  pdf.setLanguage('pt-BR');
  pdf.setCreationDate(nota.emissao);
  pdf.setModificationDate(nota.emissao);
  const page = pdf.addPage(A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(page, regular, bold, { text: rgb(0, 0, 0), grey: rgb(0.35, 0.35, 0.35) });

  w.line('DANFSe – Documento Auxiliar da NFS-e', { size: 16, bold: true });
  w.line('Demonstração: documento sem valor fiscal.', { size: 9, grey: true });
  w.y -= 4;
  w.line(`Número da NFS-e: ${nota.numero}`, { bold: true });
  w.line(`Emissão: ${formatDateTime(nota.emissao)}    Competência: ${formatDate(nota.competencia).slice(3)}`);
  if (nota.chave) w.line(`Chave de acesso: ${nota.chave}`, { size: 9 });

  parte(w, 'Prestador do serviço', nota.prestador);
  parte(w, 'Tomador do serviço', nota.tomador);

  w.section('Discriminação dos serviços');
  w.paragraph(nota.discriminacao);

  w.section('Itens');
  const columns = [MARGIN, MARGIN + 50, MARGIN + 330, MARGIN + 380, MARGIN + 440];
  ['Código', 'Descrição', 'Unid.', 'Qtde.', 'Valor'].forEach((title, index) =>
    w.text(title, { x: columns[index] ?? MARGIN, size: 9, bold: true }),
  );
  w.y -= 14;
  for (const item of nota.itens) {
    const cells = [item.codigo, item.descricao, item.unidade, formatQuantity(item.qtde), formatMoney(item.valor)];
    cells.forEach((cell, index) => w.text(cell, { x: columns[index] ?? MARGIN, size: 9 }));
    w.y -= 14;
  }
  w.y -= 6;
  w.line(`Valor total: ${formatMoney(nota.total)}`, { size: 12, bold: true });

  if (nota.chave) {
    w.y -= 10;
    w.paragraph('Consulte a autenticidade pela chave de acesso no portal nacional da NFS-e: https://www.nfse.gov.br/ConsultaPublica', 8);
  }
  return Buffer.from(await pdf.save());
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

export function gerarNfseXml(nota: DemoNota): Buffer {
  const id = nota.chave ? ` Id="NFS${nota.chave}"` : '';
  const itens = nota.itens
    .map(
      (item) =>
        `      <item><codigo>${xml(item.codigo)}</codigo><descricao>${xml(item.descricao)}</descricao>` +
        `<unidade>${xml(item.unidade)}</unidade><qtde>${xml(item.qtde)}</qtde><valor>${xml(item.valor)}</valor></item>`,
    )
    .join('\n');
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Demonstração: documento sem valor fiscal. -->
<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00">
  <infNFSe${id}>
    <nNFSe>${xml(nota.numero)}</nNFSe>
    <dhProc>${nota.emissao.toISOString()}</dhProc>
    <dCompet>${xml(nota.competencia)}</dCompet>
    <emit><CNPJ>${xml(nota.prestador.cpfcnpj)}</CNPJ><xNome>${xml(nota.prestador.razao_social)}</xNome></emit>
    <toma><CNPJ>${xml(nota.tomador.cpfcnpj)}</CNPJ><xNome>${xml(nota.tomador.razao_social)}</xNome></toma>
    <serv><xDescServ>${xml(nota.discriminacao)}</xDescServ>
    <itens>
${itens}
    </itens></serv>
    <valores><vServ>${xml(nota.total)}</vServ></valores>
  </infNFSe>
</NFSe>
`;
  return Buffer.from(text, 'utf8');
}
