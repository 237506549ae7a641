import { inflateSync } from 'node:zlib';

/**
 * Reads an Interleaved 2 of 5 barcode back to its digits, as a scanner would, for the boleto's
 * tests (issue 40): from the widths of its elements (bar, space, bar…) in narrow units, or from
 * the bars a PDF draws.
 */

const WEIGHTS = [1, 2, 4, 7, 0];

/** Start 1111, pairs of digits (bars the first, spaces the second), stop 311. */
export function readItf(widths: readonly number[]): string {
  const fail = (why: string) => new Error(`ITF ilegível: ${why}`);
  if (widths.slice(0, 4).join() !== '1,1,1,1') throw fail('início');
  if (widths.slice(-3).join() !== '3,1,1') throw fail('fim');
  const body = widths.slice(4, -3);
  if (body.length % 10 !== 0) throw fail('comprimento');
  const digit = (elements: number[]) => {
    const wide = elements.map((width) => width === 3);
    if (wide.filter(Boolean).length !== 2) throw fail('dígito sem duas barras largas');
    const sum = wide.reduce((total, isWide, index) => total + (isWide ? (WEIGHTS[index] ?? 0) : 0), 0);
    return sum === 11 ? 0 : sum;
  };
  let text = '';
  for (let start = 0; start < body.length; start += 10) {
    const pair = body.slice(start, start + 10);
    text += `${digit(pair.filter((_, index) => index % 2 === 0))}${digit(pair.filter((_, index) => index % 2 === 1))}`;
  }
  return text;
}

/** The content streams of a PDF, inflated where they are compressed. */
function contentStreams(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const streams: string[] = [];
  const pattern = /stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = bytes.subarray(start, end);
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(raw.toString('latin1'));
    }
  }
  return streams;
}

/**
 * The barcode a PDF draws as filled rectangles of one height on one line (the most numerous such
 * row), read left to right into element widths and then digits.
 */
export function barcodeFromPdf(pdf: Uint8Array): string {
  const rows = new Map<string, { x: number; w: number }[]>();
  for (const stream of contentStreams(pdf)) {
    for (const [, x, y, w, h] of stream.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)) {
      const key = `${y}|${h}`;
      rows.set(key, [...(rows.get(key) ?? []), { x: Number(x), w: Number(w) }]);
    }
  }
  const bars = [...rows.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  bars.sort((a, b) => a.x - b.x);
  const narrow = Math.min(...bars.map((bar) => bar.w));
  const widths: number[] = [];
  bars.forEach((bar, index) => {
    if (index > 0) {
      const previous = bars[index - 1]!;
      widths.push(Math.round((bar.x - previous.x - previous.w) / narrow));
    }
    widths.push(Math.round(bar.w / narrow));
  });
  return readItf(widths);
}
