import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissAllNotices } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { envelopeResponse, setCsrfCookie, stubFetch } from '#client/testing/fetch-stub';
import type { OidcCliente } from '../types';
import { AplicativoEdit } from './application-screens';

const LABEL = 'Aplicativo do próprio provedor (não pede consentimento)';
const HINT =
  'Aplicativos de parceiros (desmarcado) mostram uma tela de consentimento na primeira vez que cada pessoa entra por eles.';

const APLICATIVO: OidcCliente = {
  id: 5,
  datahora_criado: '2026-11-01T12:00:00.000Z',
  datahora_modificado: '2026-11-01T12:00:00.000Z',
  gl_produto_id: 1,
  nome: 'Vendas',
  logo_url: null,
  client_id: 'app_vendas',
  confidencial: true,
  tem_segredo: true,
  redirect_uris: ['https://vendas.exemplo.com.br/callback'],
  post_logout_redirect_uris: [],
  backchannel_logout_uri: null,
  primeira_parte: false,
  ativo: true,
};

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

function Where() {
  const location = useLocation();
  return <output aria-label="endereço">{location.pathname}</output>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/produtos/:parentId/aplicativos/:id', element: <AplicativoEdit /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const produto = () => envelopeResponse({ entity: { id: 1, nome: 'Portal Demo' } });

describe("an application's consent (decision 097): 'primeira_parte' on the edit screen", () => {
  it('shows the flag as loaded, explains it, and saves it', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/gl_produto/1/edit': produto,
      'GET /api/admin/gl_oidc_cliente/5/edit': () => envelopeResponse({ entity: APLICATIVO }),
      'PUT /api/admin/gl_oidc_cliente/5': () =>
        envelopeResponse({ entity: { ...APLICATIVO, primeira_parte: true } }, { message: 'Registro salvo.' }),
    });
    const user = renderAt('/admin/produtos/1/aplicativos/5');
    // The fields open once they hold the record (edit-page.tsx).
    await waitFor(() => expect(screen.getByLabelText('Nome', { exact: false })).toBeEnabled());
    expect(screen.getByLabelText('Nome', { exact: false })).toHaveValue('Vendas');
    const flag = screen.getByRole('checkbox', { name: LABEL });
    expect(flag).not.toBeChecked();
    expect(flag).toHaveAccessibleDescription(HINT);
    await user.click(flag);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/admin/produtos/1'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ primeira_parte: true, ativo: true });
  });

  it("registers a partner's application (consent asked) unless staff tick it", async () => {
    const { calls } = stubFetch({
      'GET /api/admin/gl_produto/1/edit': produto,
      'POST /api/admin/gl_oidc_cliente': () =>
        envelopeResponse({ entity: { ...APLICATIVO, id: 6 } }, { message: 'Registro criado.' }),
      'GET /api/admin/gl_oidc_cliente/6/edit': () => envelopeResponse({ entity: { ...APLICATIVO, id: 6 } }),
    });
    const user = renderAt('/admin/produtos/1/aplicativos/novo');
    await screen.findByText('Portal Demo');
    expect(screen.getByRole('checkbox', { name: LABEL })).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Nome/), 'Vendas');
    await user.type(screen.getByLabelText(/^Endereços de retorno/), 'https://vendas.exemplo.com.br/callback');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // On to the new application's page, where its secret is made.
    expect(await screen.findByText('app_vendas')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ gl_produto_id: 1, primeira_parte: false });
    // The new page reads the application; ended before that read, the test let it run after
    // its CSRF cookie was cleared (a console error seen on a loaded machine).
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path.endsWith('/gl_oidc_cliente/6/edit'))).not.toHaveLength(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });
});
