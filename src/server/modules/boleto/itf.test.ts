import { describe, expect, it } from 'vitest';
import { itfBars } from './itf.ts';

/** An Interleaved 2 of 5 reader: start 1111, pairs (bars the first digit, spaces the second), stop 311. */
function readItf(widths: number[]): string {
  expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(widths.slice(-3)).toEqual([3, 1, 1]);
  const body = widths.slice(4, -3);
  const WEIGHTS = [1, 2, 4, 7, 0];
  const digit = (elements: number[]) => {
    const wide = elements.map((width) => width === 3);
    expect(wide.filter(Boolean)).toHaveLength(2);
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

describe("the boleto's bars (issue 40)", () => {
  it('read back as the 44 digits, narrow and wide 1:3', async () => {
    const barcode = '23798165600000149901234090000000000200123450';
    const bars = await itfBars(barcode);
    expect(new Set(bars)).toEqual(new Set([1, 3]));
    expect(readItf(bars)).toBe(barcode);
    // Start (4), 22 pairs of 18 narrow widths, stop (5): 405 narrow widths in 103 mm.
    expect(bars.reduce((sum, width) => sum + width, 0)).toBe(405);
  });
});
