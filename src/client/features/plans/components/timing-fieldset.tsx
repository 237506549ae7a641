import type { UseFormRegisterReturn } from 'react-hook-form';
import { RequiredMarker } from '#client/components/widgets/required-marker';
import { PLANS_TEXTS } from '../texts';

/** When the change takes effect (§9 timing): one radio per timing offered (`timingsFor`). */
export function TimingFieldset({
  timings,
  registration,
  error,
}: {
  timings: [number, string][];
  registration: UseFormRegisterReturn<'imediato'>;
  error: string | undefined;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">
        {PLANS_TEXTS.timing}
        <RequiredMarker />
      </legend>
      {timings.map(([value, label]) => (
        <div className="form-check" key={value}>
          <input
            className={error ? 'form-check-input is-invalid' : 'form-check-input'}
            type="radio"
            id={`plano-imediato-${value}`}
            value={String(value)}
            {...registration}
          />
          <label className="form-check-label" htmlFor={`plano-imediato-${value}`}>
            {label}
          </label>
        </div>
      ))}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
