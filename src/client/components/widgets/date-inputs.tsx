import type { ComponentProps } from 'react';
import { IMaskInput } from 'react-imask';
import {
  DATE_PLACEHOLDER,
  DATE_TIME_PLACEHOLDER,
  parseDateInput,
  parseInstant,
  instantOnSaoPauloClock,
  toDateTimeString,
} from '#shared/dates';
import { formatDateTime } from '#shared/format';
import { DATE_MASK, DATE_TIME_MASK } from '#shared/masks';

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
  /** aria-required (§5: the label carries the '*'). */
  required?: boolean | undefined;
};

/** What every widget of this module takes: the value and its changes as text. */
export type WidgetProps = Common;

/** The attributes every widget's input carries: its state for the eye and for screen readers. */
const inputAttributes = ({ id, invalid, disabled, describedBy, required }: Common) => ({
  id,
  disabled,
  className: invalid ? 'form-control is-invalid' : 'form-control',
  'aria-invalid': invalid || undefined,
  'aria-describedby': describedBy,
  'aria-required': required || undefined,
});

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
function toBrazilianDate(value: string | null | undefined): string {
  const iso = parseDateInput(value);
  if (!iso) return value ?? '';
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * §2's date input, Brazilian: mask dd/mm/yyyy, placeholder 'dd/mm/aaaa' (§5), outgoing
 * 'YYYY-MM-DD'. Not the browser's own (type="date"), which speaks the browser's language and
 * order (decision 051).
 */
export function BrDateInput(props: Common) {
  return (
    <MaskedDateInput
      {...props}
      mask={DATE_MASK.mask}
      shown={toBrazilianDate(props.value)}
      placeholder={DATE_PLACEHOLDER}
      outgoing={(text) => parseDateInput(text) ?? text}
    />
  );
}

/** The masked text input of the date and date-time widgets: shows `shown`, hands `outgoing(text)` on. */
function MaskedDateInput({
  mask,
  shown,
  placeholder,
  outgoing,
  ...common
}: Common & { mask: string; shown: string; placeholder: string; outgoing: (text: string) => string }) {
  return (
    <IMaskInput
      {...inputAttributes(common)}
      mask={mask}
      value={shown}
      placeholder={placeholder}
      inputMode="numeric"
      onAccept={(text: string) => common.onChange(text === '' ? '' : outgoing(text))}
      onBlur={common.onBlur}
    />
  );
}

const BR_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/** An instant (any §5 or §9 form) → 'dd/mm/aaaa HH:mm' on a São Paulo clock; other text as it is. */
export function toBrazilianDateTime(value: string | null | undefined): string {
  if (!value) return '';
  return parseInstant(value) ? formatDateTime(value) : value;
}

/**
 * 'dd/mm/aaaa HH:mm' typed on a São Paulo clock → the outgoing §9 'YYYY-MM-DDTHH:mm:ss' in UTC
 * (decision 032). Unfinished or impossible text is handed on as typed, for the schema to refuse.
 */
export function fromBrazilianDateTime(text: string): string {
  const match = BR_DATE_TIME.exec(text.trim());
  if (!match) return text;
  const [, day, month, year, hour, minute] = match;
  return toDateTimeString(instantOnSaoPauloClock(`${day}/${month}/${year}`, Number(hour), Number(minute))) ?? text;
}

/**
 * The date-time input: masked dd/mm/aaaa HH:mm (24 h) in São Paulo time, outgoing
 * 'YYYY-MM-DDTHH:mm:ss' (UTC). Not the browser's datetime-local, whose order and AM/PM follow
 * the browser's language (decision 051).
 */
export function DateTimeInput(props: Common) {
  return (
    <MaskedDateInput
      {...props}
      mask={DATE_TIME_MASK.mask}
      shown={toBrazilianDateTime(props.value)}
      placeholder={DATE_TIME_PLACEHOLDER}
      outgoing={fromBrazilianDateTime}
    />
  );
}

/** '12,5' or '12.5' → '12.50'; other text is left as typed. */
function toDecimalString(text: string): string {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '' || !/^\d+(\.\d*)?$/.test(normalized)) return text.trim();
  return Number(normalized).toFixed(2);
}

/** The decimal input of §5: two decimals, step 0.01. */
export function DecimalInput({ min, max, ...common }: Common & Pick<ComponentProps<'input'>, 'min' | 'max'>) {
  const { value, onChange, onBlur } = common;
  return (
    <input
      {...inputAttributes(common)}
      min={min}
      max={max}
      type="number"
      step="0.01"
      inputMode="decimal"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        if (value) onChange(toDecimalString(value));
        onBlur?.();
      }}
    />
  );
}
