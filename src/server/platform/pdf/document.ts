/**
 * One way to draw the portal's documents (issue 39): the invoice and the demo NFS-e. pdfkit with
 * DejaVu Sans embedded (subset), so every character a Brazilian name or address holds prints as
 * itself; the standard PDF fonts encode WinAnsi only. A4, one page: what does not fit is cut
 * with a line saying so rather than spilling onto a second page.
 */
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';
import { formatCep } from '#shared/masks';

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  mono: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
};

const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
export const MARGIN = 40;
export const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN;
const GREY = '#555555';
const RULE = '#bbbbbb';

interface TextOptions {
  size?: number;
  bold?: boolean;
  mono?: boolean;
  grey?: boolean;
  x?: number;
  width?: number;
  align?: 'left' | 'right' | 'center';
}

/** A column of a table: its title, its share of the width and its alignment. */
interface TableColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A page being written top to bottom. `y` is where the next line goes; every call moves it.
 * `room(height)` tells whether that much still fits above the bottom margin.
 */
/** An address on one line, as the documents print it: 'Rua X, 10 – Centro – São Paulo/SP – CEP 01310-100'. */
export function postalAddress(a: {
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
}): string | null {
  const street = [a.logradouro, a.numero, a.complemento].filter(Boolean).join(', ');
  const city = a.cidade ? `${a.cidade}${a.uf ? `/${a.uf}` : ''}` : null;
  const parts = [street, a.bairro, city, a.cep ? `CEP ${formatCep(a.cep)}` : null].filter(Boolean);
  return parts.length ? parts.join(' – ') : null;
}

/** Windows line ends would print as a glyph of their own: one '\n' per line break. */
const lines = (value: string) => value.replace(/\r\n?/g, '\n');

export class PdfPage {
  y = MARGIN;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private font(options: TextOptions) {
    this.doc
      .font(options.mono ? 'mono' : options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.grey ? GREY : '#000000');
  }

  /** The height `value` takes at these options, wrapped to the width. */
  heightOf(value: string, options: TextOptions = {}): number {
    this.font(options);
    return this.doc.heightOfString(lines(value), { width: options.width ?? CONTENT_WIDTH, lineGap: 1 });
  }

  room(height: number): boolean {
    return this.y + height <= A4_HEIGHT - MARGIN;
  }

  /** Text at the current line (wrapped to the width; line breaks kept); moves down past it. */
  text(value: string, options: TextOptions = {}): void {
    this.font(options);
    const width = options.width ?? CONTENT_WIDTH;
    const height = this.heightOf(value, options);
    this.font(options);
    this.doc.text(lines(value), options.x ?? MARGIN, this.y, { width, align: options.align ?? 'left', lineGap: 1 });
    this.y += height + 2;
  }

  /** Text placed at a point without moving the line (a label beside another). */
  textAt(value: string, x: number, y: number, options: TextOptions = {}): void {
    this.font(options);
    this.doc.text(lines(value), x, y, { width: options.width ?? CONTENT_WIDTH, align: options.align ?? 'left', lineGap: 1 });
  }

  gap(points: number): void {
    this.y += points;
  }

