import { lazy, Suspense, useEffect, useState, type FocusEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
// Types only: the schemas' code (zod) loads with utils/login-schema, off the first download.
import type {
  LoginInfo,
  LoginRequest,
  PublicProduct,
  TwofaCheckResponse,
} from '#shared/schemas/auth';
import { Captcha, useCaptcha } from '#client/components/captcha';
import { Page } from '#client/components/page';
import { CheckField, TextField } from '#client/components/text-field';
import {
  ApiError,
  applyFieldErrors,
  handleApiError,
  isFieldErrorResponse,
} from '#client/lib/api-client';
import { lazyResolver } from '#client/lib/lazy-resolver';
import { readMeta } from '#client/lib/page-meta';
import type { LoginIntent } from '#client/lib/post-login';
import { parsePid, pathTo } from '#client/paths';
import { useCheckTwofa } from '../api/check-twofa';
import { useProduct } from '#client/lib/product';
import { useLogin } from '../api/login';
import { useRemindTwofaLater } from '../api/remind-twofa-later';
import { PasskeySignIn } from './passkey-sign-in';
import type { LOGIN_LIMITS, LoginValues } from '../utils/login-schema';
import { LoadError } from '#client/components/load-error';
import { LOGIN_TEXTS } from '../texts';
import { loadCode } from '#client/lib/code-loading';
import { displayableLogo } from '#client/lib/displayable-logo';
import { ApplicationAsking } from './application-asking';

/**
 * The login route has a download budget (scripts/bundle-budget.mjs); zod alone is about 26 KB.
 * The form works without it: validation, like the captcha widget, loads once the person starts
 * using the form, so the first page is the form alone.
 */
const loadLoginSchema = () => import('../utils/login-schema');
const loginResolver = lazyResolver(async () => (await loadLoginSchema()).loginResolver);
/** What follows a login (lib/post-login), fetched while the login request is on its way. */
const loadLoginFlow = () => loadCode(() => import('#client/lib/post-login'));

// Only after a login that needs it (§2): its code stays out of the login screen's download.
const TwofaActivationModal = lazy(async () => ({
  default: (await loadCode(() => import('./twofa-activation-modal'))).TwofaActivationModal,
}));

/** §4: the check runs only for an e-mail with exactly one '@'. */
function hasSingleAt(value: string): boolean {
  return value.split('@').length === 2;
}

const normalizeEmail = (value: string) => value.trim().toLowerCase();

/** login (§2 /login/{pid}, §4, §5). */
export function LoginPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  if (pid === null) {
    return (
      <Page title={LOGIN_TEXTS.title}>
        <Alert variant="warning">{LOGIN_TEXTS.productNotFound}</Alert>
      </Page>
    );
  }
  // A new product is a new form.
  return <LoginScreen key={pid} pid={pid} />;
}

/** What a screen that sends the person to the login may say (router state). */
export interface LoginArrivalState {
  /** The password was just reset (recover-token-page): §8's message stays, the e-mail is filled. */
  passwordChanged?: { email: string };
}

function LoginScreen({ pid }: { pid: number }) {
  const product = useProduct(pid);
  const arrival = (useLocation().state ?? {}) as LoginArrivalState;
  const notFound = product.error instanceof ApiError && product.error.httpStatus === 404;
  return (
    <Page title={LOGIN_TEXTS.title}>
      <div className="app-login">
        {product.isError ? (
          notFound ? (
            <Alert variant="warning">{LOGIN_TEXTS.productNotFound}</Alert>
          ) : (
            <LoadError message={LOGIN_TEXTS.productFailed} onRetry={() => void product.refetch()} />
          )
        ) : (
          <>
            <ProductHeader product={product.data} />
            <ApplicationAsking />
            {arrival.passwordChanged && (
              <Alert variant="success" role="status">
                {LOGIN_TEXTS.passwordChanged}
              </Alert>
            )}
            <LoginForm
              pid={pid}
              product={product.data}
              email={arrival.passwordChanged?.email ?? ''}
            />
          </>
        )}
      </div>
    </Page>
  );
}

/**
 * The same height loading and loaded (app-login-header: a logo's height), so the form below never
 * moves when the product arrives: Lighthouse measured that shift on the login page.
 */
function ProductHeader({ product }: { product: PublicProduct | undefined }) {
  if (!product) {
    return (
      <div className="app-login-header mb-4" aria-busy="true">
        <p className="lead mb-0 text-body-secondary">{LOGIN_TEXTS.loadingProduct}</p>
      </div>
    );
  }
  const logo = displayableLogo(product.logo_url);
  return (
    <div className="app-login-header mb-4">
      {logo && <img src={logo} alt={LOGIN_TEXTS.logoOf(product.nome)} className="app-login-logo" />}
      <p className="lead mb-0">{product.nome}</p>
    </div>
  );
}

