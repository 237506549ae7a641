import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { CEP_MASK, PHONE_MASKS, formatCep, formatPhone, onlyDigits } from '#shared/masks';
import { PLANO_MESSAGES } from '#shared/plans';
import type { SelectOption } from '#shared/schemas/dropdown';
import type { Customer } from '#shared/schemas/plans';
import { CitySelect } from '#client/components/city-select';
import { FieldFrame, fieldDescribedBy } from '#client/components/field-frame';
import { MaskedField } from '#client/components/masked-field';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { useCepLookup } from '../api/lookup-cep';
import { PLANS_TEXTS } from '../texts';

/** The phones and the address of §3's customer, as a form holding them types them (masked text). */
export interface ContactAddressValues {
  telefone_celular: string;
  telefone_fixo: string;
  end_cep: string;
  end_logradouro: string;
  end_numero: string;
  end_complemento: string;
  end_bairro: string;
  gl_cidade_id: number | string;
}

/** The form's starting values of these fields, from the stored customer. */
export function contactAddressDefaults(customer: Customer): ContactAddressValues {
  return {
    telefone_celular: customer.telefone_celular ? formatPhone(customer.telefone_celular) : '',
    telefone_fixo: customer.telefone_fixo ? formatPhone(customer.telefone_fixo) : '',
    end_cep: customer.end_cep ? formatCep(customer.end_cep) : '',
    end_logradouro: customer.end_logradouro ?? '',
    end_numero: customer.end_numero ?? '',
    end_complemento: customer.end_complemento ?? '',
    end_bairro: customer.end_bairro ?? '',
    gl_cidade_id: customer.gl_cidade_id ?? '',
  };
}

/**
 * §5's phones and address, with the CEP lookup (§7 geo/cep, decision 021): a complete CEP typed
 * is looked up at once, 'Buscar CEP' looks it up again, and what it finds fills the street, the
 * district and the city. Inside a react-hook-form FormProvider; shared by the plan signup and
 * 'Dados da empresa' (issue 41), so both check and fill alike. Ids start with `idPrefix`.
 */
export function ContactAddressFields({ idPrefix, customer }: { idPrefix: string; customer: Customer }) {
  const {
    control,
    register,
    setValue,
    setError,
    formState: { errors },
  } = useFormContext<ContactAddressValues>();
  const cep = useCepLookup();
  const [city, setCity] = useState<SelectOption | null>(customer.cidade);
  const lastCep = useRef(customer.end_cep ?? '');
  const cepValue = useWatch({ control, name: 'end_cep' });
  const err = (name: keyof ContactAddressValues) => errors[name]?.message;
  const id = (name: string) => `${idPrefix}-${name}`;

  const lookupCep = (value: string) => {
    const text = value.trim();
    // §5/§9: the lookup needs 8 to 9 characters.
    if (text.length < 8 || text.length > 9) {
      setError('end_cep', { type: 'manual', message: PLANO_MESSAGES.cepInvalid });
      notify('danger', PLANO_MESSAGES.cepInvalid);
      return;
    }
    lastCep.current = onlyDigits(text);
    cep.mutate(text, {
      onSuccess: (address) => {
        const fill = { shouldValidate: true, shouldDirty: true } as const;
        if (address.logradouro) setValue('end_logradouro', address.logradouro, fill);
        if (address.bairro) setValue('end_bairro', address.bairro, fill);
        if (address.gl_cidade) {
          setCity(address.gl_cidade);
          setValue('gl_cidade_id', address.gl_cidade.id, fill);
        }
      },
      onError: (error) => applyFieldErrors(setError, error),
    });
  };

  // A complete CEP typed (8 digits) is looked up at once: the CEP is what triggers it.
  const lookupTypedCep = useEffectEvent((digits: string) => {
    if (digits.length === 8 && digits !== lastCep.current) lookupCep(formatCep(digits));
  });
  useEffect(() => {
    lookupTypedCep(onlyDigits(typeof cepValue === 'string' ? cepValue : ''));
  }, [cepValue]);

  return (
    <>
      <div className="row">
        <MaskedField
          control={control}
          name="telefone_celular"
          id={id('celular')}
          required
          className="mb-3 col-md-6"
          label={PLANS_TEXTS.mobile}
          mask={PHONE_MASKS}
          inputMode="tel"
          error={err('telefone_celular')}
        />
        <MaskedField
          control={control}
          name="telefone_fixo"
          id={id('fixo')}
          className="mb-3 col-md-6"
          label={`${PLANS_TEXTS.landline} ${PLANS_TEXTS.optional}`}
          mask={PHONE_MASKS}
          inputMode="tel"
          error={err('telefone_fixo')}
        />
      </div>
      <div className="row align-items-start">
        <MaskedField
          control={control}
          name="end_cep"
          id={id('cep')}
          required
          className="mb-3 col-md-4"
          label={PLANS_TEXTS.cep}
          mask={[CEP_MASK]}
          inputMode="numeric"
          error={err('end_cep')}
        />
        <div className="mb-3 col-md-3 d-flex align-items-end" style={{ minHeight: '4.5rem' }}>
          <Button
            variant="outline-secondary"
            disabled={cep.isPending}
            onClick={() => lookupCep(typeof cepValue === 'string' ? cepValue : '')}
          >
            {cep.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {PLANS_TEXTS.lookupCep}
          </Button>
        </div>
      </div>
      <div className="row">
        <TextField
          id={id('logradouro')}
          required
          className="mb-3 col-md-8"
          label={PLANS_TEXTS.street}
          registration={register('end_logradouro')}
          error={err('end_logradouro')}
        />
        <TextField
          id={id('numero')}
          required
          className="mb-3 col-md-4"
          label={PLANS_TEXTS.number}
          registration={register('end_numero')}
          error={err('end_numero')}
        />
      </div>
      <div className="row">
        <TextField
          id={id('complemento')}
          className="mb-3 col-md-6"
          label={`${PLANS_TEXTS.complement} ${PLANS_TEXTS.optional}`}
          registration={register('end_complemento')}
          error={err('end_complemento')}
        />
        <TextField
          id={id('bairro')}
          required
          className="mb-3 col-md-6"
          label={PLANS_TEXTS.district}
          registration={register('end_bairro')}
          error={err('end_bairro')}
        />
      </div>
      <FieldFrame id={id('cidade')} label={PLANS_TEXTS.city} required error={err('gl_cidade_id')}>
        <Controller
          control={control}
          name="gl_cidade_id"
          render={({ field }) => (
            <CitySelect
              inputId={id('cidade')}
              required
              value={city}
              invalid={Boolean(err('gl_cidade_id'))}
              describedBy={fieldDescribedBy(id('cidade'), undefined, err('gl_cidade_id'))}
              onBlur={field.onBlur}
              onChange={(next) => {
                setCity(next);
                field.onChange(next ? next.id : '');
              }}
            />
          )}
        />
      </FieldFrame>
    </>
  );
}
