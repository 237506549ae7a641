import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getNotices } from '#client/lib/notices';
import {
  anonymousSessionResponse,
  envelopeResponse,
  setCsrfCookie,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

const CHANGED = 'Senha alterada com sucesso!';
const LINK_INVALID =
  'Este link de recuperação é inválido, expirou ou já foi usado. Peça um novo link.';

function serve(
  reset: StubHandler = () => envelopeResponse({ email: 'ana@exemplo.com.br' }, { message: CHANGED }),
  check: StubHandler = () => envelopeResponse(null),
) {
  const stub = stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    'POST /api/acesso/recuperar_token': reset,
    'POST /api/acesso/recuperar_token/verificar': check,
    // '/' goes to the login of product 1.
    'GET /api/gl_produto/1/edit': () =>
      envelopeResponse({
        id: 1,
        nome: 'Portal Demo',
        url: '/painel',
        logo_url: null,
        cadastro_permitido: true,
        cadastro_usuario_inativo: false,
      }),
    'GET /api/captcha/config': () =>
      envelopeResponse({ provider: 'none', siteKey: null, challengeUrl: null }),
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

async function open(token = 'tok-reset-1') {
  const view = renderApp(`/login/recuperar_token/${token}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Criar nova senha' })).toBeVisible();
  await screen.findByLabelText('Nova senha');
  return view;
}

const senha = () => screen.getByLabelText('Nova senha');
const conf = () => screen.getByLabelText('Confirmação de senha');
const submitButton = () => screen.getByRole('button', { name: 'Salvar nova senha' });

beforeEach(() => {
  setCsrfCookie('csrf');
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('recuperar_token (§2, §5 New password on reset)', () => {
  it('checks 6 to 32 characters and the confirmation before any call', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    expect(submitButton()).toBeDisabled();

    await user.type(senha(), '12345');
    await user.type(conf(), '12345');
    await user.click(submitButton());
    await waitFor(() =>
      expect(senha()).toHaveAccessibleDescription(/A senha deve ter entre 6 e 32 caracteres\./),
    );

    await user.type(senha(), '6');
    await user.click(submitButton());
    await waitFor(() => expect(conf()).toHaveAccessibleDescription('As senhas são diferentes'));
    expect(callsTo('/api/acesso/recuperar_token')).toHaveLength(0);
  });

  it('takes a 40-character paste whole and refuses it with the §5 message, never cutting it to 32', async () => {
    const { callsTo } = serve();
    const { user } = await open();
    const long = 'a'.repeat(40);
    await user.click(senha());
    await user.paste(long);
    await user.click(conf());
    await user.paste(long);
    expect(senha()).toHaveValue(long);
    await user.click(submitButton());
    await waitFor(() =>
      expect(senha()).toHaveAccessibleDescription(/A senha deve ter entre 6 e 32 caracteres\./),
    );
    expect(callsTo('/api/acesso/recuperar_token')).toHaveLength(0);
  });

  it('sends {senha, token} and goes to the login, which says so and starts with the e-mail', async () => {
    const { callsTo } = serve();
    const { user, router } = await open('tok%2Freset');
    await user.type(senha(), 'nova-senha');
    await user.type(conf(), 'nova-senha');
    await user.click(submitButton());
    // '/' redirects to the login of product 1 (§2).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/1'));
    expect(callsTo('/api/acesso/recuperar_token').map((call) => call.body)).toEqual([
      { senha: 'nova-senha', token: 'tok/reset' },
    ]);
    // §8's message stays on the login (a fading notice was gone before the page loaded; issue 38).
    expect(await screen.findByRole('status')).toHaveTextContent(CHANGED);
    expect(await screen.findByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br');
  });

  it('checks the link when the page opens: a used or unknown one is said at once, with no form', async () => {
    const { callsTo } = serve(undefined, () => envelopeResponse(null, { httpStatus: 404, message: LINK_INVALID }));
    renderApp('/login/recuperar_token/tok-usado');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/login/recuperar_email/1');
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(callsTo('/api/acesso/recuperar_token/verificar').map((call) => call.body)).toEqual([{ token: 'tok-usado' }]);
    // Said once, in the page.
    expect(getNotices()).toEqual([]);
  });

  it('a link that dies after the page opened says so on submit, and offers a new one', async () => {
    serve(() => envelopeResponse(null, { httpStatus: 404, message: LINK_INVALID }));
    const { user, router } = await open();
    await user.type(senha(), 'nova-senha');
    await user.type(conf(), 'nova-senha');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/login/recuperar_email/1',
    );
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/recuperar_token/tok-reset-1');
  });
});
