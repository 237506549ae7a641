import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anonymousSessionResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '../testing/fetch-stub';
import { resetAppState } from '../testing/render-app';
import type { SessionData } from './session';
import { pageNavigation } from './navigation';
import { getNotices } from './notices';
import { queryClient } from './query-client';
import { setSession, useSession } from './session';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The server's answer can change between checks; `answer` is what it says now. */
function serveSession(initial: SessionData | null) {
  const server = { answer: initial };
  const stub = stubFetch({
    'GET /api/sessao/web': () =>
      server.answer ? sessionResponse(server.answer) : anonymousSessionResponse(),
  });
  return { server, sessionCalls: () => stub.calls.length };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  window.dispatchEvent(new Event('visibilitychange'));
}

/** TanStack Query tells observers on a timer, which is fake here. */
async function flush() {
  await act(() => vi.advanceTimersByTimeAsync(0));
}

let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  vi.useFakeTimers();
  setCsrfCookie('csrf');
  navigate = vi.fn<(url: string) => void>();
  vi.spyOn(pageNavigation, 'load').mockImplementation(navigate);
});

afterEach(() => {
  setVisibility('visible');
  resetAppState();
  setCsrfCookie(null);
});

describe('useSession', () => {
  it('an anonymous answer is a normal state: no notice, no redirect', async () => {
    serveSession(null);
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('loading');
    await vi.waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(result.current.usuario).toBeNull();
    expect(getNotices()).toEqual([]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('exposes the signed-in user, client and product', async () => {
    serveSession(signedInSession());
    const { result } = renderHook(() => useSession(), { wrapper });
    await vi.waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.usuario).toEqual({ id: 7, nome: 'Maria Souza', nivel: 10 });
    expect(result.current.cliente?.nome_fantasia).toBe('Padaria Central');
    expect(result.current.produto?.id).toBe(2);
  });

  it('re-checks every 300 s (§9)', async () => {
    const { sessionCalls } = serveSession(signedInSession());
    renderHook(() => useSession(), { wrapper });
    await vi.waitFor(() => expect(sessionCalls()).toBe(1));
    await vi.advanceTimersByTimeAsync(299_000);
    expect(sessionCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sessionCalls()).toBe(2);
  });

  it('on window activation re-checks only when more than 300 s have passed (§9)', async () => {
    const { sessionCalls } = serveSession(signedInSession());
    renderHook(() => useSession(), { wrapper });
    await vi.waitFor(() => expect(sessionCalls()).toBe(1));

    act(() => setVisibility('hidden'));
    await vi.advanceTimersByTimeAsync(200_000);
    act(() => setVisibility('visible'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sessionCalls()).toBe(1);

    act(() => setVisibility('hidden'));
    await vi.advanceTimersByTimeAsync(200_000);
    expect(sessionCalls()).toBe(1); // the periodic check waits while the tab is hidden
    act(() => setVisibility('visible'));
    await vi.waitFor(() => expect(sessionCalls()).toBe(2));
  });

  it.each([
    ['user', { usuario: { id: 8, nome: 'João', nivel: 10 } }],
    [
      'client',
      {
        cliente: {
          id: 4,
          nome_fantasia: 'Mercado Sul',
          razao_social: 'Mercado Sul S.A.',
          fatura_token: 'tok-4',
        },
      },
    ],
    [
      'product',
      { produto: { id: 5, nome: 'Outro', logo_url: null, cadastro_usuario_inativo: false } },
    ],
  ] as const)(
    "a different %s on a later check: 'Usuário ou cliente alterados na sessão.' and home after 3 s (§4)",
    async (_what, change) => {
      const { server } = serveSession(signedInSession());
      const { result } = renderHook(() => useSession(), { wrapper });
      await vi.waitFor(() => expect(result.current.status).toBe('authenticated'));

      server.answer = signedInSession(change);
      await act(() => result.current.refresh());
      expect(getNotices().map((notice) => notice.text)).toEqual([
        'Usuário ou cliente alterados na sessão.',
      ]);
      await vi.advanceTimersByTimeAsync(2999);
      expect(navigate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(navigate).toHaveBeenCalledWith('/');
    },
  );

  it('a change made by a login flow through setSession is not a takeover', async () => {
    const { server } = serveSession(signedInSession());
    const { result } = renderHook(() => useSession(), { wrapper });
    await vi.waitFor(() => expect(result.current.status).toBe('authenticated'));

    const selected = signedInSession({
      cliente: {
        id: 4,
        nome_fantasia: 'Mercado Sul',
        razao_social: 'Mercado Sul S.A.',
        fatura_token: 'tok-4',
      },
    });
    act(() => setSession(selected));
    await flush();
    expect(result.current.cliente?.nome_fantasia).toBe('Mercado Sul');
    server.answer = selected;
    await act(() => result.current.refresh());
    expect(getNotices()).toEqual([]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the same user signing in again after an expiry is not a takeover', async () => {
    const { server } = serveSession(signedInSession());
    const { result } = renderHook(() => useSession(), { wrapper });
    await vi.waitFor(() => expect(result.current.status).toBe('authenticated'));
    server.answer = null;
    await act(() => result.current.refresh());
    await flush();
    expect(result.current.status).toBe('anonymous');
    server.answer = signedInSession();
    await act(() => result.current.refresh());
    await flush();
    expect(result.current.status).toBe('authenticated');
    expect(getNotices()).toEqual([]);
  });
});
