import '#shared/zod-locale';
import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import { formatDate } from '#shared/format';
import { CNPJ_MASK, CPF_MASK, DATE_MASK } from '#shared/masks';
import {
  CUSTOMER_FIELDS,
  documentMatchesKind,
  type Customer,
  type PaymentAccount,
} from '#shared/schemas/plans';
import {
  FREE_ACCOUNT_ID,
  PLANO_MESSAGES,
  PROOF_ACCEPT,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  TIMING_AT_CLOSE,
  TIMING_NOW,
} from '#shared/plans';
import { FilePicker } from '../../../components/file-picker';
import { MaskedField } from '../../../components/masked-field';
import { PageLoading } from '../../../components/page-loading';
import { TextField } from '../../../components/text-field';
import { RequiredMarker } from '../../../components/widgets/required-marker';
import { applyFieldErrors, isFieldErrorResponse } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { sessionQuery, type SessionContract } from '../../../lib/session';
import { pathTo } from '../../../paths';
import { useCustomer, useSaveCustomer } from '../api/customer';
import { idempotencyKeys, useSubmitPlanChange } from '../api/plan-change';
import type { PlanChangePreviewInput } from '../api/plan-change-preview';
import { fileSizeMessage, fileTypeMessage, PLANS_TEXTS } from '../texts';
import { OptionPrice } from './plans-table';
import { ContactAddressFields, contactAddressDefaults } from './contact-address-fields';
import { PlanChangeSummary } from './plan-change-summary';
import { loginEventFor, type Selection } from '../selection';
import { BusyButton } from '../../../components/busy-button';

/** The §5 plan signup: the customer fields of the shared schema, the payment method and the timing. */
const SignupFormSchema = z
  .object({
    ...CUSTOMER_FIELDS,
    pg_conta_id: z.coerce
      .number({ error: PLANO_MESSAGES.paymentRequired })
      .int({ error: PLANO_MESSAGES.paymentRequired })
      .refine((value) => value === FREE_ACCOUNT_ID || value > 0, {
        error: PLANO_MESSAGES.paymentRequired,
      }),
    imediato: z.coerce
      .number({ error: PLANO_MESSAGES.timingRequired })
      .refine((value) => value === TIMING_NOW || value === TIMING_AT_CLOSE, {
        error: PLANO_MESSAGES.timingRequired,
      }),
  })
  .superRefine(documentMatchesKind);

type FormInput = z.input<typeof SignupFormSchema>;
type FormOutput = z.output<typeof SignupFormSchema>;

const PROOF_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.pdf'];

/** §5: png, jpg/jpeg, pdf, at most 5 MB each (the server checks the content too). */
function checkProof(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!PROOF_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return fileTypeMessage(file.name);
  if (file.size > PROOF_MAX_BYTES) return fileSizeMessage(file.name);
  return null;
}

/**
 * The preview's question once the choice is complete (decision 102): the contract, the option,
 * a payment account and the §4 timing. Null until then, or without a contract (a first signup,
 * §5, has no current plan to compare with).
 */
function previewInput(
  contrato: SessionContract | null,
  optionId: number,
  account: unknown,
  timing: unknown,
): PlanChangePreviewInput | null {
  if (!contrato) return null;
  const contaId = Number(account);
  const imediato = Number(timing);
  if (!Number.isInteger(contaId) || (contaId !== FREE_ACCOUNT_ID && contaId <= 0)) return null;
  if (imediato !== TIMING_NOW && imediato !== TIMING_AT_CLOSE) return null;
  return { contratoId: contrato.id, optionId, contaId, imediato };
}

function defaultsFrom(
  customer: Customer,
  selection: Selection,
  accounts: PaymentAccount[],
  hasContract: boolean,
): FormInput {
  let account = '';
  // §4: a free plan preselects the virtual account -1; a single account is preselected.
  if (selection.option.flag_gratuito) account = String(FREE_ACCOUNT_ID);
  else if (accounts.length === 1 && accounts[0]) account = String(accounts[0].id);
  return {
    tipo_pessoa: String(customer.tipo_pessoa),
    cpfcnpj: formatCpfCnpj(customer.cpfcnpj),
    razao_social: customer.razao_social,
    email: customer.email ?? '',
    ...contactAddressDefaults(customer),
    data_nascimento: customer.data_nascimento ? formatDate(customer.data_nascimento) : '',
    pg_conta_id: account,
    // Without a current plan there is no close to wait for (decision 020).
    imediato: hasContract ? '' : String(TIMING_NOW),
  };
}

