import { describe, expect, it } from 'vitest';
import { readItf } from '#tests/helpers/itf-reader.ts';
import { itfBars } from './itf.ts';

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
