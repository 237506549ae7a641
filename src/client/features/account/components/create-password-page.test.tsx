import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '#client/lib/navigation';
import { getNotices } from '#client/lib/notices';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { loginInfo } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';
import { canChangePassword } from './create-password-page';
import { CREATE_PASSWORD_TEXTS } from '../texts';

const TOO_SHORT = 'senha precisa ter no mínimo de 6 digitos';
const MISMATCH = 'Senha informada não é igual a anterior';

function serve(
  change: StubHandler = () =>
    envelopeResponse(loginInfo(), { message: 'Senha alterada com sucesso!' }),
) {
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'POST /api/acesso/conta_criar_senha': change,
    'POST /api/acesso/logout': () => envelopeResponse(null),
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

async function open() {
  const view = renderApp('/login/2/conta_criar_senha');
  expect(await screen.findByRole('heading', { level: 1, name: 'Altere sua senha' })).toBeVisible();
  return view;
}

const senha = () => screen.getByLabelText('Nova senha');
const conf = () => screen.getByLabelText('Confirmação de senha');
const submitButton = () => screen.getByRole('button', { name: 'Alterar e continuar' });

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  setCsrfCookie('csrf');
  sessionStorage.clear();
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('conta_criar_senha (§2 Change password, §5 New password)', () => {
  it('starts with no messages and the button off', async () => {
    serve();
    await open();
    expect(senha()).toHaveAttribute('type', 'password');
    expect(conf()).toHaveAttribute('type', 'password');
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByText(TOO_SHORT)).not.toBeInTheDocument();
    expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });

  it('says what is missing as the person types, and enables the button only when both rules hold', async () => {
    serve();
    const { user } = await open();
    await user.type(senha(), '12345');
    expect(await screen.findByText(TOO_SHORT)).toBeVisible();
    expect(senha()).toHaveAccessibleDescription(TOO_SHORT);
    // The confirmation has not been used yet: no message for it.
    expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.type(senha(), '6');
    await waitFor(() => expect(screen.queryByText(TOO_SHORT)).not.toBeInTheDocument());
    expect(submitButton()).toBeDisabled();

    await user.type(conf(), '12345');
    await waitFor(() => expect(conf()).toHaveAccessibleDescription(MISMATCH));
    expect(submitButton()).toBeDisabled();

    await user.type(conf(), '6');
    await waitFor(() => expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument());
    expect(submitButton()).toBeEnabled();

    // Changing the password again checks the confirmation again.
    await user.type(senha(), '7');
    await waitFor(() => expect(conf()).toHaveAccessibleDescription(MISMATCH));
    expect(submitButton()).toBeDisabled();
  });

  it('takes a 40-character paste whole and says the §5 limit, with the button off', async () => {
    serve();
    const { user } = await open();
    const long = 'a'.repeat(40);
    await user.click(senha());
    await user.paste(long);
    await user.click(conf());
    await user.paste(long);
    expect(senha()).toHaveValue(long);
    await waitFor(() =>
      expect(senha()).toHaveAccessibleDescription('A senha deve ter entre 6 e 32 caracteres.'),
    );
    expect(submitButton()).toBeDisabled();
  });

  it('shows the minimum on leaving an empty password field', async () => {
    serve();
    const { user } = await open();
    await user.click(senha());
    await user.tab();
    expect(await screen.findByText(TOO_SHORT)).toBeVisible();
  });

  it('sends only {senha}, says so, and runs the redirect check (§4)', async () => {
    const { callsTo } = serve();
    const { user, router } = await open();
    await user.type(senha(), 'minha-senha');
    await user.type(conf(), 'minha-senha');
    await user.click(submitButton());
    // One client with a contract, on localhost: the redirect page before the product.
    await waitFor(() => expect(router.state.location.pathname).toBe('/a/redirect'));
    expect(callsTo('/api/acesso/conta_criar_senha').map((call) => call.body)).toEqual([
      { senha: 'minha-senha' },
    ]);
    expect(getNotices().map((notice) => [notice.level, notice.text])).toContainEqual([
      'success',
      CREATE_PASSWORD_TEXTS.changed,
    ]);
  });

  it('shows the server’s refusal next to the password', async () => {
    serve(() =>
      envelopeResponse(null, {
        httpStatus: 422,
        message: 'Verifique os campos destacados.',
        errors: { senha: ['Escolha uma senha diferente da senha temporária.'] },
      }),
    );
    const { user, router } = await open();
    await user.type(senha(), 'temporaria');
    await user.type(conf(), 'temporaria');
    await user.click(submitButton());
    await waitFor(() =>
      expect(senha()).toHaveAccessibleDescription(
        'Escolha uma senha diferente da senha temporária.',
      ),
    );
    expect(router.state.location.pathname).toBe('/login/2/conta_criar_senha');
  });

  it('Logout ends the session and goes to the login of the product', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login/2'));
    expect(callsTo('/api/acesso/logout')).toHaveLength(1);
  });
});

describe('canChangePassword (§5)', () => {
  it('needs 6 to 32 characters and the same confirmation', () => {
    expect(canChangePassword('12345', '12345')).toBe(false);
    expect(canChangePassword('123456', '123456')).toBe(true);
    expect(canChangePassword('123456', '123457')).toBe(false);
    expect(canChangePassword('a'.repeat(32), 'a'.repeat(32))).toBe(true);
    expect(canChangePassword('a'.repeat(33), 'a'.repeat(33))).toBe(false);
  });
});
