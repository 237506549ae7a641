import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { BILLING_MESSAGES, type BillingForecast } from '#shared/schemas/billing';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { clearSession, sessionQuery } from '#client/lib/session';
import { envelopeResponse, setCsrfCookie, signedInSession, stubFetch, type StubHandler } from '#client/testing/fetch-stub';
import type { Contrato, FaturamentoExecucao } from '../types';
import { AdminApp } from './admin-app';

const AUDIT = { datahora_criado: '2026-11-01T12:00:00.000Z', datahora_modificado: '2026-11-01T12:00:00.000Z' };
const FORECAST: BillingForecast = { contratos: 2, valor_total: '1648.90', ate: '2026-12-08', antecedencia_dias: 10 };
const CONTRATOS: Contrato[] = [
  {
    ...AUDIT,
    id: 41,
    gl_cliente_id: 3,
    cliente_razao_social: 'Empresa Demonstração Ltda',
    plano_nome: 'Profissional',
    cobranca_tipo_desc: 'Mensal',
    valor: '149.90',
    periodo_inicio: '2026-11-01',
    periodo_fim: '2026-11-30',
    faturado_ate: '2026-11-30',
    proxima_competencia: '2026-12-01',
  },
  {
    ...AUDIT,
    id: 42,
    gl_cliente_id: 9,
    cliente_razao_social: 'Pessoa Nova',
    plano_nome: 'Profissional',
    cobranca_tipo_desc: 'Anual',
    valor: '1499.00',
    periodo_inicio: '2026-11-28',
    periodo_fim: '2027-11-27',
    faturado_ate: null,
    proxima_competencia: '2026-11-28',
  },
];
const EXECUCOES: FaturamentoExecucao[] = [
  {
    ...AUDIT,
    id: 8,
    datahora_inicio: '2026-11-28T13:05:00.000Z',
    datahora_fim: '2026-11-28T13:05:01.000Z',
    faturas: 1,
    valor_total: '149.90',
    vencidas: 0,
    erros: 0,
    ultimo_erro: null,
    tipo: 'manual',
  },
  {
    ...AUDIT,
    id: 7,
    datahora_inicio: '2026-11-28T03:00:00.000Z',
    datahora_fim: '2026-11-28T03:00:02.000Z',
    faturas: 3,
    valor_total: '697.00',
    vencidas: 4,
    erros: 1,
    ultimo_erro: 'Contrato 12: sem conta de pagamento.',
    tipo: 'automatico',
  },
];

const page = <T,>(rows: T[]) =>
  envelopeResponse({ current_page: 1, last_page: 1, from: 1, to: rows.length, total: rows.length, per_page: 15, path: '', data: rows });

const ROUTES: Record<string, StubHandler> = {
  'GET /api/admin/faturamento/previsao': () => envelopeResponse(FORECAST),
  'GET /api/admin/gl_contrato': () => page(CONTRATOS),
  'GET /api/admin/pg_faturamento_execucao': () => page(EXECUCOES),
};

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  clearSession();
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

