import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import type { MaskOptions } from '#shared/masks';
import { FieldFrame, fieldControlProps } from './field-frame';

/**
 * A labelled input with a §5 mask (react-imask), bound to react-hook-form through a Controller
 * like the phone of Meus dados. The form receives the masked text; the shared schema accepts it
 * and outputs the bare value the API stores.
 */
export function MaskedField<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>({
  control,
  name,
  id,
  label,
  mask,
  error,
  hint,
  inputMode,
  autoComplete,
  required = false,
  className = 'mb-3',
}: {
  control: Control<TFieldValues, TContext, TTransformed>;
  name: FieldPath<TFieldValues>;
  id: string;
  label: ReactNode;
  mask: MaskOptions[];
  error?: string | undefined;
  hint?: ReactNode;
  inputMode?: 'tel' | 'text' | 'numeric';
  autoComplete?: string;
  required?: boolean;
  className?: string;
}) {
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <IMaskInput
            mask={mask}
            value={typeof field.value === 'string' ? field.value : ''}
            onAccept={(value: string) => field.onChange(value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            inputMode={inputMode}
            autoComplete={autoComplete}
            {...fieldControlProps(id, { hint, error, required })}
          />
        )}
      />
    </FieldFrame>
  );
}
