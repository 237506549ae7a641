import { formatMoney, MISSING, type MoneyInput } from '#shared/format';

/** An amount under a 'Valor (R$)' header: '1.234,56' (§9: two decimals, decimal comma). */
export function formatAmount(value: MoneyInput): string {
  // formatMoney's space after 'R$' is a non-breaking one (Intl).
  return formatMoney(value).replace(/R\$\s/, '');
}

/** §2: the quantity is blank when 0 or less; a missing one shows '-'. '1.5' → '1,5'. */
export function formatQuantity(value: string | null): string {
  if (value === null || value.trim() === '') return MISSING;
  const number = Number(value);
  if (!Number.isFinite(number)) return MISSING;
  if (number <= 0) return '';
  return value.trim().replace('.', ',');
}

/** A text that may be missing: '-' (§2). */
export function orMissing(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? MISSING : value;
}
