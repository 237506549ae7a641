import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import {
  envelopeResponse,
  dashboardNextInvoice,
  dashboardSummaryResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch, cancellationTermsRoute } from '#client/testing/fetch-stub';
import userEvent from '@testing-library/user-event';
import { renderApp, resetAppState } from '#client/testing/render-app';

const CONTRATO = {
  id: 12,
  periodo_inicio: '2026-11-01',
  periodo_fim: '2026-11-30',
  plano: { id: 4, nome_exibicao: 'Plano Profissional' },
};

/** A summary owing one invoice, the next to pay. */
const owingOne = (proxima: ReturnType<typeof dashboardNextInvoice>) =>
  dashboardSummaryResponse({
    em_aberto: { total: proxima.valor, quantidade: 1, vencidas: 0, vencida_desde: null, proxima },
  });

/** GET …/{id}/boleto (issue 40): made, the bank has not confirmed its registration yet. */
const boletoEmRegistro = (id: number) =>
  envelopeResponse({
    id,
    situacao: 'em_registro',
    banco: 'Banco do Brasil',
    valor: '100.00',
    data_vencimento: '2026-12-10',
    nosso_numero: '12345670000000001',
    linha_digitavel: null,
    pdf_url: null,
  });

/** The 'Em aberto' card, once the summary is in. */
async function owedCard() {
  const heading = await screen.findByRole('heading', { name: 'Em aberto' });
  return within(heading.closest('.card') as HTMLElement);
}

