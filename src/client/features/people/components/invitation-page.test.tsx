import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PEOPLE_MESSAGES, type InvitationViewDto } from '#shared/schemas/people';
import { pageNavigation } from '#client/lib/navigation';
import { getNotices } from '#client/lib/notices';
import { pendingInvitationPath, rememberInvitation } from '#client/lib/pending-invitation';
import {
  anonymousSessionResponse,
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { loginInfo, publicProduct } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';

const TOKEN = 'mXh3cQ9v2kZb7TtN4sLr8uYw1aEo5iDg6fHj0pKc3Vn';
const PATH = `/convite/${TOKEN}`;
const API = `/api/convite/${TOKEN}`;

/** An invitation to Padaria Central, as a user, for a new e-mail, nobody signed in. */
function view(overrides: Partial<InvitationViewDto> = {}): InvitationViewDto {
  return {
    email: 'paula@exemplo.com.br',
    nivel: 20,
    razao_social: 'Padaria Central Ltda',
    convidado_por: 'Maria Souza',
    expira_em: '2026-11-28T18:00:00Z',
    gl_produto_id: 2,
    conta_existe: false,
    sessao_email: null,
    ...overrides,
  };
}

/** Paula, new, signed in into Padaria Central after the invitation (the product's url on localhost). */
const PAULA = loginInfo({
  usuario: { id: 12, nome: 'Paula Dias', email: 'paula@exemplo.com.br', nivel: null },
  clienteUsuario_nivel: 20,
  clientes: [
    {
      id: 40,
      nivel: 20,
      cliente: { id: 3, razao_social: 'Padaria Central Ltda', cpfcnpj: '11222333000181' },
    },
  ],
});

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
  sessionStorage.clear();
});

const notices = () => getNotices().map((notice) => [notice.level, notice.text]);

function serve(invitation: InvitationViewDto, routes: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    [`GET ${API}`]: () => envelopeResponse(invitation),
    ...routes,
  });
}

async function fillSignUp(user: ReturnType<typeof renderApp>['user'], senhaConf = 'segredo1') {
  const form = within(await screen.findByRole('form', { name: 'Criar sua conta' }));
  await user.type(form.getByLabelText('Nome'), 'Paula Dias');
  await user.type(form.getByLabelText('Seu celular'), '11987654321');
  await user.type(form.getByLabelText('Senha'), 'segredo1');
  await user.type(form.getByLabelText('Confirmação de senha'), senhaConf);
  await user.click(form.getByRole('checkbox', { name: /^Li e aceito os Termos de Uso/ }));
  return form;
}

