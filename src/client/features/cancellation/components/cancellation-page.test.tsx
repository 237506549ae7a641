import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CancelamentoDto } from '#shared/schemas/cancellation';
import { getNotices } from '#client/lib/notices';
import {
  cancellationTermsRoute,
  envelopeResponse,
  dashboardSummaryResponse,
  sessionResponse,
  setCsrfCookie,
  signedInSession,
  stubFetch,
} from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

const CONTRATO = { id: 12, periodo_inicio: '2026-11-01', periodo_fim: '2026-11-30', plano: { id: 4, nome_exibicao: 'Profissional' } };
const PENDING: CancelamentoDto = {
  id: 40,
  protocolo: 'CAN20261129000040',
  situacao: 'pendente',
  imediato: false,
  arrependimento: false,
  acesso_ate: '2026-11-30',
  motivo: 'preco',
  datahora_criado: '2026-11-29T12:00:00.000Z',
};

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

const notices = () => getNotices().map((notice) => [notice.level, notice.text]);

describe('cancelling the subscription online (issue 41)', () => {
  it('at the close by default: says what happens, sends the reason, shows the protocol and offers to undo it', async () => {
    let pending: CancelamentoDto | null = null;
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/gl_contrato/12/cancelamento': () =>
        envelopeResponse({ gl_contrato_id: 12, ativo: true, plano_nome: 'Profissional', periodo_fim: '2026-11-30', arrependimento: false, arrependimento_ate: null, faturas_em_aberto: 2, faturas_seguintes: 1, pendente: pending, pode_cancelar: true }),
      'POST /api/gl_contrato/12/cancelamento': () => {
        pending = PENDING;
        return envelopeResponse(PENDING, { message: 'Cancelamento registrado. Protocolo CAN20261129000040. Seu acesso continua até 30/11/2026.' });
      },
      'POST /api/gl_contrato/12/cancelamento/desistir': () => {
        pending = null;
        return envelopeResponse({ ...PENDING, situacao: 'desistido' }, { message: 'Cancelamento desfeito. Sua assinatura continua normalmente.' });
      },
    });
    const { user } = renderApp('/produto/2/cancelamento');
    const form = await screen.findByRole('form', { name: 'Cancelar assinatura' });
    expect(screen.getByText('Plano Profissional. O cancelamento é feito aqui mesmo, na hora, e você recebe um número de protocolo por e-mail.')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'No fim do período atual, em 30/11/2026: você continua com acesso até lá' })).toBeChecked();
    const consequences = within(form).getByRole('region', { name: 'O que acontece' });
    expect(consequences).toHaveTextContent('O acesso continua até 30/11/2026.');
    expect(consequences).toHaveTextContent('As 2 faturas já emitidas continuam devidas e aparecem na lista de faturas.');
    expect(consequences).toHaveTextContent('A fatura já emitida do período seguinte é cancelada.');
    // Choosing 'now' says so before anything is sent.
    await user.click(within(form).getByRole('radio', { name: 'Agora: o acesso termina hoje' }));
    expect(consequences).toHaveTextContent('O acesso termina hoje.');
    await user.click(within(form).getByRole('radio', { name: /No fim do período atual/ }));

    await user.selectOptions(within(form).getByLabelText('Motivo (opcional)'), 'O preço está alto');
    await user.type(within(form).getByLabelText('Quer contar mais? (opcional)'), 'Ficou caro.');
    await user.click(within(form).getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await screen.findByTestId('protocolo')).toHaveTextContent('CAN20261129000040');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ motivo: 'preco', motivo_texto: 'Ficou caro.', imediato: false });
    expect(notices()).toContainEqual(['success', 'Cancelamento registrado. Protocolo CAN20261129000040. Seu acesso continua até 30/11/2026.']);

    const banner = (await screen.findByRole('heading', { name: 'Cancelamento agendado' })).closest('.alert') as HTMLElement;
    expect(banner).toHaveTextContent('A assinatura será cancelada no fim do período, em 30/11/2026. Protocolo CAN20261129000040.');
    await user.click(within(banner).getByRole('button', { name: 'Desistir do cancelamento' }));
    await waitFor(() => expect(notices()).toContainEqual(['success', 'Cancelamento desfeito. Sua assinatura continua normalmente.']));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Cancelamento agendado' })).not.toBeInTheDocument());
    // Undone, the form is back.
    expect(await screen.findByRole('form', { name: 'Cancelar assinatura' })).toBeInTheDocument();
    expect(screen.queryByTestId('protocolo')).not.toBeInTheDocument();
  });

  it('under the withdrawal right: no choice of when, it is immediate and the paid invoices are refunded', async () => {
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      ...cancellationTermsRoute(12, { arrependimento: true, arrependimento_ate: '2026-12-06' }),
      'POST /api/gl_contrato/12/cancelamento': () =>
        envelopeResponse({ ...PENDING, situacao: 'efetivado', imediato: true, arrependimento: true, acesso_ate: '2026-11-29' }, { message: 'Assinatura cancelada pelo direito de arrependimento. Protocolo CAN20261129000040. Os valores pagos serão devolvidos.' }),
    });
    const { user } = renderApp('/produto/2/cancelamento');
    const form = await screen.findByRole('form', { name: 'Cancelar assinatura' });
    expect(within(form).getByText(/pelo direito de arrependimento \(Código de Defesa do Consumidor, art\. 49\), até 06\/12\/2026/)).toBeInTheDocument();
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(form).getByRole('region', { name: 'O que acontece' })).toHaveTextContent('As faturas em aberto são canceladas e as pagas serão devolvidas.');
    await user.click(within(form).getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await screen.findByRole('heading', { name: 'Assinatura cancelada' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ motivo: 'nao_informado', motivo_texto: null, imediato: true });
  });

  it('tells a user below manager to ask the manager', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO, clienteUsuario_nivel: 20 })),
      ...cancellationTermsRoute(12, { pode_cancelar: false }),
    });
    renderApp('/produto/2/cancelamento');
    expect(await screen.findByText('Somente o gerente da conta pode cancelar a assinatura. Peça a ele para fazer o cancelamento.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("puts the server's field error under its field", async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      ...cancellationTermsRoute(12),
      'POST /api/gl_contrato/12/cancelamento': () =>
        envelopeResponse(null, { httpStatus: 422, message: 'Verifique os campos destacados.', errors: { motivo_texto: ['Escreva no máximo 500 caracteres.'] } }),
    });
    const { user } = renderApp('/produto/2/cancelamento');
    const form = await screen.findByRole('form', { name: 'Cancelar assinatura' });
    await user.click(within(form).getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await within(form).findByText('Escreva no máximo 500 caracteres.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Quer contar mais? (opcional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it("the Painel offers 'Cancelar assinatura' to a manager, and shows a pending one with 'Desistir do cancelamento' instead", async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse({ pode_mudar_plano: true }),
      ...cancellationTermsRoute(12),
    });
    renderApp('/painel');
    expect(await screen.findByRole('link', { name: 'Cancelar assinatura' })).toHaveAttribute('href', '/produto/2/cancelamento');
    resetAppState();

    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ contrato: CONTRATO })),
      'GET /api/painel/resumo': () => dashboardSummaryResponse({ pode_mudar_plano: true }),
      ...cancellationTermsRoute(12, { pendente: PENDING }),
    });
    renderApp('/painel');
    expect(await screen.findByRole('button', { name: 'Desistir do cancelamento' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cancelar assinatura' })).not.toBeInTheDocument();
  });
});