beforeEach(() => setCsrfCookie('csrf'));

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('dashboard (§2, /painel)', () => {
  it('shows who is signed in, the client, its plan and the links', async () => {
    stubFetch({
      ...cancellationTermsRoute(CONTRATO.id),
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse({ contas: 2 }),
    });
    renderApp('/painel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeInTheDocument();
    expect(screen.getByText('Olá, Maria Souza!')).toBeInTheDocument();
    expect(screen.getByText('Padaria Central Ltda')).toBeInTheDocument();
    expect(screen.getByText('Plano Profissional')).toBeInTheDocument();
    expect(screen.getByText('Período: 01/11/2026 a 30/11/2026')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma fatura em aberto.')).toBeInTheDocument();

    const links = within(screen.getByRole('navigation', { name: 'Atalhos' }));
    const href = (name: string) => links.getByRole('link', { name }).getAttribute('href');
    expect(href('Meus dados')).toBe('/me/meusdados?origin=dashboard&pid=2');
    expect(href('Gerenciar 2FA')).toBe('/me/twofa?origin=dashboard&pid=2');
    expect(href('Faturas')).toBe('/cliente/tok-fatura-3/fatura');
    expect(href('Trocar conta')).toBe('/login/2/conta_selecionar');
    expect(href('Planos')).toBe('/produto/2/planos');
    expect(links.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it("'Trocar conta' only for a person with more than one account", async () => {
    stubFetch({
      ...cancellationTermsRoute(CONTRATO.id),
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse({ contas: 1 }),
    });
    renderApp('/painel');
    expect(await screen.findByText('Nenhuma fatura em aberto.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trocar conta' })).not.toBeInTheDocument();
  });

  it.each([
    [10, true],
    [13, true],
    [20, false],
  ])("'Pessoas da conta' for the account's supervisors and managers (level %i: %s; issue 41 item 3)", async (nivel, shown) => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ clienteUsuario_nivel: nivel })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse(),
    });
    renderApp('/painel');
    expect(await screen.findByText('Nenhuma fatura em aberto.')).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Atalhos' }));
    expect(links.getByRole('link', { name: 'Dados da empresa' })).toHaveAttribute('href', '/conta/empresa');
    if (shown) {
      expect(links.getByRole('link', { name: 'Pessoas da conta' })).toHaveAttribute('href', '/conta/pessoas');
    } else {
      expect(links.queryByRole('link', { name: 'Pessoas da conta' })).not.toBeInTheDocument();
    }
  });

  it("a staff level gives no 'Pessoas da conta' without a level in the client", async () => {
    stubFetch({
      'GET /api/sessao/web': () =>
        sessionResponse(signedInSession({ usuario: { id: 7, nome: 'Maria Souza', nivel: 1 }, clienteUsuario_nivel: null })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse(),
    });
    renderApp('/painel');
    expect(await screen.findByText('Nenhuma fatura em aberto.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pessoas da conta' })).not.toBeInTheDocument();
  });

  it("leads with what is owed and pays the next invoice by PIX from the Painel", async () => {
    const overdueSince = addDays(todayInSaoPaulo(), -49);
    let paid = false;
    stubFetch({
      ...cancellationTermsRoute(CONTRATO.id),
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () =>
        dashboardSummaryResponse({
          em_aberto: paid
            ? { total: '50.10', quantidade: 1, vencidas: 0, vencida_desde: null, proxima: null }
            : {
                total: '150.10',
                quantidade: 3,
                vencidas: 2,
                vencida_desde: overdueSince,
                proxima: dashboardNextInvoice({ id: 91, valor: '100.00', data_vencimento: overdueSince }),
              },
          contrato: {
            id: 12,
            plano_nome: 'Plano Profissional',
            cobranca_tipo_desc: 'Mensal',
            valor: '149.90',
            periodo_inicio: '2026-11-01',
            periodo_fim: '2026-11-30',
            renovacao: '2026-12-01',
            forma_pagamento: 'PIX',
          },
        }),
      'GET /api/pg_fatura/cliente/tok-fatura-3/91/pix': () =>
        envelopeResponse({
          id: 91,
          valor: '100.00',
          data_vencimento: overdueSince,
          copia_e_cola: '00020126…6304ABCD',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
    });
    renderApp('/painel');
    const owed = await screen.findByRole('heading', { name: 'Em aberto' });
    const card = within(owed.closest('.card') as HTMLElement);
    expect(card.getByText('R$ 150,10')).toBeInTheDocument();
    expect(card.getByText('3 faturas em aberto')).toBeInTheDocument();
    expect(card.getByText('2 faturas vencidas, a mais antiga há 49 dias')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Ver faturas' })).toHaveAttribute('href', '/cliente/tok-fatura-3/fatura');
    expect(await screen.findByText('R$ 149,90 · Mensal')).toBeInTheDocument();
    expect(screen.getByText('Renovação em 01/12/2026')).toBeInTheDocument();
    expect(screen.getByText('Forma de pagamento: PIX')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trocar plano' })).toHaveAttribute('href', '/produto/2/planos');

    await userEvent.click(card.getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar com PIX' });
    expect(await within(dialog).findByDisplayValue('00020126…6304ABCD')).toBeInTheDocument();
    // The PSP confirms: the summary, asked again while the modal is open, has another next invoice.
    paid = true;
    expect(
      await within(dialog).findByText('Pagamento confirmado. Obrigado! A fatura já aparece como paga.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it("'Pagar' of an invoice with a boleto and no PIX opens its boleto (issue 40)", async () => {
    stubFetch({
      ...cancellationTermsRoute(CONTRATO.id),
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () => owingOne(dashboardNextInvoice({ id: 92, pix: false, boleto: true })),
      'GET /api/pg_fatura/cliente/tok-fatura-3/92/boleto': () => boletoEmRegistro(92),
    });
    renderApp('/painel');
    const card = await owedCard();
    await userEvent.click(await card.findByRole('button', { name: 'Pagar' }));
    expect(card.queryByRole('button', { name: 'Pagar com PIX' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Boleto' });
    expect(await within(dialog).findByText('Boleto em registro no banco.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Pagar com PIX' })).not.toBeInTheDocument();
  });

  it("'Pagar' of an invoice with PIX and a boleto offers both, each opening its dialog (issue 40)", async () => {
    stubFetch({
      ...cancellationTermsRoute(CONTRATO.id),
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () => owingOne(dashboardNextInvoice({ id: 93, pix: true, boleto: true })),
      'GET /api/pg_fatura/cliente/tok-fatura-3/93/pix': () =>
        envelopeResponse({
          id: 93,
          valor: '100.00',
          data_vencimento: '2026-12-10',
          copia_e_cola: '00020126…6304ABCD',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      'GET /api/pg_fatura/cliente/tok-fatura-3/93/boleto': () => boletoEmRegistro(93),
    });
    renderApp('/painel');
    const card = await owedCard();
    await userEvent.click(await card.findByRole('button', { name: 'Pagar' }));
    expect(card.getByRole('button', { name: 'Pagar com boleto' })).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Pagar com PIX' }));
    const pix = await screen.findByRole('dialog', { name: 'Pagar com PIX' });
    expect(await within(pix).findByDisplayValue('00020126…6304ABCD')).toBeInTheDocument();
    await userEvent.click(within(pix).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pagar com PIX' })).not.toBeInTheDocument());

    await userEvent.click(card.getByRole('button', { name: 'Pagar' }));
    await userEvent.click(card.getByRole('button', { name: 'Pagar com boleto' }));
    const boleto = await screen.findByRole('dialog', { name: 'Boleto' });
    expect(await within(boleto).findByText('Boleto em registro no banco.')).toBeInTheDocument();
  });

  it('a level 20 user sees no plan action; a client without a plan offers one to a manager', async () => {
    stubFetch({
      ...cancellationTermsRoute(CONTRATO.id),
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse({ pode_mudar_plano: false }),
    });
    renderApp('/painel');
    expect(await screen.findByText('Nenhuma fatura em aberto.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trocar plano' })).not.toBeInTheDocument();
    resetAppState();

    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/painel/resumo': () => dashboardSummaryResponse(),
    });
    renderApp('/painel');
    expect(await screen.findByRole('link', { name: 'Escolher plano' })).toHaveAttribute('href', '/produto/2/planos');
  });

  it('says a scheduled deletion of the account, with its action', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/painel/resumo': () => dashboardSummaryResponse({ exclusao_agendada: '2026-12-06T15:00:00.000Z' }),
    });
    renderApp('/painel');
    expect(await screen.findByText('A exclusão da sua conta está agendada para 06/12/2026 12:00.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gerenciar exclusão' })).toHaveAttribute(
      'href',
      '/me/privacidade?origin=dashboard&pid=2',
    );
  });

  it('a summary that fails to load says so and asks again', async () => {
    let fail = true;
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/painel/resumo': () =>
        fail ? envelopeResponse(null, { httpStatus: 500 }) : dashboardSummaryResponse(),
    });
    renderApp('/painel');
    expect(await screen.findByText('Não foi possível carregar o resumo da conta.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhuma fatura em aberto.')).toBeInTheDocument();
  });

  it('shows a pending plan change under the plan', async () => {
    const pending = {
      id: 40,
      plano: { nome_exibicao: 'Empresarial' },
      plano_pagamento: { cobranca_tipo_desc: 'Mensal' },
      agendamento_data: '2026-11-30',
    };
    stubFetch({
      'GET /api/sessao/web': () =>
        sessionResponse(signedInSession({ contrato: CONTRATO, contrato_evento_aberto: pending })),
      ...cancellationTermsRoute(CONTRATO.id),
      'GET /api/painel/resumo': () => dashboardSummaryResponse(),
    });
    renderApp('/painel');
    expect(
      await screen.findByText('Mudança para Empresarial (Mensal) pendente: 30/11/2026'),
    ).toBeInTheDocument();
  });

  it('without a client or a contract, says so and has no invoices link', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ cliente: null })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse({ em_aberto: null }),
    });
    renderApp('/painel');
    expect(await screen.findByText('Nenhuma conta selecionada.')).toBeInTheDocument();
    expect(screen.getByText('Nenhum contrato ativo para esta conta.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Faturas' })).not.toBeInTheDocument();
  });

  it('removes the session and event tokens of the product url from the address', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/painel/resumo': () => dashboardSummaryResponse(),
    });
    const { router } = renderApp(
      '/painel?sessao_id=5b0c&sessao_token=segredo&evento_id=41&evento_token=outro&aba=2',
    );
    await screen.findByRole('heading', { name: 'Painel' });
    await waitFor(() => expect(router.state.location.search).toBe('?aba=2'));
    expect(router.state.location.pathname).toBe('/painel');
    // Replaced, not pushed: no way back to the address with the tokens.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
