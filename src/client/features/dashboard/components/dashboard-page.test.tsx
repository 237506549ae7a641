import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '../../../testing/fetch-stub';
import { renderApp, resetAppState } from '../../../testing/render-app';

const CONTRATO = {
  id: 12,
  periodo_inicio: '2026-11-01',
  periodo_fim: '2026-11-30',
  plano: { id: 4, nome_exibicao: 'Plano Profissional' },
};

beforeEach(() => setCsrfCookie('csrf'));

afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

describe('dashboard (§2, /painel)', () => {
  it('shows who is signed in, the client, its plan and the links', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
    });
    renderApp('/painel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeInTheDocument();
    expect(screen.getByText('Olá, Maria Souza!')).toBeInTheDocument();
    expect(screen.getByText('Padaria Central Ltda')).toBeInTheDocument();
    expect(screen.getByText('Plano Profissional')).toBeInTheDocument();
    expect(screen.getByText('Período: 01/11/2026 a 30/11/2026')).toBeInTheDocument();

    const links = within(screen.getByRole('navigation', { name: 'Atalhos' }));
    const href = (name: string) => links.getByRole('link', { name }).getAttribute('href');
    expect(href('Meus dados')).toBe('/me/meusdados?origin=dashboard&pid=2');
    expect(href('Gerenciar 2FA')).toBe('/me/twofa?origin=dashboard&pid=2');
    expect(href('Faturas')).toBe('/cliente/tok-fatura-3/fatura');
    expect(href('Trocar conta')).toBe('/login/2/conta_selecionar');
    expect(href('Planos')).toBe('/produto/2/planos');
    expect(links.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
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
    });
    renderApp('/painel');
    expect(
      await screen.findByText('Mudança para Empresarial (Mensal) pendente: 30/11/2026'),
    ).toBeInTheDocument();
  });

  it('without a client or a contract, says so and has no invoices link', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ cliente: null })),
    });
    renderApp('/painel');
    expect(await screen.findByText('Nenhuma conta selecionada.')).toBeInTheDocument();
    expect(screen.getByText('Nenhum contrato ativo para esta conta.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Faturas' })).not.toBeInTheDocument();
  });

  it('removes the session and event tokens of the product url from the address', async () => {
    stubFetch({ 'GET /api/sessao/web': () => sessionResponse(signedInSession()) });
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
