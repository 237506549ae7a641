import { formatDate, formatDateTime, formatDecimal, truncate, type DateInput } from '#shared/format';

/** §2 read-only values: a date, a date-time (São Paulo), a decimal with two places, truncated text. */
export function ReadonlyDate({ value }: { value: DateInput }) {
  return <span>{formatDate(value)}</span>;
}

export function ReadonlyDateTime({ value }: { value: DateInput }) {
  return <span>{formatDateTime(value)}</span>;
}

export function ReadonlyDecimal({ value }: { value: string | number | null | undefined }) {
  return <span>{formatDecimal(value)}</span>;
}

/** §9 truncate: at most `max` characters, '...' after; the whole text on hover. */
export function Truncate({ text, max = 40 }: { text: string | null | undefined; max?: number }) {
  const shown = truncate(text, max);
  return <span title={shown !== (text ?? '') ? (text ?? '') : undefined}>{shown}</span>;
}
