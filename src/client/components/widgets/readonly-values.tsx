import { formatDate, formatDateTime, MISSING, truncate, type DateInput } from '#shared/format';

/** §2 read-only values: a date, a date-time (São Paulo), a decimal with two places, truncated text. */
export function ReadonlyDate({ value }: { value: DateInput }) {
  return <span>{formatDate(value)}</span>;
}

export function ReadonlyDateTime({ value }: { value: DateInput }) {
  return <span>{formatDateTime(value)}</span>;
}

const decimalFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function formatDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING;
  const number = Number(value);
  return Number.isFinite(number) ? decimalFormat.format(number) : MISSING;
}

export function ReadonlyDecimal({ value }: { value: string | number | null | undefined }) {
  return <span>{formatDecimal(value)}</span>;
}

/** §9 truncate: at most `max` characters, '...' after; the whole text on hover. */
export function Truncate({ text, max = 40 }: { text: string | null | undefined; max?: number }) {
  const shown = truncate(text, max);
  return <span title={shown !== (text ?? '') ? (text ?? '') : undefined}>{shown}</span>;
}
