import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, setCsrfCookie, stubFetch, type StubRequest } from '../../testing/fetch-stub';
import { CrudList } from './list-page';

type Row = { id: number; nome: string };
const BASE = '/api/admin/coisa';

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  queryClient.clear();
  setCsrfCookie(null);
});

function Where() {
  const location = useLocation();
  return (
    <>
      <output aria-label="endereço">{`${location.pathname}${location.search}`}</output>
      <output aria-label="volta para">{(location.state as { back?: { path: string } } | null)?.back?.path ?? ''}</output>
    </>
  );
}

/** The plain §3 shape for page `page` of 40 rows, 15 a page; `wrapped` puts it in meta/links. */
function pageOf(request: StubRequest, wrapped = false) {
  const params = new URL(request.url, 'http://x').searchParams;
  const page = Number(params.get('page'));
  const from = (page - 1) * 15 + 1;
  const to = Math.min(40, page * 15);
  const data: Row[] = Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index, nome: `Coisa ${from + index}` }));
  const meta = { current_page: page, last_page: 3, from, to, total: 40, per_page: 15, path: BASE, cursor_inicio: `i${page}`, cursor_fim: `f${page}` };
  return envelopeResponse(wrapped ? { data, meta, links: { first: '?page=1', last: '?page=3', prev: null, next: null } } : { ...meta, data });
}

function setup(wrapped = false, hold?: Promise<void>) {
  const { calls } = stubFetch({
    [`GET ${BASE}`]: async (request) => {
      if (hold && calls.length > 1) await hold;
      return pageOf(request, wrapped);
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/coisas',
        element: (
          <>
            <CrudList<Row>
              caption="Coisas"
              base={BASE}
              params={{ ativo: 1 }}
              addPath="/coisas/novo"
              editPath={(row) => `/coisas/${row.id}`}
              backPath="/"
              columns={[{ header: 'Nome', cell: (row) => row.nome }]}
            />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/coisas'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const query = (request: StubRequest | undefined) => Object.fromEntries(new URL(request?.url ?? '', 'http://x').searchParams);

describe('CrudList (§2 generic list page)', () => {
  it.each([false, true])('pages through either §3 shape (wrapped: %s) with its extra filters', async (wrapped) => {
    const { calls, user } = setup(wrapped);
    expect(await screen.findByText('Coisa 1')).toBeInTheDocument();
    expect(screen.getByText('Exibindo 1-15 de 40 registros(s).')).toBeInTheDocument();
    expect(query(calls[0])).toEqual({ ativo: '1', page: '1' });
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    expect(await screen.findByText('Coisa 40')).toBeInTheDocument();
    expect(screen.getByText('Exibindo 31-40 de 40 registros(s).')).toBeInTheDocument();
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/coisas?page=3');
  });

  it("asks for the page next to the one on screen from that page's first or last key (issue 37)", async () => {
    const { calls, user } = setup();
    await screen.findByText('Coisa 1');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await screen.findByText('Coisa 16');
    expect(query(calls.at(-1))).toEqual({ ativo: '1', page: '2', apos: 'f1' });
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    await screen.findByText('Coisa 40');
    expect(query(calls.at(-1))).toEqual({ ativo: '1', page: '3', apos: 'f2' });
    // A new search starts over: the keys of another search's pages are not sent.
    await user.type(screen.getByRole('searchbox'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(query(calls.at(-1))).toEqual({ ativo: '1', page: '1', searchText: 'abc' }));
    await user.click(await screen.findByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(query(calls.at(-1))).toEqual({ ativo: '1', page: '3', searchText: 'abc', apos: 'f1' }));
    await user.click(await screen.findByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(query(calls.at(-1))).toEqual({ ativo: '1', page: '2', searchText: 'abc', antes: 'i3' }));
  });

  it('searches from the first page with searchText, kept in the address', async () => {
    const { calls, user } = setup();
    await screen.findByText('Coisa 1');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByText('Coisa 16');
    await user.type(screen.getByRole('searchbox'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(query(calls.at(-1))).toEqual({ ativo: '1', page: '1', searchText: 'abc' }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/coisas?page=1&q=abc');
  });

  it("refreshes with 'Atualizar', disabled while loading", async () => {
    let release = () => undefined as void;
    const { calls, user } = setup(false, new Promise<void>((resolve) => (release = resolve)));
    await screen.findByText('Coisa 1');
    const refresh = screen.getByRole('button', { name: /Atualizar/ });
    await user.click(refresh);
    await waitFor(() => expect(refresh).toBeDisabled());
    expect(refresh.querySelector('.app-spin')).not.toBeNull();
    release();
    await waitFor(() => expect(refresh).toBeEnabled());
    expect(refresh.querySelector('.app-spin')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('opens a row with this page and search to come back to (§4)', async () => {
    const { user } = setup();
    await screen.findByText('Coisa 1');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await user.type(screen.getByRole('searchbox'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.getByLabelText('endereço')).toHaveTextContent('/coisas?page=1&q=abc'));
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await user.click(await screen.findByText('Coisa 16'));
    expect(screen.getByLabelText('endereço')).toHaveTextContent(/^\/coisas\/16$/);
    expect(screen.getByLabelText('volta para')).toHaveTextContent(/^\/coisas\?page=2&q=abc$/);
  });

  it('opens the row clicked', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Coisas' });
    await user.click(await within(table).findByText('Coisa 3'));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/coisas/3');
  });

  it("goes to the new record's page with 'Adicionar'", async () => {
    const { user } = setup();
    await screen.findByText('Coisa 1');
    await user.click(screen.getByRole('button', { name: '+ Adicionar' }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/coisas/novo');
  });
});
