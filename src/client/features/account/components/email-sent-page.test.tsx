import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '#client/lib/navigation';
import { getNotices } from '#client/lib/notices';
import {
  anonymousSessionResponse,
  envelopeResponse,
  setCsrfCookie,
  stubFetch,
  type StubHandler,
} from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';
import { logoutPayloadFromQuery } from './email-sent-page';
import { EMAIL_SENT_TEXTS } from '../texts';

const SESSAO_ID = '5b0c6a3e-1d1f-4a51-9d0e-7a7a8f1e2b3c';

function serve(logout: StubHandler = () => envelopeResponse(null)) {
  const stub = stubFetch({
    'GET /api/sessao/web': anonymousSessionResponse,
    'POST /api/acesso/logout': logout,
  });
  return { callsTo: (path: string) => stub.calls.filter((call) => call.path === path) };
}

async function open(path: string) {
  const view = renderApp(path);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Senha enviada para seu e-mail' }),
  ).toBeVisible();
  return view;
}

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

describe('validar_email (§2 Password sent)', () => {
  it('explains what to do next and leads to the login of the product', async () => {
    serve();
    await open('/login/2/conta_criar/email');
    expect(screen.getByText(EMAIL_SENT_TEXTS.inbox)).toBeVisible();
    expect(screen.getByText(EMAIL_SENT_TEXTS.next)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Entendi! Ir para Login' })).toHaveAttribute(
      'href',
      '/login/2',
    );
  });

  it('Logout sends the tokens of the query (session_* as sessao_*), then the login', async () => {
    const { callsTo } = serve();
    const { user } = await open(
      `/login/2/conta_criar/email?session_id=${SESSAO_ID}&session_token=tok-s&evento_id=41&evento_token=tok-e`,
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login/2'));
    expect(callsTo('/api/acesso/logout').map((call) => call.body)).toEqual([
      { evento_id: '41', evento_token: 'tok-e', sessao_id: SESSAO_ID, sessao_token: 'tok-s' },
    ]);
  });

  it('Logout without tokens in the query ends the browser’s own session', async () => {
    const { callsTo } = serve();
    const { user } = await open('/login/2/conta_criar/email');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login/2'));
    expect(callsTo('/api/acesso/logout').map((call) => call.body)).toEqual([{}]);
  });

  it('a failed logout is only logged and the person stays (§8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { callsTo } = serve(() =>
      envelopeResponse(null, { httpStatus: 500, message: 'Ocorreu um erro inesperado.' }),
    );
    const { user, router } = await open('/login/2/conta_criar/email?evento_id=41');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(callsTo('/api/acesso/logout')).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(getNotices()).toEqual([]);
    expect(router.state.location.pathname).toBe('/login/2/conta_criar/email');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});

describe('logoutPayloadFromQuery (§3 query-string tokens)', () => {
  it('takes sessao_* or session_*, and leaves out what is missing or blank', () => {
    expect(
      logoutPayloadFromQuery(new URLSearchParams('sessao_id=a&sessao_token=b&session_id=x')),
    ).toEqual({ sessao_id: 'a', sessao_token: 'b' });
    expect(logoutPayloadFromQuery(new URLSearchParams('session_token=t&evento_token=%20'))).toEqual(
      { sessao_token: 't' },
    );
    expect(logoutPayloadFromQuery(new URLSearchParams(''))).toEqual({});
  });
});