  /** A titled section: a thin rule, the title in small grey capitals. */
  section(title: string): void {
    this.y += 8;
    this.doc.moveTo(MARGIN, this.y).lineTo(A4_WIDTH - MARGIN, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
    this.y += 5;
    this.text(title.toUpperCase(), { size: 8, bold: true, grey: true });
  }

  /** Label and value pairs in `columns` columns, row by row. */
  fields(pairs: readonly (readonly [string, string])[], columns = 3): void {
    const width = CONTENT_WIDTH / columns;
    for (let start = 0; start < pairs.length; start += columns) {
      const row = pairs.slice(start, start + columns);
      const top = this.y;
      let bottom = top;
      row.forEach(([label, value], index) => {
        const x = MARGIN + index * width;
        this.textAt(label, x, top, { size: 7.5, grey: true, width: width - 8 });
        this.textAt(value, x, top + 10, { size: 10, bold: true, width: width - 8 });
        bottom = Math.max(bottom, top + 10 + this.heightOf(value, { size: 10, bold: true, width: width - 8 }));
      });
      this.y = bottom + 6;
    }
  }

  /**
   * A table with a header row; rows that do not fit above `reserve` points from the bottom are
   * left out and counted in the last line (`overflow` words it).
   */
  table(columns: readonly TableColumn[], rows: readonly string[][], options: { reserve: number; overflow: (left: number) => string }): void {
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * CONTENT_WIDTH);
    const drawRow = (cells: readonly string[], style: TextOptions) => {
      const top = this.y;
      let x = MARGIN;
      let height = 0;
      cells.forEach((cell, index) => {
        const width = (widths[index] ?? 0) - 6;
        const align = columns[index]?.align ?? 'left';
        this.textAt(cell, x, top, { ...style, width, align });
        height = Math.max(height, this.heightOf(cell, { ...style, width }));
        x += widths[index] ?? 0;
      });
      this.y = top + height + 4;
    };
    drawRow(columns.map((column) => column.title), { size: 8, bold: true, grey: true });
    for (const [index, cells] of rows.entries()) {
      const height = Math.max(...cells.map((cell, column) => this.heightOf(cell, { size: 9, width: (widths[column] ?? 0) - 6 })));
      if (!this.room(height + 4 + options.reserve)) {
        this.text(options.overflow(rows.length - index), { size: 8, grey: true });
        return;
      }
      drawRow(cells, { size: 9 });
    }
  }

  /** A QR code drawn as squares (vector: sharp at any zoom, a few hundred bytes). */
  qrCode(modules: { size: number; data: Uint8Array }, x: number, y: number, side: number): void {
    const cell = side / modules.size;
    this.doc.fillColor('#000000');
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.data[row * modules.size + column]) this.doc.rect(x + column * cell, y + row * cell, cell, cell);
      }
    }
    this.doc.fill();
  }

  /**
   * A labelled box of a form (the boleto's fields): a thin frame, the label small at its top, the
   * value below it. Does not move the line.
   */
  box(x: number, y: number, width: number, height: number, label: string, value: string, options: TextOptions = {}): void {
    this.doc.rect(x, y, width, height).lineWidth(0.5).strokeColor('#000000').stroke();
    this.textAt(label, x + 2, y + 1.5, { size: 6, grey: true, width: width - 4 });
    this.textAt(value, x + 2, y + 9, { size: 9, ...options, width: width - 4 });
  }

  /** A dashed line across the page at the current line, with a small caption: where to cut. */
  cutLine(caption: string): void {
    this.doc.moveTo(MARGIN, this.y).lineTo(A4_WIDTH - MARGIN, this.y).dash(3, { space: 3 }).lineWidth(0.5).strokeColor('#000000').stroke().undash();
    this.textAt(caption, MARGIN, this.y + 2, { size: 6, grey: true, align: 'right' });
    this.y += 12;
  }

  /** Bars from their widths (bar, space, bar…, in `unit` points each), as a barcode library encodes them. */
  bars(widths: readonly number[], x: number, y: number, unit: number, height: number): void {
    let position = x;
    this.doc.fillColor('#000000');
    widths.forEach((width, index) => {
      if (index % 2 === 0) this.doc.rect(position, y, width * unit, height);
      position += width * unit;
    });
    this.doc.fill();
  }

  link(value: string, url: string, options: TextOptions = {}): void {
    this.font(options);
    const height = this.heightOf(value, options);
    this.doc.fillColor('#0645ad').text(value, options.x ?? MARGIN, this.y, { width: options.width ?? CONTENT_WIDTH, link: url, underline: true, lineGap: 1 });
    this.y += height + 2;
  }
}

/** Metadata of a document: its title and author, and when it was made (fixed for the same bytes). */
interface PdfInfo {
  title: string;
  author: string;
  createdAt: Date;
}

/** Draws one A4 page and answers its bytes. */
export async function renderPdf(info: PdfInfo, draw: (page: PdfPage) => void): Promise<Buffer> {
  // Loaded on the first document, not at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: true,
    lang: 'pt-BR',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Producer: info.author, CreationDate: info.createdAt },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('mono', FONTS.mono);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(new PdfPage(doc));
  doc.end();
  return done;
}
