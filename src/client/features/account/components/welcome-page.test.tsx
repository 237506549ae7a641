import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLoginEvent } from '#client/lib/login-event';
import { pageNavigation } from '#client/lib/navigation';
import { getNotices } from '#client/lib/notices';
import { RESUME_UNAVAILABLE_MESSAGE } from '#client/lib/post-login';
import {
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '#client/testing/fetch-stub';
import { loginInfo, publicProduct } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';

/** The new account's login info: a client, no contract on the product. */
const NEW_ACCOUNT_INFO = loginInfo({ contrato_ultimo: null });

function serve() {
  const stub = stubFetch({
    'GET /api/sessao/web': () => sessionResponse(signedInSession()),
    'POST /api/acesso/evento_getInfo': () => envelopeResponse(NEW_ACCOUNT_INFO),
    // The login screen, where a resume without a remembered event ends up.
    'GET /api/gl_produto/2/edit': () => envelopeResponse(publicProduct()),
    'GET /api/captcha/config': () =>
      envelopeResponse({ provider: 'none', siteKey: null, challengeUrl: null }),
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

async function open() {
  const view = renderApp('/login/2/direcionar_produto');
  expect(await screen.findByRole('heading', { level: 1, name: 'Seja Bem-vindo(a)' })).toBeVisible();
  return view;
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

describe('cliente_direcionar_produto (§2 Welcome)', () => {
  it("offers 'Ver Planos' of the product", async () => {
    serve();
    await open();
    expect(screen.getByRole('link', { name: 'Ver Planos' })).toHaveAttribute(
      'href',
      '/produto/2/planos',
    );
    expect(screen.getByRole('button', { name: 'Continuar login' })).toBeEnabled();
  });

  it("'Continuar login' resumes the remembered login, on to the product this time", async () => {
    rememberLoginEvent({ evento_id: 41, evento_token: 'evento-token-41', pid: 2 });
    const { callsTo } = serve();
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: 'Continuar login' }));
    // Still no contract, yet no second welcome: the redirect page before the product (§4).
    expect(await screen.findByRole('heading', { name: 'Login realizado' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/a/redirect');
    expect(screen.getByRole('link', { name: 'Acessar Gestão' })).toHaveAttribute(
      'href',
      NEW_ACCOUNT_INFO.url,
    );
    expect(callsTo('/api/acesso/evento_getInfo').map((call) => call.body)).toEqual([
      { evento_id: 41, evento_token: 'evento-token-41' },
    ]);
  });

  it("'Continuar login' without a remembered login goes to the login with a warning", async () => {
    const { callsTo } = serve();
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: 'Continuar login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2'));
    expect(getNotices().map((notice) => [notice.level, notice.text])).toContainEqual([
      'warning',
      RESUME_UNAVAILABLE_MESSAGE,
    ]);
    expect(callsTo('/api/acesso/evento_getInfo')).toHaveLength(0);
  });
});
