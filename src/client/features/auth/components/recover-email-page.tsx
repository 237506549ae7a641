import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';

import { useState } from 'react';

import { useForm, useWatch } from 'react-hook-form';

import { Link, useParams } from 'react-router';

import Alert from 'react-bootstrap/Alert';
import { EMAIL_MAX } from '#shared/fields';

import { RecoverEmailRequestSchema, type RecoverEmailRequest } from '#shared/schemas/account';
import { Captcha, useCaptcha } from '#client/components/captcha';

import { Page } from '#client/components/page';

import { TextField } from '#client/components/text-field';

import { applyFieldErrors } from '#client/lib/api-client';

import { notify } from '#client/lib/notices';

import { parsePid, pathTo } from '#client/paths';

import { useRecoverEmail } from '../api/recover-email';

import { BusyButton } from '#client/components/busy-button';

import { RECOVER_EMAIL_TEXTS } from '../texts';

/** recuperar_email (§2 /login/recuperar_email/{pid}, §5 Reset request). */
export function RecoverEmailPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  return (
    <Page title={RECOVER_EMAIL_TEXTS.title}>
      <div className="app-login">
        {pid === null ? (
          <Alert variant="warning">{RECOVER_EMAIL_TEXTS.invalidProduct}</Alert>
        ) : (
          <RecoverEmailForm pid={pid} />
        )}
      </div>
    </Page>
  );
}

function RecoverEmailForm({ pid }: { pid: number }) {
  const captcha = useCaptcha();
  const recover = useRecoverEmail();
  // The §8 answer stays on the page too: a success notice is gone after 1.5 s (§9).
  const [sent, setSent] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RecoverEmailRequestSchema),
    defaultValues: { email: '' } satisfies RecoverEmailRequest,
  });
  const email = useWatch({ control, name: 'email' }) ?? '';
  // §5: e-mail given and captcha ready; not while a request is on its way.
  const canSubmit = email.trim() !== '' && captcha.ready && !recover.isPending;

  const onSubmit = handleSubmit((values) => {
    setSent(false);
    recover.mutate(
      { email: values.email, recaptcha: captcha.token },
      {
        onSuccess: () => {
          // The same answer whether or not the address has an account (§8).
          notify('success', RECOVER_EMAIL_TEXTS.sent);
          setSent(true);
        },
        onError: (error) => {
          applyFieldErrors(setError, error);
        },
        // A captcha answer is good for one request.
        onSettled: () => captcha.reset(),
      },
    );
  });

  return (
    <form
      noValidate
      aria-label={RECOVER_EMAIL_TEXTS.title}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) void onSubmit(event);
      }}
    >
      <p>{RECOVER_EMAIL_TEXTS.intro}</p>
      {sent && (
        <Alert variant="success" role="status">
          {RECOVER_EMAIL_TEXTS.sent}
        </Alert>
      )}
      <TextField
        id="recuperar-email"
        label={RECOVER_EMAIL_TEXTS.email}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX}
        required
        registration={register('email')}
        error={errors.email?.message}
      />
      <Captcha
        control={{
          ...captcha,
          onToken: (token) => {
            clearErrors('recaptcha');
            captcha.onToken(token);
          },
        }}
        error={errors.recaptcha?.message}
      />
      <div className="d-grid mb-3">
        <BusyButton busy={recover.isPending} type="submit" variant="primary" disabled={!canSubmit}>
          {RECOVER_EMAIL_TEXTS.submit}
        </BusyButton>
      </div>
      <Link className="small" to={pathTo('login', { pid })}>
        {RECOVER_EMAIL_TEXTS.backToLogin}
      </Link>
    </form>
  );
}
