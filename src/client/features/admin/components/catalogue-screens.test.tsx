import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DUE_DATE_MESSAGES, PROMOCAO_MESES_MESSAGE } from '#shared/schemas/admin';
import { dismissAllNotices } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { envelopeResponse, setCsrfCookie, stubFetch, type StubRequest } from '#client/testing/fetch-stub';
import type { Plano, PlanoPagamento, Produto } from '../types';
import { PlanPaymentEdit, ProductEdit } from './catalogue-screens';

const AUDIT = { datahora_criado: '2026-11-01T12:00:00.000Z', datahora_modificado: '2026-11-01T12:00:00.000Z' };
const PRODUTO: Produto = {
  ...AUDIT,
  id: 1,
  nome: 'Portal Demo',
  url: '/painel',
  logo_url: null,
  cadastro_usuario_inativo: false,
  cadastro_permitido: true,
  ativo: true,
  fatura_vencimento_tipo: 'dia_mes',
  fatura_vencimento_valor: 5,
  fatura_aprovacao: false,
};
const PLANO = { ...AUDIT, id: 2, nome_exibicao: 'Profissional' } as Plano;
const OPCAO: PlanoPagamento = {
  ...AUDIT,
  id: 8,
  gl_plano_id: 2,
  cobranca_tipo: 1,
  cobranca_tipo_desc: 'Mensal',
  flag_gratuito: false,
  flag_promocao: true,
  valor: '149.90',
  valor_promocional: '119.90',
  promocao_meses: null,
  ativo: true,
};

const page = <T,>(rows: T[]) =>
  envelopeResponse({ current_page: 1, last_page: 1, from: 1, to: rows.length, total: rows.length, per_page: 15, path: '', data: rows });

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

function Where() {
  return <output aria-label="endereço">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/produtos/:id', element: <ProductEdit /> },
      { path: '/admin/planos/:parentId/pagamentos/:id', element: <PlanPaymentEdit /> },
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

const saved = (request: StubRequest) => envelopeResponse({ entity: { ...(request.body as object), id: 1 } }, { message: 'Registro salvo.' });
const puts = (calls: StubRequest[]) => calls.filter((call) => call.method === 'PUT');

describe("a product's invoices: the due-date rule and the manager's approval (decision 102)", () => {
  const routes = {
    'GET /api/admin/gl_produto/1/edit': () => envelopeResponse({ entity: PRODUTO }),
    // The product's applications, below the form.
    'GET /api/admin/gl_oidc_cliente': () => page([]),
    'PUT /api/admin/gl_produto/1': saved,
  };

  it('shows the stored rule, its number and the rule in words', async () => {
    stubFetch(routes);
    renderAt('/admin/produtos/1');
    const tipo = screen.getByLabelText('Vencimento');
    await waitFor(() => expect(tipo).toHaveDisplayValue('Dia do mês'));
    const dia = screen.getByLabelText('Dia do mês (1 a 28)');
    expect(dia).toHaveValue(5);
    expect(dia).toHaveAccessibleDescription('Todo dia 5 do mês; se cair em dia sem expediente bancário, no próximo dia útil.');
    expect(screen.getByLabelText('Faturas aguardam a aprovação do gerente do cliente')).not.toBeChecked();
  });

  it('refuses a number outside the kind, on its field, and saves the rule once it fits', async () => {
    const { calls } = stubFetch(routes);
    const user = renderAt('/admin/produtos/1');
    const dia = await screen.findByLabelText('Dia do mês (1 a 28)');
    // The fields open once they hold the record (edit-page.tsx).
    await waitFor(() => expect(dia).toBeEnabled());
    expect(dia).toHaveValue(5);
    await user.clear(dia);
    await user.type(dia, '30');
    // No rule to describe while the number does not fit.
    expect(dia).not.toHaveAccessibleDescription(/Todo dia/);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(DUE_DATE_MESSAGES.diaMes)).toBeInTheDocument();
    expect(dia).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);

    // 30 days after the issue fits; the label and the help follow the kind.
    await user.selectOptions(screen.getByLabelText('Vencimento'), 'Dias após a emissão');
    const dias = screen.getByLabelText('Dias após a emissão (0 a 90)');
    expect(dias).toHaveAccessibleDescription(/^30 dias após a emissão; se cair em dia sem expediente bancário/);
    await user.click(screen.getByLabelText('Faturas aguardam a aprovação do gerente do cliente'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({
      fatura_vencimento_tipo: 'dias_apos_emissao',
      fatura_vencimento_valor: 30,
      fatura_aprovacao: true,
    });
    expect(await screen.findByRole('status', { name: 'endereço' })).toHaveTextContent('/admin/produtos');
  });

  it('refuses more than 90 days after the issue', async () => {
    const { calls } = stubFetch({ ...routes, 'GET /api/admin/gl_produto/1/edit': () => envelopeResponse({ entity: { ...PRODUTO, fatura_vencimento_tipo: 'dias_apos_emissao', fatura_vencimento_valor: 10 } }) });
    const user = renderAt('/admin/produtos/1');
    const dias = await screen.findByLabelText('Dias após a emissão (0 a 90)');
    await waitFor(() => expect(dias).toBeEnabled());
    expect(dias).toHaveValue(10);
    expect(dias).toHaveAccessibleDescription(/^10 dias após a emissão;/);
    await user.clear(dias);
    await user.type(dias, '91');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(DUE_DATE_MESSAGES.diasAposEmissao)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });
});

describe("a payment option's 'Meses de preço promocional'", () => {
  const routes = {
    'GET /api/admin/gl_plano/2/edit': () => envelopeResponse({ entity: PLANO }),
    'GET /api/admin/gl_plano_pagamento/8/edit': () => envelopeResponse({ entity: OPCAO }),
    'PUT /api/admin/gl_plano_pagamento/8': saved,
  };

  it('empty means while the contract stays on the option, and is sent as null', async () => {
    const { calls } = stubFetch(routes);
    const user = renderAt('/admin/planos/2/pagamentos/8');
    const meses = await screen.findByLabelText('Meses de preço promocional');
    await waitFor(() => expect(screen.getByLabelText(/^Descrição da periodicidade/)).toBeEnabled());
    expect(screen.getByLabelText(/^Descrição da periodicidade/)).toHaveValue('Mensal');
    expect(meses).toHaveValue(null);
    expect(meses).toHaveAccessibleDescription('Vazio: enquanto o contrato permanecer nesta opção.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ promocao_meses: null });
  });

  it('takes 1 to 120 months', async () => {
    const { calls } = stubFetch(routes);
    const user = renderAt('/admin/planos/2/pagamentos/8');
    const meses = await screen.findByLabelText('Meses de preço promocional');
    await waitFor(() => expect(screen.getByLabelText(/^Descrição da periodicidade/)).toBeEnabled());
    expect(screen.getByLabelText(/^Descrição da periodicidade/)).toHaveValue('Mensal');
    await user.type(meses, '0');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(PROMOCAO_MESES_MESSAGE)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    await user.clear(meses);
    await user.type(meses, '12');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ promocao_meses: 12 });
  });
});