describe('an invitation’s link (issue 41 item 3)', () => {
  it('a link no longer valid says so, leads to the login and forgets a pending invitation', async () => {
    rememberInvitation(TOKEN);
    stubFetch({
      'GET /api/sessao/web': anonymousSessionResponse,
      [`GET ${API}`]: () =>
        envelopeResponse(null, { httpStatus: 404, message: PEOPLE_MESSAGES.invitationInvalid }),
    });
    renderApp(PATH);
    expect(await screen.findByText(PEOPLE_MESSAGES.invitationInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute(
      'href',
      '/login/1',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(pendingInvitationPath()).toBeNull());
    expect(notices()).toEqual([]);
  });

  it('a new person signs up with the invitation’s e-mail, which they cannot change, and enters the account', async () => {
    rememberInvitation(TOKEN);
    let signedUp = false;
    const { calls } = serve(view(), {
      'GET /api/sessao/web': () =>
        signedUp
          ? sessionResponse(
              signedInSession({
                usuario: { id: 12, nome: 'Paula Dias', nivel: 20 },
                clienteUsuario_nivel: 20,
              }),
            )
          : anonymousSessionResponse(),
      [`POST ${API}/conta_criar`]: () => {
        signedUp = true;
        return envelopeResponse(PAULA, {
          message: PEOPLE_MESSAGES.accepted('Padaria Central Ltda'),
        });
      },
    });
    const { user, router } = renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Convite para Padaria Central Ltda' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Maria Souza convidou você para fazer parte desta conta.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Usuário')).toBeInTheDocument();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('paula@exemplo.com.br');
    expect(email).toBeDisabled();
    await user.type(email, 'outra@exemplo.com.br');
    expect(email).toHaveValue('paula@exemplo.com.br');

    const submit = screen.getByRole('button', { name: 'Criar conta e entrar' });
    expect(submit).toBeDisabled();
    await fillSignUp(user);
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/a/redirect'));
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
    ).toEqual([
      [
        `${API}/conta_criar`,
        { nome: 'Paula Dias', telefone_celular: '11987654321', senha: 'segredo1', termos: true },
      ],
    ]);
    expect(notices()).toContainEqual([
      'success',
      'Pronto! Agora você faz parte de Padaria Central Ltda.',
    ]);
    expect(pendingInvitationPath()).toBeNull();
  });

  it('different passwords stop the sign-up before any call', async () => {
    const { calls } = serve(view());
    const { user } = renderApp(PATH);
    const form = await fillSignUp(user, 'segredo2');
    await user.click(form.getByRole('button', { name: 'Criar conta e entrar' }));
    expect(await form.findByText('As senhas são diferentes')).toBeInTheDocument();
    expect(form.getByLabelText('Confirmação de senha')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('signed in with the invited e-mail (in any case), accepts and enters the account', async () => {
    rememberInvitation(TOKEN);
    let accepted = false;
    const { calls } = serve(
      view({
        email: 'maria@exemplo.com.br',
        conta_existe: true,
        sessao_email: 'Maria@Exemplo.com.br',
      }),
      {
        // Signed in without a client before; in the invited one after (the login info says so).
        'GET /api/sessao/web': () =>
          sessionResponse(
            accepted
              ? signedInSession()
              : signedInSession({ cliente: null, clienteUsuario_nivel: null }),
          ),
        [`POST ${API}/aceitar`]: () => {
          accepted = true;
          return envelopeResponse(loginInfo(), {
            message: PEOPLE_MESSAGES.accepted('Padaria Central Ltda'),
          });
        },
      },
    );
    const { user, router } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Aceitar convite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a/redirect'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${API}/aceitar`,
    ]);
    expect(notices()).toContainEqual([
      'success',
      'Pronto! Agora você faz parte de Padaria Central Ltda.',
    ]);
    expect(pendingInvitationPath()).toBeNull();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/sessao/web').length).toBeGreaterThan(1),
    );
    expect(notices().filter(([level]) => level !== 'success')).toEqual([]);
  });

  it('signed in with another e-mail: says which one, and signs out to come back with it', async () => {
    const { calls } = serve(view({ conta_existe: true, sessao_email: 'maria@exemplo.com.br' }), {
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'POST /api/acesso/logout': () => envelopeResponse(null),
    });
    const { user } = renderApp(PATH);
    expect(
      await screen.findByText(PEOPLE_MESSAGES.otherEmail('paula@exemplo.com.br')),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sair e entrar com outra conta' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login/2'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/acesso/logout',
    ]);
    expect(pendingInvitationPath()).toBe(PATH);
  });

  it("an existing account's person goes to the login, and the invitation waits for the sign-in", async () => {
    serve(view({ conta_existe: true }), {
      'GET /api/gl_produto/2/edit': () => envelopeResponse(publicProduct()),
      'GET /api/captcha/config': () =>
        envelopeResponse({ provider: 'none', siteKey: null, challengeUrl: null }),
    });
    const { user, router } = renderApp(PATH);
    expect(
      await screen.findByText(
        'Você já tem uma conta com o e-mail paula@exemplo.com.br. Entre para aceitar o convite.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Criar sua conta' })).not.toBeInTheDocument();
    expect(pendingInvitationPath()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Entrar para aceitar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2'));
    expect(pendingInvitationPath()).toBe(PATH);
  });
});