function renderAdmin(path: string, nivel: number) {
  queryClient.setQueryData(
    sessionQuery.queryKey,
    signedInSession({ usuario: { id: 1, nome: 'Operadora Demo', nivel }, cliente: null, clienteUsuario_nivel: null }),
  );
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminApp /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const notices = () => getNotices().map((notice) => [notice.level, notice.text]);
const contracts = () => screen.getByRole('region', { name: 'Contratos ativos' });
const runs = () => screen.getByRole('region', { name: 'Últimas execuções' });

describe('Administração → Faturamento (decision 102)', () => {
  it('is a section of the staff area for operators', async () => {
    stubFetch(ROUTES);
    renderAdmin('/admin', STAFF_LEVEL.operator);
    const nav = await screen.findByRole('navigation', { name: 'Administração' });
    expect(within(nav).getByRole('link', { name: 'Faturamento' })).toHaveAttribute('href', '/admin/faturamento');
  });

  it("shows the next run's forecast in one sentence", async () => {
    stubFetch(ROUTES);
    renderAdmin('/admin/faturamento', STAFF_LEVEL.operator);
    expect(await screen.findByRole('heading', { level: 1, name: 'Faturamento' })).toBeInTheDocument();
    expect(await screen.findByTestId('previsao-faturamento')).toHaveTextContent(
      'Próxima execução: 2 contratos, R$ 1.648,90, períodos que começam até 08/12/2026; faturas emitidas com 10 dias de antecedência.',
    );
  });

  it("lists the contracts with plan, price, current period, 'Faturado até' and 'Próximo período'", async () => {
    stubFetch(ROUTES);
    renderAdmin('/admin/faturamento', STAFF_LEVEL.operator);
    const row = await within(contracts()).findByRole('row', { name: /Empresa Demonstração Ltda/ });
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Empresa Demonstração Ltda',
      'Profissional (Mensal)',
      'R$\u00a0149,90',
      '01/11/2026 a 30/11/2026',
      '30/11/2026',
      '01/12/2026',
      'Emitir agora',
    ]);
    // Nothing billed yet: '-'.
    const nova = within(contracts()).getByRole('row', { name: /Pessoa Nova/ });
    expect(within(nova).getAllByRole('cell')[4]).toHaveTextContent(/^-$/);
  });

  it('lists the last runs: when, kind, invoices, total, overdue marked and errors with the last one', async () => {
    stubFetch(ROUTES);
    renderAdmin('/admin/faturamento', STAFF_LEVEL.operator);
    const manual = await within(runs()).findByRole('row', { name: /Manual/ });
    expect(within(manual).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '28/11/2026 10:05',
      'Manual',
      '1',
      'R$\u00a0149,90',
      '0',
      '0',
    ]);
    const automatic = within(runs()).getByRole('row', { name: /Automática/ });
    expect(within(automatic).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '28/11/2026 00:00',
      'Automática',
      '3',
      'R$\u00a0697,00',
      '4',
      '1: Contrato 12: sem conta de pagamento.',
    ]);
  });

  it("'Emitir agora' asks first; confirmed, it issues, shows the server's message and refreshes the lists", async () => {
    const { calls } = stubFetch({
      ...ROUTES,
      'POST /api/admin/gl_contrato/41/emitir_agora': () =>
        envelopeResponse(
          { pg_fatura_id: 90, valor: '149.90', data_vencimento: '2026-12-11' },
          { message: BILLING_MESSAGES.issued('R$ 149,90') },
        ),
    });
    const user = renderAdmin('/admin/faturamento', STAFF_LEVEL.operator);
    const button = await within(contracts()).findByRole('button', { name: 'Emitir agora: Empresa Demonstração Ltda' });
    const posts = () => calls.filter((call) => call.method === 'POST');
    const gets = (path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).length;

    // 'Cancelar' sends nothing.
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Emitir a próxima fatura agora?' });
    expect(dialog).toHaveTextContent('A próxima fatura do contrato de Empresa Demonstração Ltda (Profissional (Mensal)) será emitida agora');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);

    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Emitir a próxima fatura agora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Emitir agora' }));
    await waitFor(() => expect(notices()).toEqual([['success', 'Fatura de R$ 149,90 emitida.']]));
    expect(posts().map((call) => call.path)).toEqual(['/api/admin/gl_contrato/41/emitir_agora']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => {
      expect(gets('/api/admin/gl_contrato')).toBe(2);
      expect(gets('/api/admin/pg_faturamento_execucao')).toBe(2);
      expect(gets('/api/admin/faturamento/previsao')).toBe(2);
    });
  });

  it("shows the server's refusal (nothing to bill) as the error notice and closes the dialog", async () => {
    stubFetch({
      ...ROUTES,
      'POST /api/admin/gl_contrato/42/emitir_agora': () =>
        envelopeResponse(null, { httpStatus: 409, message: BILLING_MESSAGES.nothingToIssue, code: 'nothing_to_issue' }),
    });
    const user = renderAdmin('/admin/faturamento', STAFF_LEVEL.operator);
    await user.click(await within(contracts()).findByRole('button', { name: 'Emitir agora: Pessoa Nova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir a próxima fatura agora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Emitir agora' }));
    await waitFor(() => expect(notices()).toEqual([['danger', BILLING_MESSAGES.nothingToIssue]]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
