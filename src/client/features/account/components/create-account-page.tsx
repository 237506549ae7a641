import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';

import { useEffect, useRef, useState } from 'react';

import { useForm, useWatch } from 'react-hook-form';

import { Link, useNavigate, useParams } from 'react-router';

import Alert from 'react-bootstrap/Alert';
import { documentKind } from '#shared/cpf-cnpj';

import { EMAIL_MAX, NAME_MAX, REQUIRED_MESSAGE, TWOFA_CODE_MAX } from '#shared/fields';

import { PHONE_MASKS } from '#shared/masks';

import type { PublicProduct } from '#shared/schemas/auth';

import {
  SignUpRequestSchema,
  type SignUpRequest,
  type SignUpResponse,
  type SignUpValues,
} from '#shared/schemas/account';
import { Captcha, useCaptcha } from '#client/components/captcha';

import { Page } from '#client/components/page';

import { PageLoading } from '#client/components/page-loading';

import { TextField } from '#client/components/text-field';

import {
  ApiError,
  applyFieldErrors,
  handleApiError,
  isFieldErrorResponse,
} from '#client/lib/api-client';

import { rememberLoginEvent } from '#client/lib/login-event';

import { notify } from '#client/lib/notices';

import { providerName } from '#client/lib/page-meta';

import { applyLoginInfo, fetchEventInfo, usePostLoginRouting } from '#client/lib/post-login';

import { parsePid, pathTo } from '#client/paths';

import { useCreateAccount } from '../api/create-account';

import { useProduct } from '#client/lib/product';

import { MaskedField } from '#client/components/masked-field';

import { CpfCnpjFields } from './cpf-cnpj-fields';

import { TermsConsent } from '#client/components/terms-consent';

import { LoadError } from '#client/components/load-error';

import { BusyButton } from '#client/components/busy-button';

import { CREATE_ACCOUNT_TEXTS } from '../texts';

const normalizeEmail = (value: string) => value.trim().toLowerCase();

/** conta_criar (§2 /login/{pid}/conta_criar, §4 Sign-up, §5): sign-up while logged out. */
export function CreateAccountPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  return (
    <Page title={CREATE_ACCOUNT_TEXTS.title}>
      <div className="app-login">
        {pid === null ? (
          <Alert variant="warning">{CREATE_ACCOUNT_TEXTS.productNotFound}</Alert>
        ) : (
          // A new product is a new form.
          <ProductGate key={pid} pid={pid} />
        )}
      </div>
    </Page>
  );
}

/** The product must exist and allow sign-up (`cadastro_permitido`, docs/decisions/017). */
function ProductGate({ pid }: { pid: number }) {
  const product = useProduct(pid);
  if (product.isPending) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden">{CREATE_ACCOUNT_TEXTS.loadingProduct}</p>
        <PageLoading />
      </div>
    );
  }
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.httpStatus === 404) {
      return <Alert variant="warning">{CREATE_ACCOUNT_TEXTS.productNotFound}</Alert>;
    }
    return (
      <LoadError
        message={CREATE_ACCOUNT_TEXTS.productFailed}
        onRetry={() => void product.refetch()}
      />
    );
  }
  if (!product.data.cadastro_permitido) {
    return (
      <Alert variant="warning">
        <p>{CREATE_ACCOUNT_TEXTS.signUpNotAllowed}</p>
        <Link className="alert-link" to={pathTo('login', { pid })}>
          {CREATE_ACCOUNT_TEXTS.backToLogin}
        </Link>
      </Alert>
    );
  }
  return <CreateAccountForm pid={pid} product={product.data} />;
}

