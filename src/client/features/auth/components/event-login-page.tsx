import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { TWOFA_CODE_MAX } from '#shared/fields';
import { EventLoginRequestSchema, type EventLoginRequest } from '#shared/schemas/auth';
import { Captcha, useCaptcha } from '#client/components/captcha';
import { Page } from '#client/components/page';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors, isFieldErrorResponse } from '#client/lib/api-client';
import { pageNavigation } from '#client/lib/navigation';
import { isHttpUrl, sameOriginPath } from '#client/lib/post-login';
import { pathTo } from '#client/paths';
import { useLoginEvent } from '../api/login-event';
import { EVENT_LOGIN_TEXTS } from '../texts';

/**
 * e.login (§2 /e/login?to&evento_id&evento_token): another system sends a signed-in person here
 * to confirm their password before an action; data.to says where to go afterwards. A person with
 * 2FA gives the code too when the server asks for it, as at the login (docs/decisions/015).
 */
export function EventLoginPage() {
  const [query] = useSearchParams();
  const eventoId = query.get('evento_id')?.trim() ?? '';
  const eventoToken = query.get('evento_token')?.trim() ?? '';
  return (
    <Page title={EVENT_LOGIN_TEXTS.title}>
      <div className="app-login">
        {eventoId && eventoToken ? (
          <EventLoginForm eventoId={eventoId} eventoToken={eventoToken} to={query.get('to')} />
        ) : (
          <Alert variant="warning">{EVENT_LOGIN_TEXTS.missing}</Alert>
        )}
      </div>
    </Page>
  );
}

function EventLoginForm({
  eventoId,
  eventoToken,
  to,
}: {
  eventoId: string;
  eventoToken: string;
  to: string | null;
}) {
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const loginEvent = useLoginEvent();
  // The server asked for the second factor (422 on twofaCode).
  const [codeAsked, setCodeAsked] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(EventLoginRequestSchema),
    defaultValues: {
      evento_id: eventoId,
      evento_token: eventoToken,
      to,
      password: '',
      twofaCode: '',
    } satisfies EventLoginRequest,
  });
  const [password = '', twofaCode = ''] = useWatch({ control, name: ['password', 'twofaCode'] });
  const busy = loginEvent.isPending || loginEvent.isSuccess;
  const canSubmit =
    captcha.ready && password !== '' && (!codeAsked || (twofaCode ?? '').trim() !== '') && !busy;
  useEffect(() => {
    if (codeAsked) setFocus('twofaCode');
  }, [codeAsked, setFocus]);

  const onSubmit = handleSubmit((values) => {
    loginEvent.mutate(
      {
        evento_id: values.evento_id,
        evento_token: values.evento_token,
        to: values.to ?? null,
        password: values.password,
        recaptcha: captcha.token,
        ...(codeAsked && { twofaCode: values.twofaCode }),
      },
      {
        onSuccess: ({ to: destination }) => {
          const path = sameOriginPath(destination);
          if (path) void navigate(path);
          else if (isHttpUrl(destination)) pageNavigation.load(destination);
          // Never a javascript: or data: address; the portal's panel instead.
          else void navigate(pathTo('dashboard'));
        },
        onError: (error) => {
          captcha.reset();
          const shown = applyFieldErrors(setError, error);
          if (isFieldErrorResponse(error) && error.fieldErrors.twofaCode) setCodeAsked(true);
          if (shown && isFieldErrorResponse(error) && !error.fieldErrors.password) return;
          setFocus('password', { shouldSelect: true });
        },
      },
    );
  });

  const eventError = errors.evento_id?.message ?? errors.evento_token?.message;

  return (
    <form
      noValidate
      aria-label={EVENT_LOGIN_TEXTS.title}
      onSubmit={(event) => void onSubmit(event)}
    >
      <p>{EVENT_LOGIN_TEXTS.intro}</p>
      {eventError && (
        <Alert variant="danger" role="alert">
          {EVENT_LOGIN_TEXTS.missing}
        </Alert>
      )}
      <TextField
        id="e-login-senha"
        label={EVENT_LOGIN_TEXTS.password}
        type="password"
        autoComplete="current-password"
        required
        registration={register('password')}
        error={errors.password?.message}
      />
      {codeAsked && (
        <TextField
          id="e-login-twofa-code"
          label={EVENT_LOGIN_TEXTS.code}
          hint={EVENT_LOGIN_TEXTS.codeHint}
          autoComplete="one-time-code"
          maxLength={TWOFA_CODE_MAX}
          required
          registration={register('twofaCode', { shouldUnregister: true })}
          error={errors.twofaCode?.message}
        />
      )}
      <Captcha control={captcha} error={errors.recaptcha?.message} />
      <div className="d-grid">
        <Button type="submit" disabled={!canSubmit}>
          {EVENT_LOGIN_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
