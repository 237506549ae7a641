import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PaymentAccount } from '#shared/schemas/plans';
import { RequiredMarker } from '#client/components/widgets/required-marker';
import { PLANS_TEXTS } from '../texts';

/**
 * The signup's payment method (§4): one radio per account offered. `registration` is there
 * whenever `options` is not empty (`usePlanSignupForm`).
 */
export function PaymentMethodFieldset({
  options,
  registration,
  error,
}: {
  options: PaymentAccount[];
  registration: UseFormRegisterReturn<'pg_conta_id'> | undefined;
  error: string | undefined;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">
        {PLANS_TEXTS.paymentMethod}
        <RequiredMarker />
      </legend>
      {options.map((account) => (
        <div className="form-check" key={account.id}>
          <input
            className={error ? 'form-check-input is-invalid' : 'form-check-input'}
            type="radio"
            id={`plano-conta-${account.id}`}
            value={String(account.id)}
            {...registration}
          />
          <label className="form-check-label" htmlFor={`plano-conta-${account.id}`}>
            {account.nome_exibicao}
            {account.descricao_exibicao && (
              <small className="d-block text-body-secondary">{account.descricao_exibicao}</small>
            )}
          </label>
        </div>
      ))}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
