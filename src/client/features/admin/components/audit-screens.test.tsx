import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import type { AuditoriaRow } from '#shared/schemas/audit';
import { queryClient } from '#client/lib/query-client';
import { clearSession, sessionQuery } from '#client/lib/session';
import { envelopeResponse, setCsrfCookie, signedInSession, stubFetch, type StubRequest } from '#client/testing/fetch-stub';
import { defaultDateInterval } from '#client/components/widgets/date-interval-picker';
import { AdminApp } from './admin-app';

const BASE = '/api/admin/gl_auditoria';

const ROWS: AuditoriaRow[] = [
  {
    id: 2,
    datahora: '2026-11-28T13:05:07.000Z',
    gl_usuario_id: 1,
    usuario_nome: 'Administradora Demo',
    alvo_usuario_id: null,
    alvo_nome: null,
    acao: 'alterar',
    recurso: 'gl_cliente',
    recurso_id: '3',
    campos: ['nome_fantasia'],
    detalhes: null,
    ip: '203.0.113.9',
  },
  {
    id: 1,
    datahora: '2026-11-28T02:00:00.000Z',
    gl_usuario_id: null,
    usuario_nome: null,
    alvo_usuario_id: 7,
    alvo_nome: 'Lucas Pereira',
    acao: 'criar',
    recurso: 'gl_cliente_usuario',
    recurso_id: '12',
    campos: ['gl_cliente_id', 'nivel'],
    detalhes: { gl_cliente_id: { de: null, para: 3 }, nivel: { de: null, para: 20 } },
    ip: null,
  },
];

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  clearSession();
  queryClient.clear();
  setCsrfCookie(null);
});

function Where() {
  const location = useLocation();
  return <output aria-label="endereço">{`${location.pathname}${location.search}`}</output>;
}

/** The trail's answer: the plain §3 shape, three pages of the same two rows. */
function pageOf(request: StubRequest) {
  const page = Number(new URL(request.url, 'http://x').searchParams.get('page'));
  return envelopeResponse({ current_page: page, last_page: 3, from: (page - 1) * 15 + 1, to: (page - 1) * 15 + 2, total: 32, per_page: 15, path: BASE, data: ROWS });
}

/** The staff area at `path`, for a staff member of level `nivel`. */
function renderAdmin(path: string, nivel: number) {
  queryClient.setQueryData(sessionQuery.queryKey, signedInSession({ usuario: { id: 1, nome: 'Administradora Demo', nivel }, cliente: null, clienteUsuario_nivel: null }));
  const router = createMemoryRouter(
    [
      {
        path: '/admin/*',
        element: (
          <>
            <AdminApp />
            <Where />
          </>
        ),
      },
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

const query = (request: StubRequest | undefined) => Object.fromEntries(new URL(request?.url ?? '', 'http://x').searchParams);
const listCalls = (calls: StubRequest[]) => calls.filter((call) => call.path === BASE);

describe('Administração → Auditoria (issue 34, decision 099)', () => {
  it('is offered to supervisors, and lists who did what, on what, to whom, which fields, from where', async () => {
    stubFetch({ [`GET ${BASE}`]: pageOf });
    const user = renderAdmin('/admin', 3);
    const nav = screen.getByRole('navigation', { name: 'Administração' });
    await user.click(within(nav).getByRole('link', { name: 'Auditoria' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Auditoria' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Quando',
      'Quem',
      'Ação',
      'Recurso',
      'Pessoa afetada',
      'Campos',
      'IP',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '28/11/2026 10:05:07',
      'Administradora Demo',
      'Alterou',
      'Clientes (ID 3)',
      '-',
      'nome_fantasia',
      '203.0.113.9',
    ]);
    const cells = within(second!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '27/11/2026 23:00:00',
      'Sistema',
      'Criou',
      'Vínculos de usuários (ID 12)',
      'Lucas Pereira',
      expect.any(String),
      '-',
    ]);
    // One line per kept value: 'campo: de → para'.
    expect(within(cells[5]!).getByText('gl_cliente_id: - → 3')).toBeInTheDocument();
    expect(within(cells[5]!).getByText('nivel: - → 20')).toBeInTheDocument();
    // §9 pagination bar.
    expect(screen.getByText('Exibindo 1-2 de 32 registros(s).')).toBeInTheDocument();
  });

  it('is read-only: no add, no edit, no delete, rows open nothing', async () => {
    stubFetch({ [`GET ${BASE}`]: pageOf });
    const user = renderAdmin('/admin/auditoria', 1);
    const table = await screen.findByRole('table', { name: 'Auditoria' });
    await within(table).findByText('Clientes (ID 3)');
    expect(screen.queryByRole('button', { name: /Adicionar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).not.toHaveAttribute('tabindex');
    await user.click(row);
    expect(screen.getByLabelText('endereço')).toHaveTextContent(/^\/admin\/auditoria$/);
  });

  it('filters by period (this month by default), resource and person, each from the first page', async () => {
    const { calls } = stubFetch({
      [`GET ${BASE}`]: pageOf,
      'GET /api/admin/gl_usuario/dropdown': () =>
        envelopeResponse({ lista: [{ id: 7, text: 'Lucas Pereira <usuario@exemplo.com.br>' }], more: false }),
    });
    const month = defaultDateInterval();
    const user = renderAdmin('/admin/auditoria', 3);
    await screen.findByText('Clientes (ID 3)');
    expect(query(listCalls(calls)[0])).toEqual({ page: '1', data_inicio: month.startDate, data_fim: month.endDate });

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toMatchObject({ page: '2' }));
    await user.selectOptions(screen.getByLabelText('Recurso'), 'Clientes');
    await waitFor(() =>
      expect(query(listCalls(calls).at(-1))).toEqual({ page: '1', recurso: 'gl_cliente', data_inicio: month.startDate, data_fim: month.endDate }),
    );
    expect(screen.getByLabelText('endereço')).toHaveTextContent(/^\/admin\/auditoria$/);

    // Without the period, the whole trail.
    await user.click(screen.getByRole('checkbox', { name: 'Período' }));
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toEqual({ page: '1', recurso: 'gl_cliente' }));

    // The person: who acted or whom it concerned, chosen in the users' searchable dropdown.
    await user.click(screen.getByLabelText('Pessoa'));
    await user.click(await screen.findByText('Lucas Pereira <usuario@exemplo.com.br>'));
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toEqual({ page: '1', recurso: 'gl_cliente', gl_usuario_id: '7' }));

    await user.selectOptions(screen.getByLabelText('Recurso'), 'Todos os recursos');
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toEqual({ page: '1', gl_usuario_id: '7' }));
  });

  it('is not offered to operators', () => {
    // No route stubbed: nothing may ask for the trail.
    stubFetch({});
    renderAdmin('/admin', 5);
    const nav = screen.getByRole('navigation', { name: 'Administração' });
    expect(within(nav).getByRole('link', { name: 'Clientes' })).toBeInTheDocument();
    // Neither in the menu nor among the cards.
    expect(screen.getAllByRole('link', { name: 'Clientes' })).toHaveLength(2);
    expect(screen.queryAllByRole('link', { name: 'Auditoria' })).toHaveLength(0);
  });

  it('is refused to operators at its address, without asking for the trail', async () => {
    stubFetch({});
    renderAdmin('/admin/auditoria', 5);
    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Auditoria' })).not.toBeInTheDocument();
  });
});
