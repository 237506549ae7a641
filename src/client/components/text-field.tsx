import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Uncontrolled (react-hook-form owns the value), so no value props. */
type InputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'size' | 'name' | 'onChange' | 'onBlur' | 'value' | 'defaultValue' | 'className'
>;

function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * A labelled input for react-hook-form: the label, an optional hint and the field's error,
 * both tied to the input for screen readers (aria-describedby, aria-invalid).
 *
 * Plain elements with Bootstrap's classes rather than react-bootstrap's Form components: the
 * login route has a download budget, and these need no behaviour of their own.
 */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  className = 'mb-3',
  ...input
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
} & InputProps) {
  const hintId = hint ? `${id}-dica` : undefined;
  const errorId = error ? `${id}-erro` : undefined;
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        {...registration}
        id={id}
        className={error ? 'form-control is-invalid' : 'form-control'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
      />
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
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
