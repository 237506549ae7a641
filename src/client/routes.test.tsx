import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from './lib/navigation';
import { queryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';
import {
  anonymousSessionResponse,
  envelopeResponse,
  dashboardSummaryResponse,
  sessionResponse,
  setCsrfCookie,
  setMeta,
  signedInSession,
  stubFetch,
} from './testing/fetch-stub';
import { renderApp, resetAppState } from './testing/render-app';

/** The profile screen (/me/meusdados) loads the user record; the layout tests open it. */
const ME_RECORD = {
  'GET /api/gl_usuario/me': () =>
    envelopeResponse({
      data: {
        id: 7,
        nome: 'Maria Souza',
        apelido: 'Maria',
        email: 'maria@exemplo.com.br',
        telefone_celular: '11987654321',
      },
    }),
};

const NOT_FOUND = 'Ops... a página que você procura não existe ou foi movida de lugar.';

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  setCsrfCookie('csrf');
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

/** What the login screen of product 1 asks for: its product and the captcha configuration. */
const LOGIN_SCREEN = {
  'GET /api/gl_produto/1/edit': () =>
    envelopeResponse({
      id: 1,
      nome: 'Gestão',
      url: '/painel',
      logo_url: null,
      cadastro_permitido: true,
      cadastro_usuario_inativo: false,
    }),
  'GET /api/captcha/config': () =>
    envelopeResponse({ provider: 'none', siteKey: null, challengeUrl: null }),
};

/** What the plans page of product 1 asks for besides the product (none here). */
const PLANS_SCREEN = {
  'GET /api/gl_produto/1/public_planos': () => envelopeResponse([]),
  'GET /api/pg_conta/public_index': () => envelopeResponse([]),
};

/** A visitor, who lands on the login screen. */
function asVisitor() {
  return stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    // The reset page checks its link on opening (decision 050).
    'POST /api/acesso/recuperar_token/verificar': () => envelopeResponse(null),
    // The approval link approves its invoice on opening (decision 102).
    'POST /api/pg_fatura/aprovar/abc': () => envelopeResponse(null),
    ...LOGIN_SCREEN,
    ...PLANS_SCREEN,
  });
}

function asSignedIn() {
  return stubFetch({
    ...ME_RECORD,
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'GET /api/painel/resumo': () => dashboardSummaryResponse(),
    'POST /api/gl_usuario/twofaStatus': () =>
      envelopeResponse({
        twofa_enabled: false,
        trusted_dispositivo_list: [],
        recovery_keys_restantes: 0,
      }),
  });
}

function footer() {
  return screen.getByRole('contentinfo');
}

