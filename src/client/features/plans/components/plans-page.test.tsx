import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanChangePreview } from '#shared/schemas/billing';
import type { Customer, PublicPlan } from '#shared/schemas/plans';
import {
  anonymousSessionResponse,
  envelopeResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
  type StubHandler, cancellationTermsRoute } from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

const PLANS: PublicPlan[] = [
  {
    id: 1,
    nome_exibicao: 'Gratuito',
    usuario_ilimitado: false,
    usuario_qtde: 1,
    dispositivo_qtde: 1,
    flag_valor_condicao: false,
    flag_enviar_foto: false,
    descricao_exibicao_calculada: 'Para conhecer <img src=x onerror="alert(1)"> **sem compromisso**',
    planos_pagamento_ativo: [
      { id: 11, cobranca_tipo_desc: 'Mensal', flag_gratuito: true, flag_promocao: false, valor: '0.00', valor_promocional: null },
    ],
  },
  {
    id: 2,
    nome_exibicao: 'Profissional',
    usuario_ilimitado: true,
    usuario_qtde: null,
    dispositivo_qtde: 10,
    flag_valor_condicao: false,
    flag_enviar_foto: false,
    descricao_exibicao_calculada: '- Relatórios',
    planos_pagamento_ativo: [
      { id: 21, cobranca_tipo_desc: 'Mensal', flag_gratuito: false, flag_promocao: true, valor: '1149.90', valor_promocional: '119.90' },
    ],
  },
];

const CUSTOMER: Customer = {
  id: 3,
  tipo_pessoa: 1,
  cpfcnpj: '52998224725',
  razao_social: 'Maria Souza',
  email: 'maria@exemplo.com.br',
  telefone_celular: '31991234567',
  telefone_fixo: null,
  end_cep: '30160011',
  end_logradouro: 'Rua da Bahia',
  end_numero: '1148',
  end_complemento: null,
  end_bairro: 'Centro',
  gl_cidade_id: 3106200,
  cidade: { id: 3106200, text: 'Belo Horizonte - MG' },
  data_nascimento: '1985-03-14',
};

const CONTRATO = { id: 12, periodo_inicio: '2026-11-01', periodo_fim: '2026-11-30', plano: { id: 2, nome_exibicao: 'Profissional' } };
const PENDING = { id: 40, plano: { nome_exibicao: 'Gratuito' }, plano_pagamento: { cobranca_tipo_desc: 'Mensal' }, agendamento_data: '2026-11-30' };

/** Empresarial, promotional, on top of the plans above: an upgrade from the contract's Profissional. */
const PLANS_WITH_UPGRADE: PublicPlan[] = [
  ...PLANS,
  {
    id: 3,
    nome_exibicao: 'Empresarial',
    usuario_ilimitado: true,
    usuario_qtde: null,
    dispositivo_qtde: 50,
    flag_valor_condicao: false,
    flag_enviar_foto: false,
    descricao_exibicao_calculada: '- API',
    planos_pagamento_ativo: [
      { id: 31, cobranca_tipo_desc: 'Mensal', flag_gratuito: false, flag_promocao: true, valor: '499.00', valor_promocional: '399.00' },
    ],
  },
];

/** GET /api/gl_contrato/12/mudanca_previa for Empresarial now: 12 days left of the period. */
const PREVIEW_NOW: PlanChangePreview = {
  atual: { plano: 'Profissional', cobranca_tipo_desc: 'Mensal', valor: '119.90' },
  nova: { plano: 'Empresarial', cobranca_tipo_desc: 'Mensal', valor: '399.00', promocional: true },
  imediato: true,
  aplica_em: '2026-11-19',
  prorrateio: [
    { descricao: 'Crédito proporcional — Profissional, 12 dias', unidade: 'dia', qtde: 12, valor: '-47.96' },
    { descricao: 'Empresarial, 12 dias', unidade: 'dia', qtde: 12, valor: '159.60' },
  ],
  proxima_fatura: {
    emissao: '2026-11-19',
    vencimento: '2026-12-21',
    itens: [
      { descricao: 'Crédito proporcional — Profissional, 12 dias', unidade: 'dia', qtde: 12, valor: '-47.96' },
      { descricao: 'Empresarial, 12 dias', unidade: 'dia', qtde: 12, valor: '159.60' },
    ],
    total: '111.64',
  },
};

