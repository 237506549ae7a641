import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { z } from 'zod';
import { CurrentPasswordSchema, TWOFA_CODE_MAX, TwofaCodeSchema } from '#shared/fields';
import type { ReauthenticateRequest, ReauthenticateResponse } from '#shared/schemas/auth';
import type { TwofaStatusResponse } from '#shared/schemas/twofa';
import { apiPost, applyFieldErrors } from '../lib/api-client';
import { settleStepUp } from '../lib/step-up';
import { CLIENT_TEXTS } from '../texts';
import { TextField } from './text-field';
import { LoadError } from './load-error';
import { BusyButton } from './busy-button';
import { STEP_UP_TEXTS } from '../texts';

/** The one field the dialog shows is required; the other is left empty. */
const proofSchema = (withCode: boolean) =>
  z.object({
    code: withCode ? TwofaCodeSchema : z.string(),
    senha: withCode ? z.string() : CurrentPasswordSchema,
  });
type Proof = z.infer<ReturnType<typeof proofSchema>>;

/**
 * The step-up dialog (docs/decisions/011-two-factor.md): the server asked for a fresh proof
 * before a sensitive change; the person gives the code (2FA on) or the password (2FA off), and
 * the API client repeats the change. Cancelling leaves everything as it was.
 */
export function StepUpDialog() {
  const status = useQuery({
    queryKey: ['twofa', 'status'],
    queryFn: ({ signal }) =>
      apiPost<TwofaStatusResponse>('/api/gl_usuario/twofaStatus', {}, { signal }),
    meta: { silentErrors: true },
  });
  const withCode = status.data?.twofa_enabled === true;
  const prove = useMutation({
    mutationFn: (payload: ReauthenticateRequest) =>
      apiPost<ReauthenticateResponse>('/api/gl_usuario/me/reautenticar', payload),
    meta: { fieldErrors: 'form' },
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<Proof>({
    resolver: zodResolver(proofSchema(withCode)),
    defaultValues: { code: '', senha: '' },
  });
  const field = withCode ? 'code' : 'senha';
  useEffect(() => {
    if (status.isSuccess) setFocus(field);
  }, [status.isSuccess, field, setFocus]);

  const onSubmit = handleSubmit((values) =>
    prove.mutate(withCode ? { code: values.code } : { senha: values.senha }, {
      onSuccess: () => settleStepUp(true),
      onError: (error) => {
        if (!applyFieldErrors(setError, error)) setFocus(field, { shouldSelect: true });
      },
    }),
  );

  return (
    <Modal show centered onHide={() => settleStepUp(false)} aria-labelledby="step-up-titulo">
      <form noValidate aria-label={STEP_UP_TEXTS.title} onSubmit={(event) => void onSubmit(event)}>
        <Modal.Header closeButton closeLabel={CLIENT_TEXTS.close}>
          <Modal.Title id="step-up-titulo" as="h2" className="h5">
            {STEP_UP_TEXTS.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {status.isPending && <Spinner size="sm" aria-label={CLIENT_TEXTS.loading} />}
          {status.isError && (
            <LoadError message={STEP_UP_TEXTS.loadFailed} onRetry={() => void status.refetch()} />
          )}
          {status.isSuccess && (
            <>
              <p>{withCode ? STEP_UP_TEXTS.withCode : STEP_UP_TEXTS.withPassword}</p>
              {withCode ? (
                <TextField
                  id="step-up-code"
                  label={STEP_UP_TEXTS.code}
                  autoComplete="one-time-code"
                  maxLength={TWOFA_CODE_MAX}
                  required
                  className="mb-0 app-code-field"
                  registration={register('code')}
                  error={errors.code?.message}
                />
              ) : (
                <TextField
                  id="step-up-senha"
                  label={STEP_UP_TEXTS.password}
                  type="password"
                  autoComplete="current-password"
                  required
                  className="mb-0"
                  registration={register('senha')}
                  error={errors.senha?.message}
                />
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => settleStepUp(false)}>
            {STEP_UP_TEXTS.cancel}
          </Button>
          <BusyButton busy={prove.isPending} type="submit" disabled={!status.isSuccess}>
            {STEP_UP_TEXTS.confirm}
          </BusyButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
