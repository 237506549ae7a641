import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';

import { useForm, useWatch } from 'react-hook-form';

import { useParams } from 'react-router';

import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/fields';

import { CreatePasswordRequestSchema } from '#shared/schemas/account';
import { NEW_PASSWORD_MISMATCH_MESSAGE } from '#shared/messages';
import { Page } from '#client/components/page';

import { TextField } from '#client/components/text-field';

import { applyFieldErrors } from '#client/lib/api-client';

import { notify } from '#client/lib/notices';

import { applyLoginInfo, usePostLoginRouting } from '#client/lib/post-login';

import { useLogout } from '#client/lib/session';

import { parsePid } from '#client/paths';

import { useCreatePassword } from '../api/create-password';

import { BusyButton } from '#client/components/busy-button';

import { CREATE_PASSWORD_TEXTS } from '../texts';
import { ApplicationAsking } from '../../auth';

/** §5 New password (account flow): the shared rule, plus the confirmation (client-side only, §3). */
const CreatePasswordFormSchema = CreatePasswordRequestSchema.extend({
  senha_conf: z.string(),
}).refine((values) => values.senha === values.senha_conf, {
  path: ['senha_conf'],
  error: NEW_PASSWORD_MISMATCH_MESSAGE,
});

/** §5: the button is off unless the password has 6 (to 32) characters and the confirmation matches. */
export function canChangePassword(senha: string, senhaConf: string): boolean {
  return senha.length >= PASSWORD_MIN && senha.length <= PASSWORD_MAX && senhaConf === senha;
}

/**
 * conta_criar_senha (§2 /login/{pid}/conta_criar_senha, §4): after a sign-in with the temporary
 * password (senha_revalidar), the person's own password; then the post-login redirect check
 * runs. No login redirect (§2); the server refuses it outside that state (docs/decisions/017).
 */
export function CreatePasswordPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  return (
    <Page title={CREATE_PASSWORD_TEXTS.title}>
      <div className="app-login">
        <ApplicationAsking />
        {pid === null ? (
          <Alert variant="warning">{CREATE_PASSWORD_TEXTS.invalidProduct}</Alert>
        ) : (
          <CreatePasswordForm key={pid} pid={pid} />
        )}
      </div>
    </Page>
  );
}

function CreatePasswordForm({ pid }: { pid: number }) {
  const route = usePostLoginRouting();
  const change = useCreatePassword();
  const logout = useLogout(pid);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields, touchedFields },
  } = useForm({
    resolver: zodResolver(CreatePasswordFormSchema),
    // §5: the messages show while typing and on leaving a field, never on an untouched form.
    mode: 'all',
    defaultValues: { senha: '', senha_conf: '' },
  });
  const [senha = '', senhaConf = ''] = useWatch({ control, name: ['senha', 'senha_conf'] });
  // Stays busy after success too: the page is about to change.
  const busy = change.isPending || change.isSuccess;
  const canSubmit = canChangePassword(senha, senhaConf) && !busy;
  // The confirmation is checked again when the password changes (deps), but its message waits
  // until the person has used that field.
  const confUsed = Boolean(dirtyFields.senha_conf || touchedFields.senha_conf);

  const onSubmit = handleSubmit((values) => {
    change.mutate(
      { senha: values.senha },
      {
        onSuccess: (info) => {
          notify('success', CREATE_PASSWORD_TEXTS.changed);
          // §4 "after setting a new password, a redirect check runs".
          applyLoginInfo(info);
          route(info);
        },
        onError: (error) => {
          applyFieldErrors(setError, error);
        },
      },
    );
  });

  return (
    <>
      <p>{CREATE_PASSWORD_TEXTS.intro}</p>
      <form
        noValidate
        aria-label={CREATE_PASSWORD_TEXTS.title}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) void onSubmit(event);
        }}
      >
        <TextField
          id="conta-senha-nova"
          label={CREATE_PASSWORD_TEXTS.senha}
          type="password"
          autoComplete="new-password"
          required
          registration={register('senha', { deps: ['senha_conf'] })}
          error={errors.senha?.message}
        />
        <TextField
          id="conta-senha-conf"
          label={CREATE_PASSWORD_TEXTS.senhaConf}
          type="password"
          autoComplete="new-password"
          required
          registration={register('senha_conf')}
          error={confUsed ? errors.senha_conf?.message : undefined}
        />
        <div className="d-flex flex-wrap gap-2">
          <BusyButton busy={busy} type="submit" variant="primary" disabled={!canSubmit}>
            {CREATE_PASSWORD_TEXTS.submit}
          </BusyButton>
          <Button
            type="button"
            variant="outline-secondary"
            disabled={logout.isPending || logout.isSuccess}
            onClick={() => logout.mutate({})}
          >
            {CREATE_PASSWORD_TEXTS.logout}
          </Button>
        </div>
      </form>
    </>
  );
}
