import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFrame, fieldControlProps } from './field-frame';

/** Uncontrolled (react-hook-form owns the value), so no value props. */
type InputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'size' | 'name' | 'onChange' | 'onBlur' | 'value' | 'defaultValue' | 'className'
>;

/**
 * A labelled input for react-hook-form: the label, the required marker, an optional hint and the field's error,
 * both tied to the input for screen readers (aria-describedby, aria-invalid).
 */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  required = false,
  className = 'mb-3',
  multiline = false,
  ...input
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  /** §5: '*' after the label and aria-required; the form's schema does the checking. */
  required?: boolean | undefined;
  className?: string | undefined;
  /** A textarea of four rows instead of a one-line input (the input's own props do not apply). */
  multiline?: boolean;
} & Omit<InputProps, 'required'>) {
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      {multiline ? (
        <textarea rows={4} {...registration} {...fieldControlProps(id, { hint, error, required })} />
      ) : (
        <input {...input} {...registration} {...fieldControlProps(id, { hint, error, required })} />
      )}
    </FieldFrame>
  );
}

/** A labelled checkbox for react-hook-form, with an optional hint. */
export function CheckField({
  id,
  label,
  registration,
  hint,
  className = 'mb-3',
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  hint?: ReactNode;
  className?: string;
}) {
  const hintId = hint ? `${id}-dica` : undefined;
  return (
    <div className={className}>
      <div className="form-check">
        <input
          {...registration}
          id={id}
          type="checkbox"
          className="form-check-input"
          aria-describedby={hintId}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}
