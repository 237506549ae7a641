import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { NAME_MAX } from '#shared/fields';
import { PHONE_MASKS } from '#shared/masks';
import { ProfileUpdateRequestSchema, type UserMe } from '#shared/schemas/profile';
import { Page } from '#client/components/page';
import { MaskedField } from '#client/components/masked-field';
import { PageLoading } from '#client/components/page-loading';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors } from '#client/lib/api-client';
import { useMeOrigin, type MeOrigin } from '#client/lib/me-origin';
import { notify } from '#client/lib/notices';
import { useSession } from '#client/lib/session';
import { pathTo } from '#client/paths';
import { meQuery, useMe } from '../api/get-me';
import { useUpdateMe } from '../api/update-me';
import { useUpdatePassword } from '../api/update-password';
import { checkPasswordChange, type PasswordChangeValues } from '../password-check';
import { PROFILE_TEXTS } from '../texts';
import { LoadError } from '#client/components/load-error';
import { BusyButton } from '#client/components/busy-button';

/**
 * me.meusdados (§2 /me/meusdados?origin&pid): the signed-in user's own data (§3 User) and
 * password change (§5). The account is shared by every integrated application of the provider.
 */
export function ProfilePage() {
  const { origin, pid } = useMeOrigin();
  const me = useMe();

  let body;
  if (me.isPending) {
    body = <PageLoading />;
  } else if (me.isError) {
    body = (
      <LoadError message={PROFILE_TEXTS.loadFailed} onRetry={() => void me.refetch()} />
    );
  } else {
    body = (
      <>
        <ProfileForm user={me.data.data} origin={origin} />
        <PasswordForm />
      </>
    );
  }

  return (
    <Page title={PROFILE_TEXTS.title}>
      <Alert variant="danger">{PROFILE_TEXTS.sharedAccount}</Alert>
      {body}
      <BackLink origin={origin} pid={pid} />
    </Page>
  );
}

function ProfileForm({ user, origin }: { user: UserMe; origin: MeOrigin }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const update = useUpdateMe();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ProfileUpdateRequestSchema),
    defaultValues: {
      nome: user.nome,
      apelido: user.apelido ?? '',
      telefone_celular: user.telefone_celular ?? '',
    },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notify('success', PROFILE_TEXTS.saved);
        // §2: from the login flow the user record is reloaded, otherwise the session.
        if (origin === 'login') void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
        else void session.refresh();
      },
      onError: (error) => {
        applyFieldErrors(setError, error);
      },
    }),
  );

  return (
    <Card className="mb-4">
      <Card.Body>
        <form noValidate aria-label={PROFILE_TEXTS.title} onSubmit={(e) => void onSubmit(e)}>
          <div className="row">
            <TextField
              id="meusdados-nome"
              required
              className="mb-3 col-md-9"
              label={PROFILE_TEXTS.nome}
              maxLength={NAME_MAX}
              autoComplete="name"
              registration={register('nome')}
              error={errors.nome?.message}
            />
            <div className="mb-3 col-md-3">
              <label className="form-label" htmlFor="meusdados-id">
                {PROFILE_TEXTS.id}
              </label>
              <input
                id="meusdados-id"
                className="form-control-plaintext"
                value={user.id}
                readOnly
              />
            </div>
          </div>
          <div className="row">
            <TextField
              id="meusdados-apelido"
              required
              className="mb-3 col-md-6"
              label={PROFILE_TEXTS.apelido}
              maxLength={NAME_MAX}
              autoComplete="nickname"
              registration={register('apelido')}
              error={errors.apelido?.message}
            />
            <MaskedField
              control={control}
              name="telefone_celular"
              id="meusdados-telefone"
              className="mb-3 col-md-6"
              label={PROFILE_TEXTS.telefone}
              mask={PHONE_MASKS}
              inputMode="tel"
              autoComplete="tel"
              required
              error={errors.telefone_celular?.message}
            />
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor="meusdados-email">
              {PROFILE_TEXTS.email}
            </label>
            <input
              id="meusdados-email"
              className="form-control-plaintext"
              value={user.email}
              readOnly
            />
          </div>
          <BusyButton busy={update.isPending} type="submit">
            {PROFILE_TEXTS.save}
          </BusyButton>
        </form>
      </Card.Body>
    </Card>
  );
}

const EMPTY_PASSWORDS: PasswordChangeValues = { senha_atual: '', senha_nova: '', senha_conf: '' };

function PasswordForm() {
  const change = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordChangeValues>({ defaultValues: EMPTY_PASSWORDS });

  const onSubmit = handleSubmit((values) => {
    const check = checkPasswordChange(values);
    if (check.kind === 'empty') return;
    if (check.kind === 'invalid') {
      // §5: a danger notice; the field it is about is marked with it too.
      notify('danger', check.message);
      setError(check.field, { type: 'manual', message: check.message });
      return;
    }
    change.mutate(
      { senha_atual: values.senha_atual, senha_nova: values.senha_nova },
      {
        onSuccess: () => {
          reset(EMPTY_PASSWORDS);
          notify('success', PROFILE_TEXTS.passwordChanged);
        },
        onError: (error) => {
          applyFieldErrors(setError, error);
        },
      },
    );
  });

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{PROFILE_TEXTS.passwordSection}</h2>
        <form
          noValidate
          aria-label={PROFILE_TEXTS.passwordSection}
          onSubmit={(e) => void onSubmit(e)}
        >
          <TextField
            id="meusdados-senha-atual"
            required
            label={PROFILE_TEXTS.senhaAtual}
            type="password"
            autoComplete="current-password"
            registration={register('senha_atual')}
            error={errors.senha_atual?.message}
          />
          <TextField
            id="meusdados-senha-nova"
            required
            label={PROFILE_TEXTS.senhaNova}
            type="password"
            autoComplete="new-password"
            registration={register('senha_nova')}
            error={errors.senha_nova?.message}
          />
          <TextField
            id="meusdados-senha-conf"
            required
            label={PROFILE_TEXTS.senhaConf}
            type="password"
            autoComplete="new-password"
            registration={register('senha_conf')}
            error={errors.senha_conf?.message}
          />
          <BusyButton busy={change.isPending} type="submit">
            {PROFILE_TEXTS.changePassword}
          </BusyButton>
        </form>
      </Card.Body>
    </Card>
  );
}

/** §2: back to me.config (origin and pid) from the login flow, otherwise to the dashboard. */
function BackLink({ origin, pid }: { origin: MeOrigin; pid: number }) {
  const to = origin === 'login' ? pathTo('me.config', {}, { origin, pid }) : pathTo('dashboard');
  return (
    <Link className="btn btn-outline-secondary" to={to}>
      {PROFILE_TEXTS.back}
    </Link>
  );
}