function CreateAccountForm({ pid, product }: { pid: number; product: PublicProduct }) {
  const navigate = useNavigate();
  const route = usePostLoginRouting();
  const captcha = useCaptcha();
  const create = useCreateAccount();
  // The e-mail the server said has an account (senha_digitar): the password field is for it.
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  // The server asked for that account's second factor (422 on twofaCode): the code field shows.
  const [codeAsked, setCodeAsked] = useState(false);
  // After the last answer the page is about to change: no second submit meanwhile (§5).
  const [leaving, setLeaving] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<SignUpRequest, unknown, SignUpValues>({
    resolver: zodResolver(SignUpRequestSchema),
    // termos starts unchecked (undefined): only `true` passes the schema.
    defaultValues: {
      nome: '',
      email: '',
      telefone_celular: '',
      cpfcnpj: '',
      empresa_nome: '',
      senha: '',
      twofaCode: '',
      gl_produto_id: pid,
    },
  });
  const [email = '', termos] = useWatch({ control, name: ['email', 'termos'] });

  const askPassword = passwordFor !== null && passwordFor === normalizeEmail(email);
  const askCode = askPassword && codeAsked;

  useEffect(() => {
    if (askCode) setFocus('twofaCode');
    else if (askPassword) setFocus('senha');
  }, [askPassword, askCode, setFocus]);

  const busy = create.isPending || leaving;
  // §5 "duplicate submits blocked": a ref, so two quick submits cannot both get through.
  const inFlight = useRef(false);
  // §2, §5: off until the terms are accepted, while the captcha is not ready, and in flight.
  const canSubmit = termos === true && captcha.ready && !busy;

  /** §4: signed in now (no 2FA, or a trusted device): the login info, then its routing. */
  const continueSignedIn = (evento: NonNullable<SignUpResponse['evento']>) => {
    const ref = { evento_id: evento.id, evento_token: evento.token, pid };
    rememberLoginEvent(ref);
    fetchEventInfo(ref).then(
      (info) => {
        applyLoginInfo(info);
        route(info);
      },
      (error: unknown) => {
        // The account exists; signing in goes on from the login.
        handleApiError(error);
        void navigate(pathTo('login', { pid }));
      },
    );
  };

  const onAnswer = (answer: SignUpResponse, sentPassword: boolean, sentEmail: string) => {
    if (answer.senha_digitar) {
      // §4: the e-mail has an account; ask for its password (§8 message).
      notify('info', CREATE_ACCOUNT_TEXTS.alreadyRegistered);
      setPasswordFor(normalizeEmail(sentEmail));
      return;
    }
    if (!answer.ok) return;
    setLeaving(true);
    if (answer.sessao && answer.evento) {
      continueSignedIn(answer.evento);
    } else if (sentPassword) {
      // Signed in on the server's word, yet no session came back: sign in from the login.
      void navigate(pathTo('login', { pid }));
    } else {
      // §4: a new account; the temporary password went by e-mail.
      void navigate(pathTo('validar_email', { pid }));
    }
  };

  const send = (values: SignUpValues) => {
    if (inFlight.current) return;
    if (askPassword && !values.senha) {
      // §5 "senha required when shown"; the shared schema leaves it optional.
      setError('senha', { type: 'required', message: REQUIRED_MESSAGE }, { shouldFocus: true });
      return;
    }
    const payload: SignUpRequest = {
      nome: values.nome,
      email: values.email,
      telefone_celular: values.telefone_celular,
      cpfcnpj: values.cpfcnpj,
      empresa_nome: documentKind(values.cpfcnpj) === 'cnpj' ? (values.empresa_nome ?? null) : null,
      gl_produto_id: pid,
      recaptcha: captcha.token,
      termos: true,
      // §3: the password only when the field is shown; the code only when the server asked.
      ...(askPassword ? { senha: values.senha } : {}),
      ...(askCode ? { twofaCode: values.twofaCode } : {}),
    };
    inFlight.current = true;
    create.mutate(payload, {
      onSuccess: (answer) => onAnswer(answer, askPassword, values.email),
      onError: (error) => {
        // A known e-mail of a 2FA user: nothing is written until its code is given.
        if (isFieldErrorResponse(error) && error.fieldErrors.twofaCode) setCodeAsked(true);
        applyFieldErrors(setError, error);
      },
      onSettled: () => {
        inFlight.current = false;
        // A captcha answer is good for one request.
        captcha.reset();
      },
    });
  };

  return (
    <form
      noValidate
      aria-label={CREATE_ACCOUNT_TEXTS.title}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) void handleSubmit(send)(event);
      }}
    >
      <p className="lead">{product.nome}</p>
      <TextField
        id="conta-criar-nome"
        label={CREATE_ACCOUNT_TEXTS.nome}
        autoComplete="name"
        maxLength={NAME_MAX}
        required
        registration={register('nome')}
        error={errors.nome?.message}
      />
      <TextField
        id="conta-criar-email"
        label={CREATE_ACCOUNT_TEXTS.email}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX}
        required
        registration={register('email')}
        error={errors.email?.message}
      />
      {askPassword && (
        <TextField
          id="conta-criar-senha"
          label={CREATE_ACCOUNT_TEXTS.senha}
          type="password"
          autoComplete="current-password"
          required
          hint={CREATE_ACCOUNT_TEXTS.passwordPrompt(providerName())}
          registration={register('senha')}
          error={errors.senha?.message}
        />
      )}
      {askCode && (
        <TextField
          id="conta-criar-twofa-code"
          label={CREATE_ACCOUNT_TEXTS.code}
          hint={CREATE_ACCOUNT_TEXTS.codeHint}
          autoComplete="one-time-code"
          maxLength={TWOFA_CODE_MAX}
          required
          registration={register('twofaCode', { shouldUnregister: true })}
          error={errors.twofaCode?.message}
        />
      )}
      <MaskedField
        required
        control={control}
        name="telefone_celular"
        id="conta-criar-celular"
        label={CREATE_ACCOUNT_TEXTS.celular}
        mask={PHONE_MASKS}
        inputMode="tel"
        autoComplete="tel"
        error={errors.telefone_celular?.message}
      />
      <CpfCnpjFields
        idPrefix="conta-criar"
        control={control}
        register={register}
        cpfcnpjName="cpfcnpj"
        companyName="empresa_nome"
        cpfcnpjError={errors.cpfcnpj?.message}
        companyError={errors.empresa_nome?.message}
      />
      {!askPassword && <Alert variant="info">{CREATE_ACCOUNT_TEXTS.temporaryPassword}</Alert>}
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
      <TermsConsent
        id="conta-criar-termos"
        registration={register('termos')}
        error={errors.termos?.message}
      />
      <div className="d-grid gap-2 mb-3">
        <BusyButton busy={busy} type="submit" variant="primary" disabled={!canSubmit}>
          {CREATE_ACCOUNT_TEXTS.submit}
        </BusyButton>
      </div>
      <Link className="small" to={pathTo('login', { pid })}>
        {CREATE_ACCOUNT_TEXTS.backToLogin}
      </Link>
    </form>
  );
}
