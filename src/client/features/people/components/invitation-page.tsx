import '#shared/zod-locale';
import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { NAME_MAX } from '#shared/fields';
import { formatDateTime } from '#shared/format';
import { PHONE_MASKS } from '#shared/masks';
import type { LoginInfo } from '#shared/schemas/auth';
import {
  accountLevelName,
  InvitationSignUpRequestSchema,
  PEOPLE_MESSAGES,
  type InvitationViewDto,
} from '#shared/schemas/people';
import { BusyButton } from '#client/components/busy-button';
import { FieldFrame, fieldControlProps } from '#client/components/field-frame';
import { LoadError } from '#client/components/load-error';
import { MaskedField } from '#client/components/masked-field';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { TermsConsent } from '#client/components/terms-consent';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { forgetInvitation, rememberInvitation } from '#client/lib/pending-invitation';
import { applyLoginInfo, usePostLoginRouting } from '#client/lib/post-login';
import { useLogout } from '#client/lib/session';
import { DEFAULT_PRODUCT_ID, pathTo } from '#client/paths';
import { useAcceptInvitation, useInvitation, useInvitationSignUp } from '../api/invitation';
import { INVITATION_TEXTS } from '../texts';

/** §2's sign-up rules (the shared schema) plus a confirmation of the password, checked here only. */
const SignUpFormSchema = InvitationSignUpRequestSchema.extend({ senha_conf: z.string() }).refine(
  (values) => values.senha === values.senha_conf,
  { path: ['senha_conf'], error: INVITATION_TEXTS.mismatch },
);
type SignUpFormInput = z.input<typeof SignUpFormSchema>;
type SignUpFormValues = z.output<typeof SignUpFormSchema>;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Signed in now, into the invited account: the invitation is used, so the §4 routing goes on
 * as after any sign-in (the welcome screen of a new account, or the product).
 */
function useEnterAccount() {
  const route = usePostLoginRouting();
  return (info: LoginInfo, message: string) => {
    if (message) notify('success', message);
    forgetInvitation();
    applyLoginInfo(info);
    route(info);
  };
}

/** What the invitation is: the account, who sent it, the level and the e-mail it is for. */
function Summary({ view }: { view: InvitationViewDto }) {
  return (
    <>
      <p>
        {view.convidado_por
          ? INVITATION_TEXTS.invitedBy(view.convidado_por)
          : INVITATION_TEXTS.invited}
      </p>
      <dl className="row">
        <dt className="col-sm-4">{INVITATION_TEXTS.email}</dt>
        <dd className="col-sm-8">{view.email}</dd>
        <dt className="col-sm-4">{INVITATION_TEXTS.level}</dt>
        <dd className="col-sm-8">{accountLevelName(view.nivel)}</dd>
        <dt className="col-sm-4">{INVITATION_TEXTS.expiresAt}</dt>
        <dd className="col-sm-8">{formatDateTime(view.expira_em)}</dd>
      </dl>
    </>
  );
}

/** Signed in with the invited e-mail: 'Aceitar convite'. */
function Accept({ token, view }: { token: string; view: InvitationViewDto }) {
  const accept = useAcceptInvitation(token);
  const enter = useEnterAccount();
  // Stays busy after success too: the page is about to change.
  const busy = accept.isPending || accept.isSuccess;
  return (
    <BusyButton
      busy={busy}
      onClick={() =>
        accept.mutate(undefined, {
          onSuccess: (response) =>
            enter(response.data, response.message || PEOPLE_MESSAGES.accepted(view.razao_social)),
        })
      }
    >
      {INVITATION_TEXTS.accept}
    </BusyButton>
  );
}

/** Signed in with another e-mail: sign out, and back here after signing in with the right one. */
function OtherEmail({ token, view }: { token: string; view: InvitationViewDto }) {
  const logout = useLogout(view.gl_produto_id);
  return (
    <>
      <Alert variant="warning">{INVITATION_TEXTS.otherEmail(view.email)}</Alert>
      <Button
        variant="outline-primary"
        disabled={logout.isPending || logout.isSuccess}
        onClick={() => {
          rememberInvitation(token);
          logout.mutate({});
        }}
      >
        {INVITATION_TEXTS.switchAccount}
      </Button>
    </>
  );
}

/** Nobody signed in, and the e-mail has an account: sign in, then back here to accept. */
function SignInToAccept({ token, view }: { token: string; view: InvitationViewDto }) {
  const navigate = useNavigate();
  return (
    <>
      <p>{INVITATION_TEXTS.signInToAccept(view.email)}</p>
      <Button
        onClick={() => {
          rememberInvitation(token);
          void navigate(pathTo('login', { pid: view.gl_produto_id }));
        }}
      >
        {INVITATION_TEXTS.signIn}
      </Button>
    </>
  );
}

