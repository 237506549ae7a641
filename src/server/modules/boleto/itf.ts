/**
 * The boleto's barcode as bars: Interleaved 2 of 5, encoded by bwip-js (a maintained barcode
 * library; never a font), wide elements three times the narrow ones as FEBRABAN asks (1:3).
 */
export async function itfBars(digits: string): Promise<number[]> {
  const { default: bwipjs } = await import('bwip-js/node');
  const [symbol] = bwipjs.raw('interleaved2of5', digits, { includecheck: false }) as { sbs: number[] }[];
  if (!symbol) throw new Error('bwip-js: no symbol');
  // Bar, space, bar…: a symbol ends with a bar; bwip-js adds the space after it.
  const elements = symbol.sbs.length % 2 === 0 ? symbol.sbs.slice(0, -1) : symbol.sbs;
  // bwip-js writes wide elements with its own ratio; the boleto's is 3.
  return elements.map((width) => (width > 1 ? 3 : 1));
}
