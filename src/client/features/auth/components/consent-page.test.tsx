import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InteractionInfo } from '#shared/schemas/applications';
import { pageNavigation } from '#client/lib/navigation';
import {
  anonymousSessionResponse,
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '#client/testing/fetch-stub';
import { publicProduct } from '#client/testing/login-fixtures';
import { renderApp, resetAppState } from '#client/testing/render-app';

const UID = 'AbCdEfGhIjKlMnOpQrStU';
const INFO: InteractionInfo = {
  aplicativo: 'Agenda Parceira',
  logo_url: null,
  gl_produto_id: 1,
  escopos: ['openid', 'email', 'offline_access'],
};

/** What main.tsx does when a page opens with ?interacao= (lib/oidc-interaction). */
const STORAGE_KEY = 'portal.oidcInteracao';
const storedInteraction = () => sessionStorage.getItem(STORAGE_KEY);

function serve(options: { signedIn?: boolean; info?: InteractionInfo | null } = {}) {
  const { signedIn = true, info = INFO } = options;
  return stubFetch({
    // The login screen, where a visitor is sent.
    'GET /api/gl_produto/1/edit': () => envelopeResponse(publicProduct({ id: 1, nome: 'Portal' })),
    'GET /api/captcha/config': () =>
      envelopeResponse({ provider: 'none', siteKey: null, challengeUrl: null }),
    'GET /api/sessao/web': () =>
      signedIn ? sessionResponse(signedInSession()) : anonymousSessionResponse(),
    [`GET /api/oidc/interacao/${UID}`]: () =>
      info
        ? envelopeResponse(info)
        : envelopeResponse(null, {
            httpStatus: 404,
            message: 'Este pedido de acesso do aplicativo expirou ou já foi concluído.',
          }),
    [`POST /api/oidc/interacao/${UID}/consentimento`]: () =>
      envelopeResponse({ url: `/oidc/interacao/${UID}` }, { message: 'Acesso permitido.' }),
  });
}

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ id: UID, at: Date.now() }));
  setCsrfCookie('csrf');
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});
afterEach(() => {
  sessionStorage.clear();
  resetAppState();
  setCsrfCookie(null);
});

const open = () => renderApp(`/login/1/autorizar_aplicativo?interacao=${UID}`);

describe('the consent screen of a partner application (decision 097)', () => {
  it('names the application, who is signed in and what each scope releases', async () => {
    serve();
    open();
    expect(
      await screen.findByRole('heading', {
        name: 'Permitir que Agenda Parceira acesse a sua conta?',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Você está conectado como ${signedInSession().usuario?.nome ?? ''}.`),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Saber quem você é (um identificador da sua conta)',
      'Seu endereço de e-mail',
      'Continuar acessando esses dados quando você não estiver usando o aplicativo, até você revogar o acesso',
    ]);
  });

  it("'Permitir' records the consent and goes back to the interaction", async () => {
    const stub = serve();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Permitir' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(`/oidc/interacao/${UID}`));
    expect(stub.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // Answered: a later login in this tab does not return to it.
    expect(storedInteraction()).toBeNull();
  });

  it("'Cancelar' refuses: the interaction answers the application access_denied", async () => {
    const stub = serve();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(navigate).toHaveBeenCalledWith(`/oidc/interacao/${UID}?recusar=1`);
    expect(stub.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(storedInteraction()).toBeNull();
  });

  it('says when the request expired, with the way back, and stops waiting for it', async () => {
    serve({ info: null });
    open();
    expect(
      await screen.findByText(
        'Este pedido de acesso expirou ou já foi concluído. Volte ao aplicativo e entre novamente.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login do portal' })).toHaveAttribute(
      'href',
      '/login/1',
    );
    expect(screen.queryByRole('button', { name: 'Permitir' })).not.toBeInTheDocument();
    expect(storedInteraction()).toBeNull();
  });

  it('sends a visitor to the login, which names the application and keeps the request', async () => {
    serve({ signedIn: false });
    const { router } = open();
    expect(await screen.findByText('Entre para continuar em Agenda Parceira')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/login/1?interacao=${UID}`,
    );
    expect(screen.queryByRole('button', { name: 'Permitir' })).not.toBeInTheDocument();
    expect(storedInteraction()).toContain(UID);
  });
});