describe('routes (§2)', () => {
  it("'/' goes to the login of product 1", async () => {
    asVisitor();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/1');
    expect(document.title).toBe('Entrar · Portal do Cliente');
  });

  it('any other path shows the not-found page, with a link home and the footer', async () => {
    asVisitor();
    renderApp('/nada/por/aqui');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '› Ir para home' })).toHaveAttribute('href', '/');
    expect(within(footer()).getByText('Portal do Cliente')).toBeInTheDocument();
  });

  it.each([
    ['/login/1', 'Entrar'],
    ['/login/1/conta_criar', 'Criar uma conta'],
    ['/login/1/conta_criar/logado', 'Criar uma conta'],
    ['/login/1/conta_criar/email', 'Senha enviada para seu e-mail'],
    ['/login/1/conta_selecionar', 'Entrar'],
    ['/login/1/conta_criar_senha', 'Altere sua senha'],
    ['/login/1/direcionar_produto', 'Seja Bem-vindo(a)'],
    ['/login/recuperar_email/1', 'Recuperar senha'],
    ['/login/recuperar_token/abc', 'Criar nova senha'],
    ['/fatura/faturaEmitida/abc', 'Fatura autorizada!'],
    ['/cliente/abc/fatura', 'Faturas'],
    ['/produto/1/planos', 'Planos'],
    ['/produto/1/planoMudancaSucesso', 'Mudança de plano solicitada'],
    ['/e/login', 'Confirme sua senha'],
    ['/termos-de-uso', 'Termos de Uso'],
    ['/politica-de-privacidade', 'Política de Privacidade'],
  ])('%s shows "%s" to a visitor, with the footer', async (path, title) => {
    asVisitor();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(footer()).toBeInTheDocument();
  });

  it.each([
    ['/painel', 'Painel'],
    ['/me/config', 'Configurações'],
    ['/me/meusdados', 'Meus dados'],
    ['/me/twofa', 'Gerenciar 2FA'],
  ])('%s shows "%s" to a signed-in user', async (path, title) => {
    asSignedIn();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("the landing page says 'Em breve, novidades.' and leads to the login", async () => {
    asVisitor();
    renderApp('/em-breve');
    expect(await screen.findByText('Em breve, novidades.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acessar o painel' })).toHaveAttribute(
      'href',
      '/login/1',
    );
  });

  it("a signed-in screen sends a visitor home with 'Usuário não logado.'", async () => {
    asVisitor();
    const { router } = renderApp('/me/meusdados');
    expect(await screen.findByText('Usuário não logado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/1'));
    expect(screen.queryByRole('heading', { name: 'Meus dados' })).not.toBeInTheDocument();
  });

  it('a signed-in screen whose session ends says so and reloads home after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let signedIn = true;
    stubFetch({
      'GET /api/sessao/web': () =>
        signedIn ? sessionResponse(signedInSession()) : anonymousSessionResponse(),
      'GET /api/painel/resumo': () => dashboardSummaryResponse(),
    });
    renderApp('/painel');
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeInTheDocument();

    signedIn = false;
    await act(() => queryClient.refetchQueries({ queryKey: sessionQuery.queryKey }));
    expect(
      await screen.findByText('Sessão expirada! Aguarde, você será redirecionado...'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Painel' })).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('layout', () => {
  it('shows the provider name from the page, and a visitor menu', async () => {
    setMeta('provider-name', 'Nuvem Sistemas');
    asVisitor();
    renderApp('/login/1');
    await screen.findByRole('heading', { name: 'Entrar' });
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Nuvem Sistemas' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Planos' })).toHaveAttribute(
      'href',
      '/produto/1/planos',
    );
    expect(within(nav).getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login/1');
    expect(within(nav).queryByRole('link', { name: 'Painel' })).not.toBeInTheDocument();
    expect(
      within(footer()).getByText(`© ${new Date().getFullYear()} Nuvem Sistemas`),
    ).toBeInTheDocument();
  });

  it("falls back to 'Portal do Cliente' while the server has not filled the meta tag", async () => {
    setMeta('provider-name', '__PROVIDER_NAME__');
    asVisitor();
    renderApp('/login/1');
    await screen.findByRole('heading', { name: 'Entrar' });
    expect(
      within(screen.getByRole('navigation')).getByRole('link', { name: 'Portal do Cliente' }),
    ).toBeInTheDocument();
  });

  it("gives a signed-in user 'Painel', 'Planos' and a menu under their name", async () => {
    stubFetch({ ...ME_RECORD, 'GET /api/sessao/web': () => sessionResponse(signedInSession()) });
    const { user } = renderApp('/me/meusdados');
    await screen.findByRole('heading', { name: 'Meus dados' });
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Painel' })).toHaveAttribute('href', '/painel');
    expect(within(nav).getByRole('link', { name: 'Planos' })).toHaveAttribute(
      'href',
      '/produto/2/planos',
    );
    expect(within(nav).queryByRole('link', { name: 'Entrar' })).not.toBeInTheDocument();

    await user.click(await within(nav).findByRole('button', { name: 'Maria Souza' }));
    expect(within(nav).getByRole('link', { name: 'Meus dados' })).toHaveAttribute(
      'href',
      '/me/meusdados',
    );
    expect(within(nav).getByRole('link', { name: 'Gerenciar 2FA' })).toHaveAttribute(
      'href',
      '/me/twofa',
    );
    expect(within(nav).getByRole('link', { name: 'Trocar conta' })).toHaveAttribute(
      'href',
      '/login/2/conta_selecionar',
    );
  });

  it('shows the current client, with its full name in a tooltip', async () => {
    stubFetch({ ...ME_RECORD, 'GET /api/sessao/web': () => sessionResponse(signedInSession()) });
    const { user } = renderApp('/me/meusdados');
    const client = await screen.findByText('Padaria Central');
    await user.hover(client);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Conta: Padaria Central');
  });

  // The 50 ms delay itself is timed with fake timers in hover-nav-dropdown.test.tsx; here, on a
  // loaded machine, user.hover alone can take longer than the delay.
  it('opens the user menu on hover and closes it when the mouse leaves (§1)', async () => {
    stubFetch({ ...ME_RECORD, 'GET /api/sessao/web': () => sessionResponse(signedInSession()) });
    const { user } = renderApp('/me/meusdados');
    await screen.findByRole('heading', { name: 'Meus dados' });
    const toggle = await screen.findByRole('button', { name: 'Maria Souza' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.hover(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));

    await user.unhover(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('opens the user menu from the keyboard', async () => {
    stubFetch({ ...ME_RECORD, 'GET /api/sessao/web': () => sessionResponse(signedInSession()) });
    const { user } = renderApp('/me/meusdados');
    await screen.findByRole('heading', { name: 'Meus dados' });
    const toggle = await screen.findByRole('button', { name: 'Maria Souza' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Meus dados' })).toBeInTheDocument();
  });

  it('logs out with POST /api/acesso/logout, then goes to the login of the product', async () => {
    const { calls } = stubFetch({
      ...ME_RECORD,
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'POST /api/acesso/logout': () => envelopeResponse(null),
    });
    const { user } = renderApp('/me/meusdados');
    await screen.findByRole('heading', { name: 'Meus dados' });
    await user.click(await screen.findByRole('button', { name: 'Maria Souza' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login/2'));
    expect(calls.filter((call) => call.path === '/api/acesso/logout')).toHaveLength(1);
  });
});
