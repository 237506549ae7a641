import {
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';
import { documentKind } from '#shared/cpf-cnpj';
import { NAME_MAX } from '#shared/fields';
import { CPF_CNPJ_MASKS } from '#shared/masks';
import { MaskedField } from '#client/components/masked-field';
import { TextField } from '#client/components/text-field';
import { CPF_CNPJ_FIELDS_TEXTS } from '../texts';

/**
 * The sign-up's CPF or CNPJ and, once a CNPJ is typed, the company's name (§5 Sign-up, logged out
 * and logged in): the name is asked, and sent, only for a company. Leaving the CNPJ unregisters
 * the name, so a CPF never carries one.
 */
export function CpfCnpjFields<T extends FieldValues>({
  idPrefix,
  control,
  register,
  cpfcnpjName,
  companyName,
  cpfcnpjError,
  companyError,
}: {
  idPrefix: string;
  control: Control<T>;
  register: UseFormRegister<T>;
  cpfcnpjName: FieldPath<T>;
  companyName: FieldPath<T>;
  cpfcnpjError: string | undefined;
  companyError: string | undefined;
}) {
  const cpfcnpj: unknown = useWatch({ control, name: cpfcnpjName });
  const isCnpj = documentKind(typeof cpfcnpj === 'string' ? cpfcnpj : '') === 'cnpj';
  return (
    <>
      <MaskedField
        required
        control={control}
        name={cpfcnpjName}
        id={`${idPrefix}-cpfcnpj`}
        label={CPF_CNPJ_FIELDS_TEXTS.cpfcnpj}
        mask={CPF_CNPJ_MASKS}
        autoComplete="off"
        error={cpfcnpjError}
      />
      {isCnpj && (
        <TextField
          id={`${idPrefix}-empresa`}
          label={CPF_CNPJ_FIELDS_TEXTS.empresa}
          autoComplete="organization"
          maxLength={NAME_MAX}
          required
          registration={register(companyName, { shouldUnregister: true })}
          error={companyError}
        />
      )}
    </>
  );
}
