import type { ComponentProps } from 'react';
import { IMaskInput } from 'react-imask';
import { DATE_PLACEHOLDER, parseDateInput, parseInstant, toDateTimeString, wallClockInSaoPaulo } from '#shared/dates';
import { DATE_MASK } from '#shared/masks';

/**
 * The date, date-time, Brazilian date and decimal inputs of §2 with the §5/§9 formats. Each takes
 * a value in any accepted format (DD/MM/YYYY, YYYY/MM/DD, YYYY-MM-DD, ISO date-time) and hands
 * the outgoing one to onChange: a date as 'YYYY-MM-DD', a date-time as 'YYYY-MM-DDTHH:mm:ss'
 * (UTC, the storage zone), a decimal with two places ('1234.50'). Text that is not (yet) a valid
 * value is handed on as typed, so the form's schema can say so.
 */
type Common = {
  id: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string | undefined;
};

/** What every widget of this module takes: the value and its changes as text. */
export type WidgetProps = Common;

const inputClass = (invalid?: boolean) => (invalid ? 'form-control is-invalid' : 'form-control');
const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function toBrazilianDate(value: string | null | undefined): string {
  const iso = parseDateInput(value);
  if (!iso) return value ?? '';
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** The Brazilian date input: mask dd/mm/yyyy, placeholder 'dd/mm/aaaa' (§5). */
export function BrDateInput({ id, value, onChange, onBlur, invalid, disabled, describedBy }: Common) {
  return (
    <IMaskInput
      id={id}
      mask={DATE_MASK.mask}
      value={toBrazilianDate(value)}
      placeholder={DATE_PLACEHOLDER}
      inputMode="numeric"
      onAccept={(text: string) => onChange(text === '' ? '' : (parseDateInput(text) ?? text))}
      onBlur={onBlur}
      disabled={disabled}
      className={inputClass(invalid)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/** The browser's date input; outgoing 'YYYY-MM-DD'. */
export function DateInput({ id, value, onChange, onBlur, invalid, disabled, describedBy }: Common) {
  return (
    <input
      id={id}
      type="date"
      value={parseDateInput(value) ?? ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      className={inputClass(invalid)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/** São Paulo has kept UTC−3 all year since 2019; the wall clock a person types is read in it. */
const SAO_PAULO_OFFSET = '-03:00';

/** An instant → the São Paulo wall clock a datetime-local input shows ('YYYY-MM-DDTHH:mm'). */
export function toLocalInput(value: string | null | undefined): string {
  const instant = parseInstant(value ?? null);
  if (!instant) return '';
  const clock = wallClockInSaoPaulo(instant);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** What a datetime-local input holds → the outgoing §9 'YYYY-MM-DDTHH:mm:ss' (UTC). */
export function fromLocalInput(local: string): string {
  if (!local) return '';
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  return toDateTimeString(`${withSeconds}${SAO_PAULO_OFFSET}`) ?? local;
}

/** The browser's date-time input, in São Paulo time; outgoing 'YYYY-MM-DDTHH:mm:ss' (UTC). */
export function DateTimeInput({ id, value, onChange, onBlur, invalid, disabled, describedBy }: Common) {
  return (
    <input
      id={id}
      type="datetime-local"
      value={toLocalInput(value)}
      onChange={(event) => onChange(fromLocalInput(event.target.value))}
      onBlur={onBlur}
      disabled={disabled}
      className={inputClass(invalid)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/** '12,5' or '12.5' → '12.50'; other text is left as typed. */
export function toDecimalString(text: string): string {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '' || !/^\d+(\.\d*)?$/.test(normalized)) return text.trim();
  return Number(normalized).toFixed(2);
}

/** The decimal input of §5: two decimals, step 0.01. */
export function DecimalInput({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
  describedBy,
  ...rest
}: Common & Pick<ComponentProps<'input'>, 'min' | 'max'>) {
  return (
    <input
      {...rest}
      id={id}
      type="number"
      step="0.01"
      inputMode="decimal"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        if (value) onChange(toDecimalString(value));
        onBlur?.();
      }}
      disabled={disabled}
      className={inputClass(invalid)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}
