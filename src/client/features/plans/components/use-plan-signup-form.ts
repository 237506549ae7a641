import { useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PLANO_MESSAGES, PROOF_FIELD } from '#shared/plans';
import type { Customer, PaymentAccount } from '#shared/schemas/plans';
import { applyFieldErrors, isFieldErrorResponse } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { sessionQuery, type SessionContract } from '#client/lib/session';
import { pathTo } from '#client/paths';
import { useSaveCustomer } from '../api/customer';
import { idempotencyKeys, useSubmitPlanChange } from '../api/plan-change';
import { loginEventFor, type Selection } from '../selection';
import {
  paymentOptionsFor,
  signupDefaults,
  SignupFormSchema,
  type SignupFormInput,
  type SignupFormOutput,
} from './plan-signup-values';
import { useProofFiles } from './use-proof-files';

/**
 * The plan signup's state and its sending (§5): the form, the proofs, and on submit the customer
 * saved then the plan change sent (with one idempotency key per content, decision 020), the
 * session refreshed and the success page shown; a 422 goes next to its fields.
 */
export function usePlanSignupForm({
  pid,
  selection,
  accounts,
  clienteId,
  contrato,
  customer,
}: {
  pid: number;
  selection: Selection;
  accounts: PaymentAccount[];
  clienteId: number;
  contrato: SessionContract | null;
  customer: Customer;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveCustomer = useSaveCustomer();
  const submitChange = useSubmitPlanChange();
  const [keyFor] = useState(idempotencyKeys);
  const { plan, option } = selection;
  const proofs = useProofFiles(plan.flag_enviar_foto);

  const methods = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: signupDefaults(customer, selection, accounts, contrato !== null),
  });
  const { register, handleSubmit, setError } = methods;
  const paymentOptions = paymentOptionsFor(option, accounts);
  // react-hook-form focuses the first field in error in the order the fields were registered.
  // These are registered here, on every render, before the sections' own fields (the masked
  // document and birth date, the address) and in this order, so a failed submit focuses the
  // same field it always did; the payment method only once there is a method to choose.
  const registrations = {
    kind: register('tipo_pessoa'),
    name: register('razao_social'),
    email: register('email'),
    account: paymentOptions.length > 0 ? register('pg_conta_id') : undefined,
    timing: register('imediato'),
  };

  // A missing proof is said under its field with the others, not only once they are all right.
  const missing = () => {
    const problem = proofs.proofProblem();
    if (problem) proofs.setFileError(problem);
    notify('danger', PLANO_MESSAGES.missingFields);
  };

  const onValid = async (values: SignupFormOutput) => {
    if (proofs.proofProblem()) {
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
    const files = proofs.needsProofs ? proofs.files : [];
    const proofFill = files.map((file) => [file.name, file.size, file.lastModified]);
    const idempotencyKey = keyFor({ values, payload, proofFill });
    try {
      await saveCustomer.mutateAsync({ clienteId, payload: customerValues });
      const result = await submitChange.mutateAsync({ payload, files, idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      void navigate(pathTo('planoMudanca_sucesso', { pid }), { state: result });
    } catch (error) {
      if (isFieldErrorResponse(error)) {
        const proofErrors = error.fieldErrors[PROOF_FIELD];
        if (proofErrors) proofs.setFileError(proofErrors.join(' '));
        applyFieldErrors(setError, error);
        missing();
      }
    }
  };

  return {
    methods,
    registrations,
    paymentOptions,
    proofs,
    busy: saveCustomer.isPending || submitChange.isPending,
    submit: (event: FormEvent<HTMLFormElement>) => void handleSubmit(onValid, missing)(event),
  };
}