/** The same change at the close: nothing prorated, the next period on the new plan. */
const PREVIEW_AT_CLOSE: PlanChangePreview = {
  ...PREVIEW_NOW,
  imediato: false,
  aplica_em: '2026-12-01',
  prorrateio: [],
  proxima_fatura: {
    emissao: '2026-11-21',
    vencimento: '2026-12-21',
    itens: [{ descricao: 'Assinatura — Empresarial (Mensal), 01/12/2026 a 31/12/2026 (preço promocional)', unidade: 'mês', qtde: 1, valor: '399.00' }],
    total: '399.00',
  },
};

const PRODUCT = { id: 2, nome: 'Gestão', url: '/painel', logo_url: null, cadastro_permitido: true, cadastro_usuario_inativo: false };

function screenRoutes(session: () => Response | Promise<Response>, extra = {}) {
  return stubFetch({
    'GET /api/sessao/web': session,
    'GET /api/gl_produto/2/edit': () => envelopeResponse(PRODUCT),
    'GET /api/gl_produto/2/public_planos': () => envelopeResponse(PLANS),
    'GET /api/pg_conta/public_index': () => envelopeResponse([{ id: 5, nome_exibicao: 'Pix', descricao_exibicao: null }]),
    'GET /api/gl_cliente/3/edit': () => envelopeResponse(CUSTOMER),
    ...cancellationTermsRoute(CONTRATO.id),
    ...extra,
  });
}

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  vi.useRealTimers();
  resetAppState();
  setCsrfCookie(null);
});

