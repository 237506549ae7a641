import { useRef } from 'react';
import { useFormContext, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { CNPJ_MASK, CPF_MASK, DATE_MASK } from '#shared/masks';
import type { Customer } from '#shared/schemas/plans';
import { MaskedField } from '#client/components/masked-field';
import { TextField } from '#client/components/text-field';
import { PLANS_TEXTS } from '../texts';
import type { SignupFormInput, SignupFormOutput } from './plan-signup-values';

/**
 * The signup's person (§5): individual or company, the CPF or CNPJ and the name that go with the
 * kind, the birth date of an individual, and the e-mail. Inside the signup's FormProvider; the
 * registrations come from `usePlanSignupForm`, which keeps their order.
 */
export function SignupPersonFields({
  customer,
  kindField,
  nameField,
  emailField,
}: {
  customer: Customer;
  kindField: UseFormRegisterReturn<'tipo_pessoa'>;
  nameField: UseFormRegisterReturn<'razao_social'>;
  emailField: UseFormRegisterReturn<'email'>;
}) {
  const {
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<SignupFormInput, unknown, SignupFormOutput>();
  const tipo = String(useWatch({ control, name: 'tipo_pessoa' }));
  // The document and name typed for each kind of person: switching kinds shows that kind's own
  // (empty at first), so a company's name never stays as a person's 'Nome completo' and
  // switching back restores it.
  const typedFor = useRef<Partial<Record<string, { cpfcnpj: string; razao_social: string }>>>({
    [String(customer.tipo_pessoa)]: {
      cpfcnpj: formatCpfCnpj(customer.cpfcnpj),
      razao_social: customer.razao_social,
    },
  });
  const switchKind = (next: string) => {
    const previous = next === '1' ? '2' : '1';
    typedFor.current[previous] = {
      cpfcnpj: String(getValues('cpfcnpj') ?? ''),
      razao_social: String(getValues('razao_social') ?? ''),
    };
    const restored = typedFor.current[next] ?? { cpfcnpj: '', razao_social: '' };
    setValue('cpfcnpj', restored.cpfcnpj);
    setValue('razao_social', restored.razao_social);
  };
  const err = (name: keyof SignupFormInput) => errors[name]?.message;

  return (
    <>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{PLANS_TEXTS.personType}</legend>
        {[
          ['1', PLANS_TEXTS.individual],
          ['2', PLANS_TEXTS.company],
        ].map(([value, label]) => (
          <div className="form-check form-check-inline" key={value}>
            <input
              className="form-check-input"
              type="radio"
              id={`plano-tipo-${value}`}
              value={value}
              {...kindField}
              onChange={(event) => {
                void kindField.onChange(event);
                switchKind(event.target.value);
              }}
            />
            <label className="form-check-label" htmlFor={`plano-tipo-${value}`}>
              {label}
            </label>
          </div>
        ))}
      </fieldset>

      <div className="row">
        <MaskedField
          control={control}
          name="cpfcnpj"
          id="plano-cpfcnpj"
          required
          className="mb-3 col-md-4"
          label={tipo === '1' ? PLANS_TEXTS.cpf : PLANS_TEXTS.cnpj}
          mask={[tipo === '1' ? CPF_MASK : CNPJ_MASK]}
          error={err('cpfcnpj')}
        />
        <TextField
          id="plano-razao-social"
          required
          className="mb-3 col-md-8"
          label={tipo === '1' ? PLANS_TEXTS.fullName : PLANS_TEXTS.companyName}
          registration={nameField}
          error={err('razao_social')}
        />
      </div>
      <div className="row">
        {tipo === '1' && (
          <MaskedField
            control={control}
            name="data_nascimento"
            id="plano-nascimento"
            className="mb-3 col-md-4"
            label={`${PLANS_TEXTS.birthDate} ${PLANS_TEXTS.optional}`}
            mask={[DATE_MASK]}
            inputMode="numeric"
            error={err('data_nascimento')}
          />
        )}
        <TextField
          id="plano-email"
          required
          className="mb-3 col-md-8"
          type="email"
          autoComplete="email"
          label={PLANS_TEXTS.email}
          registration={emailField}
          error={err('email')}
        />
      </div>
    </>
  );
}