export function PlanSignupForm(props: {
  pid: number;
  selection: Selection;
  accounts: PaymentAccount[];
  clienteId: number;
  contrato: SessionContract | null;
  onChangePlan: () => void;
}) {
  const customer = useCustomer(props.clienteId, true);
  if (customer.isPending) return <PageLoading />;
  if (customer.isError) return <Alert variant="danger">{PLANS_TEXTS.loadCustomerFailed}</Alert>;
  return <SignupForm {...props} customer={customer.data} />;
}

function SignupForm({
  pid,
  selection,
  accounts,
  clienteId,
  contrato,
  onChangePlan,
  customer,
}: {
  pid: number;
  selection: Selection;
  accounts: PaymentAccount[];
  clienteId: number;
  contrato: SessionContract | null;
  onChangePlan: () => void;
  customer: Customer;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveCustomer = useSaveCustomer();
  const submitChange = useSubmitPlanChange();
  const [keyFor] = useState(idempotencyKeys);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // 'Escolher' opens the form below the plans: it is brought into view and focus goes to its
  // title, so neither the eye nor a screen reader stays on the button (issue 38).
  useEffect(() => {
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  const { plan, option } = selection;
  const needsProofs = plan.flag_enviar_foto;

  const methods = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: defaultsFrom(customer, selection, accounts, contrato !== null),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = methods;
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
  const kindField = register('tipo_pessoa');
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
  const preview = previewInput(
    contrato,
    option.id,
    useWatch({ control, name: 'pg_conta_id' }),
    useWatch({ control, name: 'imediato' }),
  );
  const paymentOptions: PaymentAccount[] = option.flag_gratuito
    ? [
        {
          id: FREE_ACCOUNT_ID,
          nome_exibicao: PLANS_TEXTS.freeAccount,
          descricao_exibicao: PLANS_TEXTS.freeAccountText,
        },
      ]
    : accounts;

  const pickFiles = (picked: File[]) => {
    const problem = picked.map(checkProof).find((message) => message !== null) ?? null;
    if (picked.length > PROOF_MAX_FILES) setFileError(PLANO_MESSAGES.tooManyProofs);
    else setFileError(problem);
    setFiles(problem || picked.length > PROOF_MAX_FILES ? [] : picked);
  };

  const proofProblem = () =>
    needsProofs && (files.length === 0 || fileError)
      ? (fileError ?? PLANO_MESSAGES.proofsRequired)
      : null;

  // A missing proof is said under its field with the others, not only once they are all right.
  const missing = () => {
    const problem = proofProblem();
    if (problem) setFileError(problem);
    notify('danger', PLANO_MESSAGES.missingFields);
  };

  const onValid = async (values: FormOutput) => {
    if (proofProblem()) {
      missing();
      return;
    }
    const { pg_conta_id, imediato, ...customerValues } = values;
    const payload = {
      ...loginEventFor(pid),
      imediato,
      gl_contrato_id: contrato?.id ?? null,
      gl_plano_pagamento_id: option.id,
      pg_conta_id,
    };
    const proofs = needsProofs ? files : [];
    const proofFill = proofs.map((file) => [file.name, file.size, file.lastModified]);
    const idempotencyKey = keyFor({ values, payload, proofFill });
    try {
      await saveCustomer.mutateAsync({ clienteId, payload: customerValues });
      const result = await submitChange.mutateAsync({ payload, files: proofs, idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      void navigate(pathTo('planoMudanca_sucesso', { pid }), { state: result });
    } catch (error) {
      if (isFieldErrorResponse(error)) {
        const proofErrors = error.fieldErrors[PROOF_FIELD];
        if (proofErrors) setFileError(proofErrors.join(' '));
        applyFieldErrors(setError, error);
        missing();
      }
    }
  };

  const busy = saveCustomer.isPending || submitChange.isPending;
  // §9 timing: 1 now; 2 at the close, only when there is a current plan to close.
  const timings: [number, string][] = [[TIMING_NOW, PLANS_TEXTS.now]];
  if (contrato)
    timings.push([TIMING_AT_CLOSE, PLANS_TEXTS.atClose(formatDate(contrato.periodo_fim))]);
  const err = (name: keyof FormInput) => errors[name]?.message;

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 ref={headingRef} tabIndex={-1} className="h4 mb-3">
          {PLANS_TEXTS.completeSignup}
        </h2>
        <FormProvider {...methods}>
        <form
          noValidate
          aria-label={PLANS_TEXTS.completeSignup}
          onSubmit={(event) => void handleSubmit(onValid, missing)(event)}
        >
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
              registration={register('razao_social')}
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
              registration={register('email')}
              error={err('email')}
            />
          </div>
          <ContactAddressFields idPrefix="plano" customer={customer} />

          <Card className="mb-3 border-primary-subtle">
            <Card.Body>
              <h3 className="h6 text-body-secondary">{PLANS_TEXTS.chosenPlan}</h3>
              <p className="mb-1 fs-5" data-testid="plano-escolhido">
                {plan.nome_exibicao} — {option.cobranca_tipo_desc}: <OptionPrice option={option} />
              </p>
              <Button variant="link" size="sm" className="p-0" onClick={onChangePlan}>
                {PLANS_TEXTS.changePlan}
              </Button>
            </Card.Body>
          </Card>

          <fieldset className="mb-3">
            <legend className="form-label fs-6">
              {PLANS_TEXTS.paymentMethod}
              <RequiredMarker />
            </legend>
            {paymentOptions.map((account) => (
              <div className="form-check" key={account.id}>
                <input
                  className={
                    err('pg_conta_id') ? 'form-check-input is-invalid' : 'form-check-input'
                  }
                  type="radio"
                  id={`plano-conta-${account.id}`}
                  value={String(account.id)}
                  {...register('pg_conta_id')}
                />
                <label className="form-check-label" htmlFor={`plano-conta-${account.id}`}>
                  {account.nome_exibicao}
                  {account.descricao_exibicao && (
                    <small className="d-block text-body-secondary">
                      {account.descricao_exibicao}
                    </small>
                  )}
                </label>
              </div>
            ))}
            {err('pg_conta_id') && (
              <div className="invalid-feedback d-block">{err('pg_conta_id')}</div>
            )}
          </fieldset>

          {needsProofs && (
            <div className="mb-3">
              <label className="form-label" htmlFor="plano-comprovantes">
                {PLANS_TEXTS.proofs}
              </label>
              <RequiredMarker />
              <FilePicker
                id="plano-comprovantes"
                multiple
                accept={PROOF_ACCEPT}
                invalid={Boolean(fileError)}
                describedBy={
                  fileError
                    ? 'plano-comprovantes-dica plano-comprovantes-erro'
                    : 'plano-comprovantes-dica'
                }
                onChange={pickFiles}
              />
              <div id="plano-comprovantes-dica" className="form-text">
                {PLANS_TEXTS.proofsHint}
              </div>
              {fileError && (
                <div id="plano-comprovantes-erro" className="invalid-feedback d-block">
                  {fileError}
                </div>
              )}
            </div>
          )}

          <fieldset className="mb-3">
            <legend className="form-label fs-6">
              {PLANS_TEXTS.timing}
              <RequiredMarker />
            </legend>
            {timings.map(([value, label]) => (
              <div className="form-check" key={value}>
                <input
                  className={err('imediato') ? 'form-check-input is-invalid' : 'form-check-input'}
                  type="radio"
                  id={`plano-imediato-${value}`}
                  value={String(value)}
                  {...register('imediato')}
                />
                <label className="form-check-label" htmlFor={`plano-imediato-${value}`}>
                  {label}
                </label>
              </div>
            ))}
            {err('imediato') && <div className="invalid-feedback d-block">{err('imediato')}</div>}
          </fieldset>

          {preview && <PlanChangeSummary input={preview} />}

          <BusyButton busy={busy} type="submit">
            {contrato ? PLANS_TEXTS.submit : PLANS_TEXTS.submitSignup}
          </BusyButton>
        </form>
        </FormProvider>
      </Card.Body>
    </Card>
  );
}