describe('plans page (§2 planos_produto)', () => {
  it('shows prices with the promotion beside the normal price, and markdown without injecting HTML', async () => {
    screenRoutes(anonymousSessionResponse);
    const { container } = renderApp('/produto/2/planos');
    const row = await screen.findByRole('row', { name: /Profissional/ });
    expect(within(row).getByText('R$ 1.149,90').tagName).toBe('DEL');
    expect(within(row).getByText('R$ 119,90')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Ilimitados' })).toBeInTheDocument();
    expect(screen.getByText('sem compromisso').tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/login/2/conta_criar');
  });

  it("offers every option but the contract's own, which is disabled as 'Plano atual' (issue 38)", async () => {
    screenRoutes(() => sessionResponse(signedInSession({ contrato: { ...CONTRATO, plano_pagamento_id: 21 } })));
    renderApp('/produto/2/planos');
    expect(await screen.findByRole('button', { name: 'Plano atual: Profissional (Mensal)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Escolher Profissional (Mensal)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher Gratuito (Mensal)' })).toBeEnabled();
  });

  it('asks for the plans, the product and the accounts once each, the route having asked while the page loaded', async () => {
    const { calls } = screenRoutes(anonymousSessionResponse);
    renderApp('/produto/2/planos');
    await screen.findByRole('row', { name: /Profissional/ });
    const asked = (path: string) => calls.filter((call) => call.path === path).length;
    expect(asked('/api/gl_produto/2/public_planos')).toBe(1);
    expect(asked('/api/gl_produto/2/edit')).toBe(1);
    expect(asked('/api/pg_conta/public_index')).toBe(1);
  });

  it('waits for the session before deciding: a manager who chose early gets the form, not the visitor modal', async () => {
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    screenRoutes(async () => {
      await answered;
      return sessionResponse(signedInSession({ contrato: CONTRATO }));
    });
    const { user } = renderApp('/produto/2/planos');
    const choose = await screen.findByRole('button', { name: 'Escolher Profissional (Mensal)' });
    await user.click(choose);
    // Not known yet: the button spins, and nothing is decided.
    expect(choose).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('form', { name: 'Complete seu cadastro' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Ainda não é Cliente?' })).not.toBeInTheDocument();
    expect(choose).not.toHaveAttribute('aria-busy');
  });

  it('flashes the pending-change banner for 1.5 s instead of opening the form', async () => {
    screenRoutes(() => sessionResponse(signedInSession({ contrato: CONTRATO, contrato_evento_aberto: PENDING })));
    const { user } = renderApp('/produto/2/planos');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Novo plano: Gratuito (Mensal).');
    expect(banner).toHaveTextContent('Agendada para 30/11/2026.');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Escolher Profissional (Mensal)' }));
    await vi.waitFor(() => expect(banner).toHaveAttribute('data-flashing', 'true'));
    act(() => void vi.advanceTimersByTime(1400));
    expect(banner).toHaveAttribute('data-flashing', 'true');
    act(() => void vi.advanceTimersByTime(200));
    expect(banner).not.toHaveAttribute('data-flashing');
    expect(screen.queryByRole('form', { name: 'Complete seu cadastro' })).not.toBeInTheDocument();
  });

  it('preselects the virtual free account for a free option and the single account for a paid one', async () => {
    screenRoutes(() => sessionResponse(signedInSession({ contrato: CONTRATO })));
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Gratuito (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    expect(within(form).getByLabelText(/^Gratuito/)).toBeChecked();
    expect(within(form).getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(within(form).getByLabelText(/Data de nascimento/)).toHaveValue('14/03/1985');
    await user.click(within(form).getByRole('button', { name: 'Trocar' }));
    await user.click(screen.getByRole('button', { name: 'Escolher Profissional (Mensal)' }));
    const paid = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    expect(within(paid).getByLabelText('Pix')).toBeChecked();
  });

  it("switching the kind of person shows that kind's own name and document, and switching back restores them", async () => {
    screenRoutes(() => sessionResponse(signedInSession({ contrato: CONTRATO })), {
      'GET /api/gl_cliente/3/edit': () =>
        envelopeResponse({ ...CUSTOMER, tipo_pessoa: 2, cpfcnpj: '11222333000181', razao_social: 'Padaria Central Ltda', data_nascimento: null }),
    });
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Profissional (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    expect(within(form).getByLabelText('Razão social')).toHaveValue('Padaria Central Ltda');
    await user.click(within(form).getByLabelText('Pessoa física'));
    expect(within(form).getByLabelText('Nome completo')).toHaveValue('');
    expect(within(form).getByLabelText('CPF')).toHaveValue('');
    await user.type(within(form).getByLabelText('Nome completo'), 'Maria Souza');
    await user.click(within(form).getByLabelText('Pessoa jurídica'));
    expect(within(form).getByLabelText('Razão social')).toHaveValue('Padaria Central Ltda');
    expect(within(form).getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    await user.click(within(form).getByLabelText('Pessoa física'));
    expect(within(form).getByLabelText('Nome completo')).toHaveValue('Maria Souza');
  });

  it("asks for what is missing with 'Preencha os campos que estão faltando.' and sends nothing", async () => {
    const calls = screenRoutes(() => sessionResponse(signedInSession({ contrato: CONTRATO })));
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Profissional (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    await user.clear(within(form).getByLabelText('Bairro'));
    await user.click(within(form).getByRole('button', { name: 'Confirmar mudança de plano' }));
    expect(await screen.findByText('Preencha os campos que estão faltando.')).toBeInTheDocument();
    expect(within(form).getByText('Escolha quando a mudança deve valer.')).toBeInTheDocument();
    expect(within(form).getByText('Campo obrigatório.')).toBeInTheDocument();
    expect(calls.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("tells a user above level 10 to 'Contate seu Gerente' above the table, with 'Escolher' disabled", async () => {
    screenRoutes(() =>
      sessionResponse(signedInSession({ usuario: { id: 7, nome: 'Lucas', nivel: 20 }, clienteUsuario_nivel: 20, contrato: CONTRATO })),
    );
    const { user } = renderApp('/produto/2/planos');
    const choose = await screen.findByRole('button', { name: 'Escolher Gratuito (Mensal)' });
    const notice = screen.getByRole('heading', { name: 'Contate seu Gerente' });
    // Above the table: the notice comes first in the page's order.
    expect(notice.compareDocumentPosition(choose) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(choose).toHaveAttribute('aria-disabled', 'true');
    expect(choose).toHaveAccessibleDescription(/Somente o gerente da conta pode mudar o plano/);
    await user.hover(choose);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Contate seu Gerente');
    await user.click(choose);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('decides by the link to the client, not by a staff level (decision 030)', async () => {
    screenRoutes(() =>
      sessionResponse(signedInSession({ usuario: { id: 7, nome: 'Ana (equipe)', nivel: 1 }, clienteUsuario_nivel: null, contrato: CONTRATO })),
    );
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Gratuito (Mensal)' }));
    expect(await screen.findByRole('heading', { name: 'Contate seu Gerente' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('names each submit with an Idempotency-Key: the same on a retry of the same fill, a new one after a change (decision 020)', async () => {
    let attempts = 0;
    const calls = screenRoutes(() => sessionResponse(signedInSession({ contrato: CONTRATO })), {
      // Timing chosen on a contract: the summary asks for its preview (decision 102).
      'GET /api/gl_contrato/12/mudanca_previa': () => envelopeResponse(PREVIEW_NOW),
      'PUT /api/gl_cliente/3': () => envelopeResponse(CUSTOMER),
      'POST /api/gl_contrato_evento/selecionarPlanoAssinar': () => {
        attempts += 1;
        // The first two answers are lost (the server may still have made the change).
        return attempts <= 2
          ? envelopeResponse(null, { httpStatus: 503, message: 'Serviço indisponível.' })
          : envelopeResponse({ id: 90, situacao: 'aplicado', imediato: true, agendamento_data: null, plano: { id: 2, nome_exibicao: 'Profissional' }, plano_pagamento: { id: 21, cobranca_tipo_desc: 'Mensal' } });
      },
    });
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Profissional (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    await user.click(within(form).getByLabelText('Imediatamente'));
    const submit = within(form).getByRole('button', { name: 'Confirmar mudança de plano' });
    const submits = () => calls.calls.filter((call) => call.path.endsWith('selecionarPlanoAssinar'));
    await user.click(submit);
    await vi.waitFor(() => expect(submits()).toHaveLength(1));
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await vi.waitFor(() => expect(submits()).toHaveLength(2));
    await vi.waitFor(() => expect(submit).toBeEnabled());
    await user.clear(within(form).getByLabelText('Número'));
    await user.type(within(form).getByLabelText('Número'), '1150');
    await user.click(submit);
    await vi.waitFor(() => expect(submits()).toHaveLength(3));
    const [first, retry, changed] = submits().map((call) => call.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(changed).toMatch(/^[0-9a-f]{32}$/);
    expect(changed).not.toBe(first);
  });
});

describe("the change summary before 'Confirmar' (decision 102)", () => {
  const PREVIEW_PATH = 'GET /api/gl_contrato/12/mudanca_previa';
  const previewCalls = (calls: { path: string; url: string }[]) =>
    calls.filter((call) => call.path === '/api/gl_contrato/12/mudanca_previa').map((call) => new URL(call.url, 'http://x').searchParams);
  const upgrade = (extra: Record<string, StubHandler> = {}) =>
    screenRoutes(() => sessionResponse(signedInSession({ contrato: CONTRATO })), {
      'GET /api/gl_produto/2/public_planos': () => envelopeResponse(PLANS_WITH_UPGRADE),
      ...extra,
    });
  const summary = () => screen.getByRole('region', { name: 'Resumo da mudança' });
  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

  it('shows the current and new plan, when it applies, the prorations and the next invoice of the answer', async () => {
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = upgrade({
      [PREVIEW_PATH]: async () => {
        await answered;
        return envelopeResponse(PREVIEW_NOW);
      },
    });
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Empresarial (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    // The account is preselected (a single one); the timing is not: no preview yet.
    expect(within(form).getByLabelText('Pix')).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Resumo da mudança' })).not.toBeInTheDocument();
    await user.click(within(form).getByLabelText('Imediatamente'));
    // Asked with the choice, a spinner while it computes.
    expect(await within(summary()).findByRole('status')).toHaveTextContent('Calculando o resumo da mudança…');
    expect(previewCalls(calls).map((params) => Object.fromEntries(params))).toEqual([
      { gl_plano_pagamento_id: '31', pg_conta_id: '5', imediato: '1' },
    ]);
    answer();

    const block = await screen.findByRole('region', { name: 'Resumo da mudança' });
    await within(block).findByText('Profissional (Mensal): R$ 119,90');
    expect(within(block).getByText('Empresarial (Mensal): R$ 399,00')).toHaveTextContent('preço promocional');
    expect(within(block).getByText('Agora')).toBeInTheDocument();
    expect(rowsOf(within(block).getByRole('table', { name: 'Ajustes proporcionais' }))).toEqual([
      ['Descrição', 'Qtde.', 'Valor'],
      ['Crédito proporcional — Profissional, 12 dias', '12', '-R$\u00a047,96 (crédito)'],
      ['Empresarial, 12 dias', '12', 'R$\u00a0159,60'],
    ]);
    expect(rowsOf(within(block).getByRole('table', { name: 'Próxima fatura' }))).toEqual([
      ['Descrição', 'Qtde.', 'Valor'],
      ['Crédito proporcional — Profissional, 12 dias', '12', '-R$\u00a047,96 (crédito)'],
      ['Empresarial, 12 dias', '12', 'R$\u00a0159,60'],
      ['Total', 'R$\u00a0111,64'],
    ]);
    expect(within(block).getByText('Emitida em 19/11/2026, vence em 21/12/2026')).toBeInTheDocument();
    // The submit keeps its label, below the summary.
    const submit = within(form).getByRole('button', { name: 'Confirmar mudança de plano' });
    expect(block.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks a new preview when the timing changes, and shows the change at the close without prorations', async () => {
    const { calls } = upgrade({
      [PREVIEW_PATH]: (request) =>
        envelopeResponse(new URL(request.url, 'http://x').searchParams.get('imediato') === '2' ? PREVIEW_AT_CLOSE : PREVIEW_NOW),
    });
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Empresarial (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    await user.click(within(form).getByLabelText('Imediatamente'));
    expect(await within(summary()).findByText('Agora')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('No fechamento do plano atual (30/11/2026)'));
    expect(await within(summary()).findByText('No fim do período atual, em 01/12/2026')).toBeInTheDocument();
    expect(within(summary()).queryByRole('table', { name: 'Ajustes proporcionais' })).not.toBeInTheDocument();
    expect(within(summary()).getByRole('table', { name: 'Próxima fatura' })).toHaveTextContent('R$ 399,00');
    expect(within(summary()).getByText('Emitida em 21/11/2026, vence em 21/12/2026')).toBeInTheDocument();
    expect(previewCalls(calls).map((params) => params.get('imediato'))).toEqual(['1', '2']);
  });

  it("shows the server's refusal in the summary, not as a notice, and leaves the submit to answer for itself", async () => {
    const message = 'Já existe uma mudança de plano pendente. Cancele-a para escolher outro plano.';
    upgrade({
      [PREVIEW_PATH]: () => envelopeResponse(null, { httpStatus: 409, message, code: 'change_pending' }),
    });
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Empresarial (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    await user.click(within(form).getByLabelText('Imediatamente'));
    expect(await within(summary()).findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(within(form).getByRole('button', { name: 'Confirmar mudança de plano' })).toBeEnabled();
  });

  it('asks no preview for a first plan signup, which has no contract (§5)', async () => {
    const { calls } = screenRoutes(() => sessionResponse(signedInSession({ contrato: null })));
    const { user } = renderApp('/produto/2/planos');
    await user.click(await screen.findByRole('button', { name: 'Escolher Profissional (Mensal)' }));
    const form = await screen.findByRole('form', { name: 'Complete seu cadastro' });
    // Everything a preview needs is chosen: the single account and 'now', the only timing.
    expect(within(form).getByLabelText('Pix')).toBeChecked();
    expect(within(form).getByLabelText('Imediatamente')).toBeChecked();
    expect(within(form).getByRole('button', { name: 'Assinar plano' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Resumo da mudança' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('mudanca_previa'))).toBe(false);
  });
});
