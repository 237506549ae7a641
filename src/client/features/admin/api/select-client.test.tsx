import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import { pageNavigation } from '#client/lib/navigation';
import { queryClient } from '#client/lib/query-client';
import { clearSession, sessionQuery } from '#client/lib/session';
import { envelopeResponse, setCsrfCookie, signedInSession, stubFetch } from '#client/testing/fetch-stub';
import { useSelectClient } from './select-client';

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  clearSession();
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
const notices = () => getNotices().map((notice) => [notice.level, notice.text]);

describe('useSelectClient (§7 admin/cliente/selecionar)', () => {
  it("sends {id} and says 'Cliente {name} selecionado.'", async () => {
    const { calls } = stubFetch({
      'POST /api/admin/cliente/selecionar': () =>
        envelopeResponse({ cliente: { id: 4, razao_social: 'Empresa X', nome_fantasia: null } }, { message: 'Cliente Empresa X selecionado.' }),
      'GET /api/sessao/web': () => envelopeResponse(signedInSession()),
    });
    const { result } = renderHook(() => useSelectClient(), { wrapper });
    act(() => result.current.mutate(4));
    await waitFor(() => expect(notices()).toContainEqual(['success', 'Cliente Empresa X selecionado.']));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { id: 4 } });
  });

  it('keeps the admin signed in: the next session answer names the client this tab selected (§4)', async () => {
    const load = vi.spyOn(pageNavigation, 'load').mockImplementation(() => undefined);
    let cliente = signedInSession().cliente;
    stubFetch({
      'POST /api/admin/cliente/selecionar': () => {
        cliente = { id: 4, razao_social: 'Empresa X', nome_fantasia: 'Empresa X', fatura_token: null };
        return envelopeResponse({ cliente: { id: 4, razao_social: 'Empresa X', nome_fantasia: null } }, { message: 'Cliente Empresa X selecionado.' });
      },
      'GET /api/sessao/web': () => envelopeResponse(signedInSession({ cliente })),
    });
    // The tab's first signed-in answer (client 3) is the reference of the §4 check.
    await queryClient.fetchQuery(sessionQuery);
    const { result } = renderHook(() => useSelectClient(), { wrapper });
    act(() => result.current.mutate(4));
    await waitFor(() => expect(notices()).toContainEqual(['success', 'Cliente Empresa X selecionado.']));
    await waitFor(() => expect(queryClient.getQueryData(sessionQuery.queryKey)?.cliente?.razao_social).toBe('Empresa X'));
    expect(notices()).not.toContainEqual(['warning', MESSAGES.sessionChanged]);
    expect(load).not.toHaveBeenCalled();
  });

  it("says 'Erro ao alterar cliente: ...' when it fails (§8)", async () => {
    stubFetch({
      'POST /api/admin/cliente/selecionar': () => envelopeResponse(null, { httpStatus: 404, message: 'Cliente não encontrado.' }),
    });
    const { result } = renderHook(() => useSelectClient(), { wrapper });
    act(() => result.current.mutate(99));
    await waitFor(() => expect(notices()).toEqual([['danger', 'Erro ao alterar cliente: Cliente não encontrado.']]));
  });
});
