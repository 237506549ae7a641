import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';

import { useState } from 'react';

import { useForm, useWatch } from 'react-hook-form';

import { Link, useNavigate, useParams } from 'react-router';

import Alert from 'react-bootstrap/Alert';
import { z } from 'zod';

import { RecoverTokenRequestSchema } from '#shared/schemas/account';
import { Page } from '#client/components/page';

import { PageLoading } from '#client/components/page-loading';

import { TextField } from '#client/components/text-field';

import { ApiError, applyFieldErrors, handleApiError } from '#client/lib/api-client';


import { DEFAULT_PRODUCT_ID, pathTo } from '#client/paths';

import { useRecoverToken, useResetLinkCheck } from '../api/recover-token';

import { BusyButton } from '#client/components/busy-button';

import { RECOVER_TOKEN_TEXTS } from '../texts';
import type { LoginArrivalState } from './login-page';

/**
 * §5 "New password on reset: required, 6 to 32" (the shared schema), plus a confirmation of our
 * own, checked here only (as Meus dados does, §3 "confirmation client-side only").
 */
const RecoverTokenFormSchema = RecoverTokenRequestSchema.pick({ senha: true })
  .extend({ senha_conf: z.string() })
  .refine((values) => values.senha === values.senha_conf, {
    path: ['senha_conf'],
    error: RECOVER_TOKEN_TEXTS.mismatch,
  });

/** recuperar_token (§2 /login/recuperar_token/{token}): the e-mailed link's new password. */
export function RecoverTokenPage() {
  const { token = '' } = useParams();
  return (
    <Page title={RECOVER_TOKEN_TEXTS.title}>
      <div className="app-login">
        <ResetLinkGate key={token} token={token} />
      </div>
    </Page>
  );
}

function LinkInvalid() {
  return (
    <Alert variant="danger" role="alert">
      <p>{RECOVER_TOKEN_TEXTS.linkInvalid}</p>
      <Link className="alert-link" to={pathTo('recuperar_email', { pid: DEFAULT_PRODUCT_ID })}>
        {RECOVER_TOKEN_TEXTS.requestNew}
      </Link>
    </Alert>
  );
}

/**
 * The link is checked when the page opens (docs/decisions/050): an unknown, used or expired one
 * is said at once, before anyone types a new password. When the check itself
 * fails the form shows, and the submit decides.
 */
function ResetLinkGate({ token }: { token: string }) {
  const check = useResetLinkCheck(token);
  if (check.isPending) return <PageLoading />;
  if (check.data === false) return <LinkInvalid />;
  return <RecoverTokenForm token={token} />;
}

function RecoverTokenForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useRecoverToken();
  // The link is invalid, used or expired: say so here, with the way to ask for a new one.
  const [linkInvalid, setLinkInvalid] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RecoverTokenFormSchema),
    defaultValues: { senha: '', senha_conf: '' },
  });
  const senha = useWatch({ control, name: 'senha' }) ?? '';
  // Stays busy after success too: the page is about to change.
  const busy = reset.isPending || reset.isSuccess;
  const canSubmit = senha !== '' && !busy && !linkInvalid;

  const onSubmit = handleSubmit((values) => {
    reset.mutate(
      { senha: values.senha, token },
      {
        onSuccess: ({ email }) => {
          // §4 "Successful password reset redirects to root", i.e. the login root leads to, which
          // keeps §8's 'Senha alterada com sucesso!' on screen and starts with the e-mail
          // (issue 38): a notice alone faded before the page had loaded.
          const state: LoginArrivalState = { passwordChanged: { email } };
          void navigate(pathTo('login', { pid: DEFAULT_PRODUCT_ID }), { state });
        },
        onError: (error) => {
          const invalidToken =
            error instanceof ApiError &&
            (error.httpStatus === 404 || error.fieldErrors.token !== undefined);
          if (invalidToken) setLinkInvalid(true);
          else if (!applyFieldErrors(setError, error)) handleApiError(error);
        },
      },
    );
  });

  // The link may still die between the page's check and the submit (used in another tab).
  if (linkInvalid) return <LinkInvalid />;

  return (
    <form
      noValidate
      aria-label={RECOVER_TOKEN_TEXTS.title}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) void onSubmit(event);
      }}
    >
      <p>{RECOVER_TOKEN_TEXTS.intro}</p>
      <TextField
        id="recuperar-senha"
        label={RECOVER_TOKEN_TEXTS.senha}
        hint={RECOVER_TOKEN_TEXTS.senhaHint}
        type="password"
        autoComplete="new-password"
        required
        registration={register('senha')}
        error={errors.senha?.message}
      />
      <TextField
        id="recuperar-senha-conf"
        label={RECOVER_TOKEN_TEXTS.senhaConf}
        type="password"
        autoComplete="new-password"
        required
        registration={register('senha_conf')}
        error={errors.senha_conf?.message}
      />
      <div className="d-grid">
        <BusyButton busy={busy} type="submit" variant="primary" disabled={!canSubmit}>
          {RECOVER_TOKEN_TEXTS.submit}
        </BusyButton>
      </div>
    </form>
  );
}
