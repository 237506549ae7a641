import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { clearSession, sessionQuery } from '#client/lib/session';
import { envelopeResponse, setCsrfCookie, signedInSession, stubFetch, type StubHandler } from '#client/testing/fetch-stub';
import type { ContratoCancelamento, FaturaReembolso } from '../types';
import { AdminApp } from './admin-app';

const AUDIT = { datahora_criado: '2026-11-20T13:00:00.000Z', datahora_modificado: '2026-11-20T13:00:00.000Z' };
const PEDIDOS: ContratoCancelamento[] = [
  { ...AUDIT, id: 4, gl_contrato_id: 9, gl_cliente_id: 3, protocolo: 'CAN20261120000004', motivo: 'preco', motivo_texto: 'Ficou caro.', imediato: false, arrependimento: false, acesso_ate: '2026-11-30', situacao: 'pendente', cliente_razao_social: 'Padaria Central Ltda', plano_nome: 'Profissional' },
  { ...AUDIT, id: 3, gl_contrato_id: 8, gl_cliente_id: 5, protocolo: 'CAN20261119000003', motivo: 'nao_uso', motivo_texto: null, imediato: true, arrependimento: true, acesso_ate: '2026-11-19', situacao: 'efetivado', cliente_razao_social: 'Ana Lima', plano_nome: 'Básico' },
];
const REEMBOLSOS: FaturaReembolso[] = [
  { ...AUDIT, id: 7, pg_fatura_id: 77, gl_contrato_cancelamento_id: 3, valor: '49.90', situacao: 'pendente', protocolo: 'CAN20261119000003', cliente_razao_social: 'Ana Lima', data_vencimento: '2026-11-25' },
];

const page = <T,>(rows: T[]) =>
  envelopeResponse({ current_page: 1, last_page: 1, from: 1, to: rows.length, total: rows.length, per_page: 15, path: '', data: rows });

const ROUTES: Record<string, StubHandler> = {
  'GET /api/admin/cancelamentos/resumo': () => envelopeResponse([{ mes: '2026-11', motivo: 'preco', quantidade: 3 }, { mes: '2026-10', motivo: 'nao_uso', quantidade: 1 }]),
  'GET /api/admin/gl_contrato_cancelamento': () => page(PEDIDOS),
  'GET /api/admin/pg_fatura_reembolso': () => page(REEMBOLSOS),
};

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  clearSession();
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

function renderAdmin(nivel: number) {
  queryClient.setQueryData(
    sessionQuery.queryKey,
    signedInSession({ usuario: { id: 1, nome: 'Supervisora Demo', nivel }, cliente: null, clienteUsuario_nivel: null }),
  );
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminApp /> }], { initialEntries: ['/admin/cancelamentos'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const notices = () => getNotices().map((notice) => [notice.level, notice.text]);

describe('Administração → Cancelamentos (issue 41)', () => {
  it('counts by reason and month, and lists the requests with their reason, timing and state', async () => {
    stubFetch(ROUTES);
    renderAdmin(STAFF_LEVEL.operator);
    const byReason = await screen.findByRole('table', { name: 'Cancelamentos por motivo e mês' });
    expect(within(byReason).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['11/2026O preço está alto3', '10/2026Não estou usando1']);
    const requests = screen.getByRole('region', { name: 'Pedidos de cancelamento' });
    const first = await within(requests).findByRole('row', { name: /Padaria Central Ltda/ });
    expect(first).toHaveTextContent('O preço está alto: Ficou caro.');
    expect(first).toHaveTextContent('No fim do período');
    expect(first).toHaveTextContent('Agendado');
    expect(within(requests).getByRole('row', { name: /Ana Lima/ })).toHaveTextContent('Arrependimento (CDC art. 49)');
    // Operators read; marking a refund is for supervisors.
    const refunds = screen.getByRole('region', { name: 'Reembolsos a fazer' });
    await within(refunds).findByRole('row', { name: /Ana Lima/ });
    expect(within(refunds).queryByRole('button', { name: /Marcar como reembolsado/ })).not.toBeInTheDocument();
  });

  it("a supervisor marks a refund made, after confirming it", async () => {
    const { calls } = stubFetch({
      ...ROUTES,
      'POST /api/admin/pg_fatura_reembolso/7/reembolsado': () => envelopeResponse(null, { message: 'Reembolso registrado como feito.' }),
    });
    const user = renderAdmin(STAFF_LEVEL.supervisor);
    await user.click(await screen.findByRole('button', { name: 'Marcar como reembolsado: Ana Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como reembolsado' });
    expect(dialog).toHaveTextContent(/Confirma que R\$\s49,90 já foi devolvido a Ana Lima\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como reembolsado' }));
    await waitFor(() => expect(notices()).toEqual([['success', 'Reembolso registrado como feito.']]));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/pg_fatura_reembolso/7/reembolsado']);
  });
});
