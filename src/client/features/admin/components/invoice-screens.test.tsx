import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { BILLING_MESSAGES } from '#shared/schemas/billing';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { clearSession, sessionQuery } from '#client/lib/session';
import { envelopeResponse, setCsrfCookie, signedInSession, stubFetch, type StubHandler } from '#client/testing/fetch-stub';
import type { Fatura, FaturaItem } from '../types';
import { InvoiceEdit, InvoiceList } from './invoice-screens';

const AUDIT = { datahora_criado: '2026-11-21T12:00:00.000Z', datahora_modificado: '2026-11-21T12:00:00.000Z' };
const fatura = (overrides: Partial<Fatura> = {}): Fatura => ({
  ...AUDIT,
  id: 70,
  gl_cliente_id: 3,
  cliente_razao_social: 'Empresa Demonstração Ltda',
  situacao: 5,
  data_vencimento: '2026-12-01',
  datahora_confirmado: null,
  valor: '149.90',
  servico_discriminacao: 'Assinatura do Portal Demo',
  data_competencia: '2026-12-01',
  nf_numero: null,
  gl_contrato_id: 41,
  origem: 'recorrente',
  conta: { id: 2, nome_exibicao: 'Boleto bancário', pix_chave: '11444777000161', tem_webhook_segredo: false },
  ...overrides,
});
const ITEM: FaturaItem = {
  ...AUDIT,
  id: 700,
  pg_fatura_id: 70,
  codigo: null,
  descricao: 'Assinatura — Plano Profissional (Mensal), 01/12/2026 a 31/12/2026',
  unidade: 'UN',
  qtde: '1.0000',
  valor: '149.90',
};

const page = <T,>(rows: T[]) =>
  envelopeResponse({ current_page: 1, last_page: 1, from: 1, to: rows.length, total: rows.length, per_page: 15, path: '', data: rows });

/** The invoice's page: the invoice (as `current()` says it is now), its items and its (no) NFS-e. */
function routesFor(current: () => Fatura): Record<string, StubHandler> {
  return {
    'GET /api/admin/pg_fatura/70/edit': () => envelopeResponse({ entity: current() }),
    'GET /api/admin/pg_fatura_item': () => page([ITEM]),
    'GET /api/admin/pg_nfse': () => page([]),
  };
}

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  clearSession();
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

