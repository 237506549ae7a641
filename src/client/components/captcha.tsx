import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import type { CaptchaConfig } from '#shared/schemas/auth';
import { apiGet } from '../lib/api-client';
import { LoadError } from './load-error';
import { CAPTCHA_TEXTS } from '../texts';
import { loadCode } from '../lib/code-loading';

/**
 * The captcha of the public forms (login, event login, and later password recovery and
 * sign-up). The server says which one is configured (GET /api/captcha/config); the payload
 * field keeps the seed's name `recaptcha` (decision 014).
 */

const CAPTCHA_CONFIG_PATH = '/api/captcha/config';

const captchaConfigQuery = queryOptions({
  queryKey: ['captcha', 'config'] as const,
  queryFn: ({ signal }) => apiGet<CaptchaConfig>(CAPTCHA_CONFIG_PATH, { signal }),
  // The configuration changes only with a deploy.
  staleTime: Infinity,
});

const AltchaWidget = lazy(() => loadCode(() => import('./altcha-widget')));

export interface CaptchaControl {
  /** §5 "captcha ready (if enabled)": true without a captcha, or once it holds a solution. */
  ready: boolean;
  /** What to send as `recaptcha`: the solution, or undefined when no captcha is configured. */
  token: string | undefined;
  /** A new challenge (§4: after a wrong login); the old solution is dropped. */
  reset: () => void;
  /** For <Captcha control={...} />. */
  generation: number;
  onToken: (token: string | null) => void;
}

export function useCaptcha(): CaptchaControl {
  const config = useQuery(captchaConfigQuery);
  const [generation, setGeneration] = useState(0);
  // Tagged with the widget it came from, so a late answer of a replaced widget is ignored.
  const [solution, setSolution] = useState<{ generation: number; token: string } | null>(null);
  const enabled = config.data?.provider !== 'none';
  const token = solution?.generation === generation ? solution.token : null;
  const onToken = useCallback(
    (value: string | null) => setSolution(value === null ? null : { generation, token: value }),
    [generation],
  );
  const reset = useCallback(() => {
    setSolution(null);
    setGeneration((current) => current + 1);
  }, []);
  return {
    ready: config.isSuccess && (!enabled || token !== null),
    token: enabled && token !== null ? token : undefined,
    reset,
    generation,
    onToken,
  };
}

/**
 * The widget of the configured captcha, plus the server's complaint about it, if any. `active`
 * false keeps the widget (its code, its styles and its proof of work) from loading until the
 * form needs it (the login, : the person starts using the form).
 */
export function Captcha({
  control,
  error,
  active = true,
}: {
  control: CaptchaControl;
  error?: string;
  active?: boolean;
}) {
  const config = useQuery(captchaConfigQuery);
  let body: ReactNode = null;
  if (config.data?.provider === 'none') {
    return null;
  } else if (!active) {
    body = null;
  } else if (config.isPending) {
    body = <p className="small text-body-secondary mb-0">{CAPTCHA_TEXTS.loading}</p>;
  } else if (config.isError) {
    body = (
      <LoadError
        className="mb-0"
        message={CAPTCHA_TEXTS.failed}
        onRetry={() => void config.refetch()}
      />
    );
  } else if (config.data.provider === 'altcha' && config.data.challengeUrl) {
    body = (
      <Suspense
        fallback={<p className="small text-body-secondary mb-0">{CAPTCHA_TEXTS.loading}</p>}
      >
        {/* A new key is a new widget, hence a new challenge (reset). */}
        <AltchaWidget
          key={control.generation}
          challengeUrl={config.data.challengeUrl}
          onToken={control.onToken}
        />
      </Suspense>
    );
  } else {
    body = (
      <Alert variant="warning" className="mb-0">
        {CAPTCHA_TEXTS.unsupported}
      </Alert>
    );
  }
  // The widget's room is kept from the start: a form that moved under the pointer when the
  // widget arrived turned a first click on a link below it into a click on nothing.
  return (
    <div className="mb-3 app-captcha-box">
      {body}
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