interface PendingRouting {
  info: LoginInfo;
  intent: LoginIntent;
}

function LoginForm({
  pid,
  product,
  email: knownEmail,
}: {
  pid: number;
  product: PublicProduct | undefined;
  email: string;
}) {
  const navigate = useNavigate();
  const route = (info: LoginInfo, intent: LoginIntent) =>
    void loadLoginFlow().then(
      (flow) => flow.followLoginDestination(info, intent, navigate),
      handleApiError,
    );
  const captcha = useCaptcha();
  const login = useLogin();
  const checkTwofa = useCheckTwofa();
  const remindLater = useRemindTwofaLater();
  const [checks, setChecks] = useState<Record<string, TwofaCheckResponse>>({});
  // The server asked for the code (422 errors.twofaCode) although no check said so.
  const [serverAskedCode, setServerAskedCode] = useState(false);
  const [pending, setPending] = useState<PendingRouting | null>(null);

  // The person started using the form (focus, a tap, typing, a password manager's fill): what
  // the form needs to be sent (the captcha, the validation) loads from then on.
  const [engaged, setEngaged] = useState(false);
  const engage = () => setEngaged(true);
  const [limits, setLimits] = useState<typeof LOGIN_LIMITS | null>(null);
  useEffect(() => {
    if (!engaged) return;
    // Fetches the validation chunk now, so the first submit does not wait for it.
    loadLoginSchema().then(
      (schema) => setLimits(schema.LOGIN_LIMITS),
      // The resolver says so if it is still missing at submit.
      () => undefined,
    );
  }, [engaged]);

  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<LoginRequest, unknown, LoginValues>({
    resolver: loginResolver,
    defaultValues: {
      email: knownEmail,
      senha: '',
      gl_produto_id: pid,
      twofaCode: '',
      twofaTrust: false,
      twofaTrustName: '',
    } satisfies LoginRequest,
  });
  const [email = '', senha = '', twofaCode, twofaTrust, twofaTrustName] = useWatch({
    control,
    name: ['email', 'senha', 'twofaCode', 'twofaTrust', 'twofaTrustName'],
  });

  if (!engaged && (email !== '' || senha !== '')) setEngaged(true);

  const check = checks[normalizeEmail(email)];
  // §4, §5: the code is needed when 2FA is on and this device is not trusted.
  const codeRequired =
    serverAskedCode || (check !== undefined && check.twofa_enabled && !check.twofa_isTrustedDevice);
  const trusting = codeRequired && Boolean(twofaTrust);

  useEffect(() => {
    if (serverAskedCode) setFocus('twofaCode');
  }, [serverAskedCode, setFocus]);

  const onEmailBlur = (value: string) => {
    const key = normalizeEmail(value);
    if (!hasSingleAt(key) || key in checks) return;
    checkTwofa.mutate(
      { email: value.trim() },
      { onSuccess: (result) => setChecks((current) => ({ ...current, [key]: result })) },
    );
  };

  const busy = login.isPending || login.isSuccess || remindLater.isPending;
  // §5: enabled only with the product loaded, the captcha ready, the fields the login needs.
  const canSubmit =
    product !== undefined &&
    captcha.ready &&
    email.trim() !== '' &&
    senha !== '' &&
    (!codeRequired || (twofaCode ?? '').trim() !== '') &&
    (!trusting || (twofaTrustName ?? '').trim() !== '') &&
    !busy;

  const signedIn = (flow: ReturnType<typeof loadLoginFlow>, info: LoginInfo, intent: LoginIntent) =>
    void flow.then(async (loaded) => {
      loaded.applyLoginInfo(info);
      // New legal versions to accept, or a scheduled deletion to cancel, come first (issue 19).
      const checkpoint = await loaded.privacyCheckpoint(pid);
      if (checkpoint) return void navigate(checkpoint);
      // §2: when 2FA is not set up, the activation offer comes first.
      if (info.twofa_shouldAskCreate) setPending({ info, intent });
      else loaded.followLoginDestination(info, intent, navigate);
    }, handleApiError);

  const submit = (intent: LoginIntent) =>
    handleSubmit(async (values) => {
      if (codeRequired && !values.twofaCode) {
        // Loaded already: the resolver needed it a moment ago.
        const { CODE_REQUIRED_MESSAGE } = await loadLoginSchema();
        setError(
          'twofaCode',
          { type: 'required', message: CODE_REQUIRED_MESSAGE },
          { shouldFocus: true },
        );
        return;
      }
      const payload: LoginRequest = {
        email: values.email,
        senha: values.senha,
        recaptcha: captcha.token,
        gl_produto_id: pid,
        twofaCode: codeRequired ? values.twofaCode : null,
        twofaTrust: trusting,
        twofaTrustName: trusting ? values.twofaTrustName : null,
      };
      const flow = loadLoginFlow();
      login.mutate(
        { payload, intent },
        {
          onSuccess: (info) => signedIn(flow, info, intent),
          onError: (error) => {
            // §4: a failed login needs a new captcha (a solution is good for one try).
            captcha.reset();
            if (applyFieldErrors(setError, error)) {
              if (isFieldErrorResponse(error) && error.fieldErrors.twofaCode) {
                setServerAskedCode(true);
              }
              return;
            }
            // §4: a wrong login puts the person back on the password (the notice says why).
            setFocus('senha', { shouldSelect: true });
          },
        },
      );
    });

  const contactEmail = readMeta('contact-email');

  return (
    <>
      <form
        noValidate
        aria-label={LOGIN_TEXTS.title}
        onFocusCapture={engage}
        onPointerDownCapture={engage}
        onInputCapture={engage}
        onSubmit={(event) => {
          // Enter in a field: 'Entrar', unless the rules of §5 keep the buttons off.
          event.preventDefault();
          if (canSubmit) void submit('enter')(event);
        }}
      >
        {errors.root && (
          <Alert variant="danger" role="alert">
            {errors.root.message}
          </Alert>
        )}
        <TextField
          id="login-email"
          label={LOGIN_TEXTS.email}
          type="email"
          // 'webauthn': the browser offers passkeys here too (conditional mediation, decisions 070-072).
          autoComplete="username webauthn"
          maxLength={limits?.email}
          required
          registration={register('email', {
            onBlur: (event: FocusEvent<HTMLInputElement>) => onEmailBlur(event.target.value),
          })}
          error={errors.email?.message}
        />
        <TextField
          id="login-senha"
          label={LOGIN_TEXTS.password}
          type="password"
          autoComplete="current-password"
          required
          registration={register('senha')}
          error={errors.senha?.message}
        />
        {codeRequired && (
          <>
            <TextField
              id="login-twofa-code"
              label={LOGIN_TEXTS.code}
              hint={LOGIN_TEXTS.codeHint}
              autoComplete="one-time-code"
              maxLength={limits?.twofaCode}
              required
              registration={register('twofaCode', { shouldUnregister: true })}
              error={errors.twofaCode?.message}
            />
            <CheckField
              id="login-twofa-trust"
              label={LOGIN_TEXTS.trust}
              hint={LOGIN_TEXTS.trustHint}
              registration={register('twofaTrust', { shouldUnregister: true })}
            />
            {trusting && (
              <TextField
                id="login-twofa-trust-name"
                label={LOGIN_TEXTS.deviceName}
                placeholder={LOGIN_TEXTS.deviceNamePlaceholder}
                maxLength={limits?.deviceName}
                required
                registration={register('twofaTrustName', { shouldUnregister: true })}
                error={errors.twofaTrustName?.message}
              />
            )}
          </>
        )}
        <Captcha
          active={engaged}
          control={{
            ...captcha,
            onToken: (token) => {
              clearErrors('recaptcha');
              captcha.onToken(token);
            },
          }}
          error={errors.recaptcha?.message}
        />
        <div className="d-grid gap-2 mb-3">
          <Button type="submit" variant="primary" disabled={!canSubmit}>
            {LOGIN_TEXTS.submit}
          </Button>
          <Button
            type="button"
            variant="outline-primary"
            disabled={!canSubmit}
            onClick={(event) => void submit('manage')(event)}
          >
            {LOGIN_TEXTS.submitManage}
          </Button>
          <PasskeySignIn
            pid={pid}
            disabled={busy}
            onSignedIn={(info) => signedIn(loadLoginFlow(), info, 'enter')}
          />
          {product?.cadastro_permitido && (
            <Link className="btn btn-outline-secondary" to={pathTo('conta_criar', { pid })}>
              {LOGIN_TEXTS.signUp}
            </Link>
          )}
        </div>
        <div className="d-flex flex-wrap justify-content-between gap-2 small">
          <Link to={pathTo('recuperar_email', { pid })}>{LOGIN_TEXTS.forgot}</Link>
          {contactEmail && <a href={`mailto:${contactEmail}`}>{LOGIN_TEXTS.contact}</a>}
        </div>
      </form>
      {pending && (
        <Suspense fallback={null}>
          <TwofaActivationModal
            busy={remindLater.isPending || remindLater.isSuccess}
            onActivate={() =>
              void navigate(pathTo('me.twofa', {}, { origin: 'login', pid, askOnMount: 1 }))
            }
            onRemindLater={() =>
              remindLater.mutate(undefined, {
                onSuccess: () => route(pending.info, pending.intent),
              })
            }
            onContinue={() => route(pending.info, pending.intent)}
          />
        </Suspense>
      )}
    </>
  );
}