function renderInvoice(nivel: number) {
  queryClient.setQueryData(
    sessionQuery.queryKey,
    signedInSession({ usuario: { id: 1, nome: 'Supervisora Demo', nivel }, cliente: null, clienteUsuario_nivel: null }),
  );
  const router = createMemoryRouter([{ path: '/admin/faturas/:id', element: <InvoiceEdit /> }], {
    initialEntries: ['/admin/faturas/70'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const items = () => screen.getByRole('region', { name: 'Itens' });
const notices = () => getNotices().map((notice) => [notice.level, notice.text]);

describe("an invoice of the billing run is read-only in its items (decision 102)", () => {
  it.each([
    ['recorrente', 'Faturamento recorrente'],
    ['ajuste', 'Ajuste de mudança de plano'],
  ] as const)("origem '%s': says so, and offers no item add, item page or 'Excluir'", async (origem, text) => {
    stubFetch(routesFor(() => fatura({ origem })));
    renderInvoice(STAFF_LEVEL.supervisor);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText(text).closest('p')).toHaveTextContent(`Origem: ${text}`);
    const row = await within(items()).findByRole('row', { name: /Assinatura — Plano Profissional/ });
    expect(within(items()).getByText('Faturas do faturamento não são alteradas: cancele e emita outra.')).toBeInTheDocument();
    expect(within(items()).queryByRole('button', { name: /Adicionar/ })).not.toBeInTheDocument();
    // Not a link to the item's page (where it would be edited or deleted).
    expect(row).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
  });

  it("keeps everything for staff's own invoices (origem 'manual')", async () => {
    stubFetch(routesFor(() => fatura({ origem: 'manual', gl_contrato_id: null })));
    renderInvoice(STAFF_LEVEL.operator);
    expect(await screen.findByText('Manual')).toBeInTheDocument();
    const row = await within(items()).findByRole('row', { name: /Assinatura — Plano Profissional/ });
    expect(row).toHaveAttribute('tabindex', '0');
    expect(within(items()).getByRole('button', { name: '+ Adicionar' })).toBeInTheDocument();
    expect(within(items()).queryByText('Faturas do faturamento não são alteradas: cancele e emita outra.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Excluir' })).toBeEnabled());
  });
});

describe("'Cancelar fatura' (supervisors, unpaid invoices)", () => {
  it("asks first, then cancels: the server's message, and the invoice shown again as 'Cancelada'", async () => {
    let current = fatura();
    const { calls } = stubFetch({
      ...routesFor(() => current),
      'POST /api/admin/pg_fatura/70/cancelar': () => {
        current = fatura({ situacao: 9 });
        return envelopeResponse(null, { message: BILLING_MESSAGES.cancelled });
      },
    });
    const user = renderInvoice(STAFF_LEVEL.supervisor);
    await user.click(await screen.findByRole('button', { name: 'Cancelar fatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar esta fatura?' });
    expect(dialog).toHaveTextContent('A fatura passa a Cancelada e continua listada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar fatura' }));

    await waitFor(() => expect(notices()).toEqual([['success', BILLING_MESSAGES.cancelled]]));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/pg_fatura/70/cancelar']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Loaded again: the select names the new situação; nothing is left to cancel, save or pay.
    await waitFor(() => expect(screen.getByLabelText('Situação')).toHaveDisplayValue('Cancelada'));
    expect(screen.queryByRole('button', { name: 'Cancelar fatura' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como paga' })).not.toBeInTheDocument();
  });

  it("'Cancelar' in the dialog sends nothing", async () => {
    const { calls } = stubFetch(routesFor(() => fatura()));
    const user = renderInvoice(STAFF_LEVEL.supervisor);
    await user.click(await screen.findByRole('button', { name: 'Cancelar fatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar esta fatura?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal as the error notice", async () => {
    stubFetch({
      ...routesFor(() => fatura({ situacao: 8 })),
      'POST /api/admin/pg_fatura/70/cancelar': () =>
        envelopeResponse(null, { httpStatus: 409, message: BILLING_MESSAGES.notCancellable, code: 'not_cancellable' }),
    });
    const user = renderInvoice(STAFF_LEVEL.supervisor);
    await user.click(await screen.findByRole('button', { name: 'Cancelar fatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar esta fatura?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar fatura' }));
    await waitFor(() => expect(notices()).toEqual([['danger', BILLING_MESSAGES.notCancellable]]));
  });

  it('is offered for an invoice held for approval (4)', async () => {
    stubFetch(routesFor(() => fatura({ situacao: 4 })));
    renderInvoice(STAFF_LEVEL.supervisor);
    expect(await screen.findByRole('button', { name: 'Cancelar fatura' })).toBeInTheDocument();
    expect(screen.getByLabelText('Situação')).toHaveDisplayValue('Aguardando aprovação');
  });

  it('is not offered to operators', async () => {
    stubFetch(routesFor(() => fatura()));
    renderInvoice(STAFF_LEVEL.operator);
    await screen.findByText('Faturamento recorrente');
    await within(items()).findByRole('row', { name: /Assinatura/ });
    expect(screen.queryByRole('button', { name: 'Cancelar fatura' })).not.toBeInTheDocument();
  });

  it('is not offered for a paid invoice', async () => {
    stubFetch(routesFor(() => fatura({ situacao: 6, datahora_confirmado: '2026-11-25T15:00:00.000Z' })));
    renderInvoice(STAFF_LEVEL.supervisor);
    await screen.findByText('Faturamento recorrente');
    await within(items()).findByRole('row', { name: /Assinatura/ });
    expect(screen.queryByRole('button', { name: 'Cancelar fatura' })).not.toBeInTheDocument();
  });
});

describe('the invoice list', () => {
  it("names every situação, the billing's too (held, cancelled), and where each invoice came from", async () => {
    stubFetch({
      'GET /api/admin/pg_fatura': () =>
        page([
          fatura({ id: 73, situacao: 9, origem: 'recorrente' }),
          fatura({ id: 72, situacao: 4, origem: 'ajuste', valor: '38.67' }),
          fatura({ id: 71, situacao: 8, origem: 'manual', gl_contrato_id: null, nf_numero: '123' }),
        ]),
    });
    const router = createMemoryRouter([{ path: '/admin/faturas', element: <InvoiceList /> }], {
      initialEntries: ['/admin/faturas'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Faturas' });
    const row = async (id: number) =>
      within(await within(table).findByRole('row', { name: new RegExp(`^${id} `) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // ID, Cliente, Vencimento, Situação, Valor, Origem, NFS-e.
    expect(await row(73)).toEqual(['73', 'Empresa Demonstração Ltda', '01/12/2026', 'Cancelada', 'R$\u00a0149,90', 'Faturamento recorrente', '-']);
    expect(await row(72)).toEqual(['72', 'Empresa Demonstração Ltda', '01/12/2026', 'Aguardando aprovação', 'R$\u00a038,67', 'Ajuste de mudança de plano', '-']);
    expect(await row(71)).toEqual(['71', 'Empresa Demonstração Ltda', '01/12/2026', 'Vencida', 'R$\u00a0149,90', 'Manual', '123']);
  });
});

describe("the account an invoice is billed to, and its PDF (issue 39 item 6)", () => {
  it('names the account, its PIX key and whether its webhook has a secret, and links the PDF', async () => {
    stubFetch(routesFor(() => fatura()));
    renderInvoice(STAFF_LEVEL.operator);
    const billing = await screen.findByRole('region', { name: 'Cobrança' });
    expect(within(billing).getByRole('link', { name: 'Boleto bancário' })).toHaveAttribute('href', '/admin/contas/2');
    expect(within(billing).getByText('11444777000161')).toBeInTheDocument();
    expect(within(billing).getByText('sem segredo: os pagamentos por PIX são registrados à mão')).toBeInTheDocument();
    expect(within(billing).getByRole('link', { name: 'Fatura (PDF)' })).toHaveAttribute('href', '/api/admin/pg_fatura/70/fatura.pdf');
  });

  it('says so when the invoice has no account', async () => {
    stubFetch(routesFor(() => fatura({ origem: 'manual', gl_contrato_id: null, conta: null })));
    renderInvoice(STAFF_LEVEL.operator);
    const billing = await screen.findByRole('region', { name: 'Cobrança' });
    expect(within(billing).getByText('Nenhuma (fatura sem contrato ou plano gratuito)')).toBeInTheDocument();
  });
});
