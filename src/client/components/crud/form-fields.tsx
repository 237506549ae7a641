import { useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { MaskOptions } from '#shared/masks';
import type { SelectOption } from '#shared/schemas/dropdown';
import type { QueryParams } from '../../lib/api-client';
import { FieldFrame, fieldControlProps, fieldDescribedBy } from '../field-frame';
import { CheckField, TextField } from '../text-field';
import { FilePicker } from '../file-picker';
import { MaskedField } from '../masked-field';
import { SearchableSelect } from '../searchable-select';
import { BrDateInput, DateTimeInput, DecimalInput, type WidgetProps } from '../widgets/date-inputs';
import { SELECT_PLACEHOLDER } from '../../texts';

/**
 * The back-office edit pages' fields: the customer screens' fields (TextField, CheckField, the
 * FieldFrame with the §5 required marker and the error under it), bound to react-hook-form by
 * the field's name, two to a row on a wide screen; and the widgets only the back-office needs.
 */
type Base<T extends FieldValues> = {
  form: UseFormReturn<T, unknown, unknown>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
};

const idOf = (name: string) => `campo-${name.replace(/\W+/g, '-')}`;

function errorOf<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: FieldPath<T>,
) {
  const error = form.getFieldState(name, form.formState).error;
  return error?.message;
}

/** The shared field frame, two to a row on a wide screen. */
function Frame({ className = 'mb-3 col-md-6', ...frame }: ComponentProps<typeof FieldFrame>) {
  return <FieldFrame {...frame} className={className} />;
}

/** A one-line input (or, `multiline`, a textarea): the customer screens' TextField, bound by name. */
export function InputField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className = 'mb-3 col-md-6',
  type = 'text',
  maxLength,
  multiline = false,
}: Base<T> & { type?: 'text' | 'email' | 'url' | 'number'; maxLength?: number; multiline?: boolean }) {
  return (
    <TextField
      id={idOf(name)}
      label={label}
      required={required}
      hint={hint}
      className={className}
      type={type}
      maxLength={maxLength}
      multiline={multiline}
      registration={form.register(name)}
      error={errorOf(form, name)}
    />
  );
}

/**
 * A masked input (CPF/CNPJ, CEP, phone): the customer screens' MaskedField, bound by name, so
 * staff type into the same masks as customers (issue 38 item 4). The shared schemas take the
 * masked text and send the bare digits.
 */
export function MaskedInputField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className = 'mb-3 col-md-6',
  mask,
  inputMode = 'numeric',
}: Base<T> & { mask: MaskOptions[]; inputMode?: 'tel' | 'text' | 'numeric' }) {
  return (
    <MaskedField
      control={form.control}
      name={name}
      id={idOf(name)}
      label={label}
      required={required}
      hint={hint}
      className={className}
      mask={mask}
      inputMode={inputMode}
      error={errorOf(form, name)}
    />
  );
}

/** A textarea across the row. */
export function TextAreaField<T extends FieldValues>({ className = 'mb-3 col-12', ...field }: Base<T>) {
  return <InputField {...field} className={className} multiline />;
}

/** A checkbox: the customer screens' CheckField, bound by name. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className = 'mb-3 col-md-6',
}: Base<T>) {
  return (
    <CheckField id={idOf(name)} label={label} hint={hint} className={className} registration={form.register(name)} />
  );
}

/** A native select over a short fixed list (levels, billing cycles, situations). */
export function ChoiceField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  options,
}: Base<T> & { options: readonly { id: number | string; text: string }[] }) {
  const id = idOf(name);
  const error = errorOf(form, name);
  return (
    <Frame
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <select {...form.register(name)} {...fieldControlProps(id, { hint, error, required, baseClass: 'form-select' })}>
        <option value="">{SELECT_PLACEHOLDER}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.text}
          </option>
        ))}
      </select>
    </Frame>
  );
}

type Controlled<T extends FieldValues> = Base<T> & { control?: Control<T> };

/** Binds one of the §5 text widgets (value and change as text) to the form. */
function WidgetField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  input: Input,
}: Controlled<T> & { input: ComponentType<WidgetProps> }) {
  const id = idOf(name);
  const error = errorOf(form, name);
  return (
    <Frame
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Input
            id={id}
            value={field.value == null ? '' : String(field.value)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            required={required}
            describedBy={fieldDescribedBy(id, hint, error)}
          />
        )}
      />
    </Frame>
  );
}

/** A decimal with two places (§5), sent as '1234.50'. */
export function DecimalField<T extends FieldValues>(props: Controlled<T>) {
  return <WidgetField {...props} input={DecimalInput} />;
}

/** A date typed as dd/mm/aaaa (§5), sent as 'YYYY-MM-DD'. */
export function DateField<T extends FieldValues>(props: Controlled<T>) {
  return <WidgetField {...props} input={BrDateInput} />;
}

/** A date and time in São Paulo time (decision 032). */
export function DateTimeField<T extends FieldValues>(props: Controlled<T>) {
  return <WidgetField {...props} input={DateTimeInput} />;
}

/** The searchable dropdown bound to an id field; `initial` is the loaded record's option. */
export function DropdownField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  source,
  params,
  initial,
}: Controlled<T> & { source: string; params?: QueryParams; initial: SelectOption | null }) {
  const id = idOf(name);
  const error = errorOf(form, name);
  const [option, setOption] = useState<SelectOption | null>(initial);
  const [initialId, setInitialId] = useState(initial?.id);
  // A reloaded record brings its own option.
  if (initial?.id !== initialId) {
    setInitialId(initial?.id);
    setOption(initial);
  }
  return (
    <Frame
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <SearchableSelect
            inputId={id}
            source={source}
            {...(params ? { params } : {})}
            value={option}
            onChange={(next) => {
              setOption(next);
              field.onChange(next ? next.id : null);
            }}
            onBlur={field.onBlur}
            invalid={Boolean(error)}
            required={required}
            describedBy={fieldDescribedBy(id, hint, error)}
          />
        )}
      />
    </Frame>
  );
}

/** A file input for the multipart variant; the screen reads it when building its FormData. */
export function FileField({
  id,
  label,
  accept,
  onFile,
  hint,
  className = 'mb-3 col-md-6',
}: {
  id: string;
  label: string;
  accept: string;
  onFile: (file: File | null) => void;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <Frame id={id} label={label} error={undefined} hint={hint} className={className}>
      <FilePicker
        id={id}
        accept={accept}
        describedBy={fieldDescribedBy(id, hint, undefined)}
        onChange={(files) => onFile(files[0] ?? null)}
      />
    </Frame>
  );
}
