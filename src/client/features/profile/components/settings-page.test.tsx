import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLoginEvent } from '#client/lib/login-event';
import { pageNavigation } from '#client/lib/navigation';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '#client/testing/fetch-stub';
import { loginInfo, publicProduct } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';

function serve() {
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'POST /api/acesso/evento_getInfo': () =>
      envelopeResponse(loginInfo({ senha_revalidar: false, clientes: loginInfo().clientes })),
    'POST /api/acesso/logout': () => envelopeResponse(null),
    // The login screen, where a resume without a remembered event ends up.
    'GET /api/gl_produto/2/edit': () => envelopeResponse(publicProduct()),
    'GET /api/captcha/config': () =>
      envelopeResponse({ provider: 'none', siteKey: null, challengeUrl: null }),
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

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

describe('me.config (§2 Settings menu)', () => {
  it('offers Meus dados, Gerenciar 2FA, Segurança and Logout, keeping origin and pid', async () => {
    serve();
    renderApp('/me/config');
    expect(await screen.findByRole('heading', { name: 'Configurações' })).toBeInTheDocument();
    // Default origin 'dashboard' (§9); the pid of the session's product.
    expect(screen.getByRole('link', { name: 'Meus dados' })).toHaveAttribute(
      'href',
      '/me/meusdados?origin=dashboard&pid=2',
    );
    expect(screen.getByRole('link', { name: 'Gerenciar 2FA' })).toHaveAttribute(
      'href',
      '/me/twofa?origin=dashboard&pid=2',
    );
    expect(screen.getByRole('link', { name: 'Segurança' })).toHaveAttribute(
      'href',
      '/me/seguranca?origin=dashboard&pid=2',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Prosseguir com o Login' }),
    ).not.toBeInTheDocument();
  });

  it("during a login, 'Prosseguir com o Login' resumes it with the remembered event", async () => {
    rememberLoginEvent({ evento_id: 41, evento_token: 'evento-token-41', pid: 2 });
    const { callsTo } = serve();
    const { user, router } = renderApp('/me/config?origin=login&pid=2');
    expect(await screen.findByRole('link', { name: 'Gerenciar 2FA' })).toHaveAttribute(
      'href',
      '/me/twofa?origin=login&pid=2',
    );
    await user.click(screen.getByRole('button', { name: 'Prosseguir com o Login' }));
    expect(await screen.findByRole('heading', { name: 'Login realizado' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a/redirect');
    expect(callsTo('/api/acesso/evento_getInfo')[0]?.body).toEqual({
      evento_id: 41,
      evento_token: 'evento-token-41',
    });
  });

  it('without a remembered login, says so and goes to the login of the product', async () => {
    const { callsTo } = serve();
    const { user, router } = renderApp('/me/config?origin=login&pid=2');
    await user.click(await screen.findByRole('button', { name: 'Prosseguir com o Login' }));
    expect(
      await screen.findByText(
        'Não encontramos o login em andamento neste navegador. Entre novamente para continuar.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2'));
    expect(callsTo('/api/acesso/evento_getInfo')).toHaveLength(0);
  });

  it('logs out and forgets the login event', async () => {
    rememberLoginEvent({ evento_id: 41, evento_token: 'evento-token-41', pid: 2 });
    serve();
    const { user } = renderApp('/me/config?origin=login&pid=2');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login/2'));
    expect(sessionStorage.length).toBe(0);
  });
});
