import type { ReactNode } from 'react';
import { RequiredMarker } from './widgets/required-marker';

/** The ids that tie a field's hint and error to it (aria-describedby). */
export function fieldDescribedBy(
  id: string,
  hint: ReactNode,
  error: string | undefined,
): string | undefined {
  return (
    [hint ? `${id}-dica` : '', error ? `${id}-erro` : ''].filter(Boolean).join(' ') || undefined
  );
}

/**
 * What every control inside a FieldFrame carries, customer and back-office alike: its id,
 * Bootstrap's class (invalid when there is an error), aria-invalid, aria-required (§5: the
 * label shows the '*') and the hint and error it is described by.
 */
export function fieldControlProps(
  id: string,
  {
    hint,
    error,
    required,
    baseClass = 'form-control',
  }: { hint?: ReactNode; error: string | undefined; required?: boolean | undefined; baseClass?: string },
) {
  return {
    id,
    className: error ? `${baseClass} is-invalid` : baseClass,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': fieldDescribedBy(id, hint, error),
  } as const;
}

/**
 * The frame of every labelled form field: the label, the §5 required marker ('*', tooltip 'Campo
 * obrigatório.') when `required`, the field, an optional hint and the field's error. The marker
 * stays outside the label, so the field's accessible name is the label's text; the field itself
 * says aria-required. The field itself sets
 * aria-describedby with fieldDescribedBy, so screen readers hear both.
 *
 * Plain elements with Bootstrap's classes rather than react-bootstrap's Form components: the
 * login route has a download budget, and these need no behaviour of their own.
 */
export function FieldFrame({
  id,
  label,
  required = false,
  hint,
  error,
  className = 'mb-3',
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {required && <RequiredMarker />}
      {children}
      {hint && (
        <div id={`${id}-dica`} className="form-text">
          {hint}
        </div>
      )}
      {/* d-block: a field inside a wrapper (dropdown, mask) is not the error's sibling. */}
      {error && (
        <div id={`${id}-erro`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