/** Nobody signed in, a new e-mail: §2's sign-up, the e-mail fixed by the invitation. */
function SignUpForm({ token, view }: { token: string; view: InvitationViewDto }) {
  const signUp = useInvitationSignUp(token);
  const enter = useEnterAccount();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpFormInput, unknown, SignUpFormValues>({
    resolver: zodResolver(SignUpFormSchema),
    // termos starts unchecked (undefined): only `true` passes the schema.
    defaultValues: { nome: '', telefone_celular: '', senha: '', senha_conf: '' },
  });
  const termos = useWatch({ control, name: 'termos' });
  // Stays busy after success too: the page is about to change.
  const busy = signUp.isPending || signUp.isSuccess;
  // §2, §5: off until the terms are accepted, and while the request is under way.
  const canSubmit = termos === true && !busy;

  const onSubmit = handleSubmit((values) => {
    const { senha_conf: _confirmation, ...payload } = values;
    signUp.mutate(payload, {
      onSuccess: (response) => enter(response.data, response.message),
      onError: (error) => applyFieldErrors(setError, error),
    });
  });

  return (
    <section aria-labelledby="convite-cadastro">
      <h2 id="convite-cadastro" className="h5">
        {INVITATION_TEXTS.signUpTitle}
      </h2>
      <form
        noValidate
        aria-label={INVITATION_TEXTS.signUpTitle}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) void onSubmit(event);
        }}
      >
        <FieldFrame id="convite-email" label={INVITATION_TEXTS.email}>
          <input
            type="email"
            value={view.email}
            disabled
            readOnly
            {...fieldControlProps('convite-email', { error: undefined })}
          />
        </FieldFrame>
        <TextField
          id="convite-nome"
          label={INVITATION_TEXTS.nome}
          autoComplete="name"
          maxLength={NAME_MAX}
          required
          registration={register('nome')}
          error={errors.nome?.message}
        />
        <MaskedField
          required
          control={control}
          name="telefone_celular"
          id="convite-celular"
          label={INVITATION_TEXTS.celular}
          mask={PHONE_MASKS}
          inputMode="tel"
          autoComplete="tel"
          error={errors.telefone_celular?.message}
        />
        <TextField
          id="convite-senha"
          label={INVITATION_TEXTS.senha}
          type="password"
          autoComplete="new-password"
          required
          registration={register('senha', { deps: ['senha_conf'] })}
          error={errors.senha?.message}
        />
        <TextField
          id="convite-senha-conf"
          label={INVITATION_TEXTS.senhaConf}
          type="password"
          autoComplete="new-password"
          required
          registration={register('senha_conf')}
          error={errors.senha_conf?.message}
        />
        <TermsConsent
          id="convite-termos"
          registration={register('termos')}
          error={errors.termos?.message}
        />
        <div className="d-grid">
          <BusyButton busy={busy} type="submit" variant="primary" disabled={!canSubmit}>
            {INVITATION_TEXTS.signUp}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}

function InvitationInvalid() {
  useEffect(() => forgetInvitation(), []);
  return (
    <Alert variant="warning">
      <p>{INVITATION_TEXTS.invalid}</p>
      <Link className="alert-link" to={pathTo('login', { pid: DEFAULT_PRODUCT_ID })}>
        {INVITATION_TEXTS.goToLogin}
      </Link>
    </Alert>
  );
}

function InvitationView({ token, view }: { token: string; view: InvitationViewDto }) {
  let action;
  if (view.sessao_email !== null && sameEmail(view.sessao_email, view.email)) {
    action = <Accept token={token} view={view} />;
  } else if (view.sessao_email !== null) {
    action = <OtherEmail token={token} view={view} />;
  } else if (view.conta_existe) {
    action = <SignInToAccept token={token} view={view} />;
  } else {
    action = <SignUpForm token={token} view={view} />;
  }
  return (
    <Page title={INVITATION_TEXTS.heading(view.razao_social)}>
      <div className="app-login">
        <Summary view={view} />
        {action}
      </div>
    </Page>
  );
}

/** convite (ours, /convite/{token}; issue 41 item 3): an invitation's e-mailed link, signed in or not. */
export function InvitationPage() {
  const { token = '' } = useParams();
  // A new token is a new invitation.
  return <InvitationGate key={token} token={token} />;
}

function InvitationGate({ token }: { token: string }) {
  const invitation = useInvitation(token);
  if (invitation.isSuccess && invitation.data !== null)
    return <InvitationView token={token} view={invitation.data} />;
  let body;
  if (invitation.isPending) body = <PageLoading />;
  else if (invitation.isError)
    body = (
      <LoadError message={INVITATION_TEXTS.loadFailed} onRetry={() => void invitation.refetch()} />
    );
  else body = <InvitationInvalid />;
  return (
    <Page title={INVITATION_TEXTS.title}>
      <div className="app-login">{body}</div>
    </Page>
  );
}
