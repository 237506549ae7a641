/**
 * Fixed-width fields of the CNAB files (FEBRABAN CNAB 240): numbers right-aligned with zeros,
 * text left-aligned with spaces, upper case without accents (the layout's character set).
 */

/** Digits, zero-padded on the left to `length`; refuses what does not fit rather than cutting it. */
export function num(value: string | number, length: number): string {
  const digits = String(value);
  if (!/^\d*$/.test(digits)) throw new RangeError(`CNAB: '${digits}' não é numérico`);
  if (digits.length > length) throw new RangeError(`CNAB: '${digits}' não cabe em ${length} posições`);
  return digits.padStart(length, '0');
}

/** Text, upper case, accents removed, cut to `length` and padded with spaces. */
export function alpha(value: string | null | undefined, length: number): string {
  const plain = (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, ' ')
    .toUpperCase();
  return plain.slice(0, length).padEnd(length, ' ');
}

export const blank = (length: number) => ' '.repeat(length);

/** 'YYYY-MM-DD' → 'DDMMAAAA'. */
export const ddmmaaaa = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`;

/** Builds a record from its fields and checks it is 240 positions long. */
export function record(fields: readonly string[]): string {
  const line = fields.join('');
  if (line.length !== 240) throw new Error(`CNAB 240: registro com ${line.length} posições`);
  return line;
}
