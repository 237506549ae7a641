import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { CobrancaContaDto } from '#shared/schemas/bank-collection';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { clearSession, sessionQuery } from '#client/lib/session';
import { envelopeResponse, setCsrfCookie, signedInSession, stubFetch, type StubHandler } from '#client/testing/fetch-stub';
import type { Remessa, Retorno, RetornoOcorrencia } from '../types';
import { AdminApp } from './admin-app';

const CONTA: CobrancaContaDto = {
  id: 2,
  nome_exibicao: 'Boleto bancário',
  banco: '001',
  banco_nome: 'Banco do Brasil',
  a_enviar: 3,
  aguardando_banco: 1,
  registrados: 4,
  liquidados: 10,
  rejeitados: 1,
  ultima_remessa: { numero: 5, datahora: '2026-11-28T13:00:00.000Z' },
  ultimo_retorno: null,
};
const REMESSAS: Remessa[] = [{ id: 9, datahora_criado: '2026-11-28T13:00:00.000Z', pg_conta_id: 2, numero: 5, quantidade: 3, conta_nome: 'Boleto bancário' }];
const RETORNOS: Retorno[] = [
  { id: 4, datahora_criado: '2026-11-28T15:00:00.000Z', pg_conta_id: 2, numero: 7, nome_arquivo: 'RET007.ret', registrados: 2, liquidados: 1, rejeitados: 1, atencao: 1, outras: 0, conta_nome: 'Boleto bancário' },
];
const OCORRENCIAS: RetornoOcorrencia[] = [
  {
    id: 30,
    datahora_criado: '2026-11-28T15:00:00.000Z',
    datahora_modificado: '2026-11-28T15:00:00.000Z',
    pg_retorno_id: 4,
    pg_conta_id: 2,
    pg_boleto_id: 11,
    pg_fatura_id: 77,
    linha: 7,
    nosso_numero: '23456780000000003',
    movimento: '03',
    motivos: '48',
    descricao: 'Entrada rejeitada: CEP inválido',
    valor_titulo: '149.90',
    valor_pago: null,
    data_ocorrencia: '2026-11-27',
    data_credito: null,
    resultado: 'rejeitado',
    conta_nome: 'Boleto bancário',
    cliente_nome: 'Empresa Demonstração Ltda',
  },
];

const page = <T,>(rows: T[]) =>
  envelopeResponse({ current_page: 1, last_page: 1, from: 1, to: rows.length, total: rows.length, per_page: 15, path: '', data: rows });

const ROUTES: Record<string, StubHandler> = {
  'GET /api/admin/cobranca_bancaria/contas': () => envelopeResponse([CONTA]),
  'GET /api/admin/pg_remessa': () => page(REMESSAS),
  'GET /api/admin/pg_retorno': () => page(RETORNOS),
  'GET /api/admin/pg_retorno_ocorrencia': () => page(OCORRENCIAS),
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
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminApp /> }], { initialEntries: ['/admin/cobranca-bancaria'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const notices = () => getNotices().map((notice) => [notice.level, notice.text]);
const cnabFile = () => new File(['0'.repeat(240)], 'RET008.ret', { type: 'text/plain' });

describe('Administração → Cobrança bancária (issue 40)', () => {
  it('shows where each account’s boletos stand, its files and the bank’s occurrences', async () => {
    stubFetch(ROUTES);
    renderAdmin(STAFF_LEVEL.supervisor);
    const row = await screen.findByRole('row', { name: /Boleto bancário/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '001 · Banco do Brasil', '3', '1', '4', '10', '1', 'nº 5 em 28/11/2026 10:00', '-', 'Gerar remessaEnviar retorno',
    ]);
    const remessas = screen.getByRole('region', { name: 'Arquivos de remessa' });
    expect(await within(remessas).findByRole('link', { name: 'Baixar remessa nº 5 de Boleto bancário' })).toHaveAttribute('href', '/api/admin/pg_remessa/9/arquivo');
    const retornos = screen.getByRole('region', { name: 'Arquivos de retorno' });
    expect(await within(retornos).findByRole('link', { name: 'RET007.ret' })).toHaveAttribute('href', '/api/admin/pg_retorno/4/arquivo');
    const ocorrencias = screen.getByRole('region', { name: 'Ocorrências dos retornos' });
    const occurrence = await within(ocorrencias).findByRole('row', { name: /23456780000000003/ });
    expect(occurrence).toHaveTextContent('Entrada rejeitada: CEP inválido');
    expect(within(occurrence).getByRole('link', { name: '77 · Empresa Demonstração Ltda' })).toHaveAttribute('href', '/admin/faturas/77');
  });

  it('lets operators read but not make or apply files', async () => {
    stubFetch(ROUTES);
    renderAdmin(STAFF_LEVEL.operator);
    await screen.findByRole('row', { name: /Boleto bancário/ });
    expect(screen.queryByRole('button', { name: /Gerar remessa/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enviar retorno/ })).not.toBeInTheDocument();
  });

  it("'Gerar remessa' asks first, then shows the server's message", async () => {
    const { calls } = stubFetch({
      ...ROUTES,
      'POST /api/admin/pg_conta/2/remessa': () =>
        envelopeResponse({ id: 10, numero: 6, quantidade: 3, entradas: 3, baixas: 0, fileName: 'remessa-001-000006-28112026.rem' }, { message: 'Remessa nº 6 gerada com 3 boletos.' }),
    });
    const user = renderAdmin(STAFF_LEVEL.supervisor);
    await user.click(await screen.findByRole('button', { name: 'Gerar remessa: Boleto bancário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerar remessa' });
    await user.click(within(dialog).getByRole('button', { name: 'Gerar remessa' }));
    await waitFor(() => expect(notices()).toEqual([['success', 'Remessa nº 6 gerada com 3 boletos.']]));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/pg_conta/2/remessa']);
  });

  it('sends the retorno as a file and lists the problems of a refused one in the dialog', async () => {
    const refused = {
      arquivo: ['Linha 7, coluna 201: o registro tem 200 posições; o CNAB 240 tem 240 em cada linha.'],
    };
    let answer = 'refused';
    const { calls } = stubFetch({
      ...ROUTES,
      'POST /api/admin/pg_conta/2/retorno': () =>
        answer === 'refused'
          ? envelopeResponse(null, { httpStatus: 422, message: 'O arquivo de retorno tem 1 erro e nada foi aplicado. Corrija-o ou peça ao banco um novo arquivo.', errors: refused })
          : envelopeResponse({ id: 5, numero: 8, registrados: 2, liquidados: 1, rejeitados: 0, atencao: 0, outras: 0 }, { message: 'Retorno processado: 2 entradas confirmadas, 1 liquidação.' }),
    });
    const user = renderAdmin(STAFF_LEVEL.supervisor);
    await user.click(await screen.findByRole('button', { name: 'Enviar retorno: Boleto bancário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arquivo de retorno: Boleto bancário' });
    const send = within(dialog).getByRole('button', { name: 'Processar retorno' });
    expect(send).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Arquivo de retorno do banco (CNAB 240)'), cnabFile());
    await user.click(send);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('O arquivo de retorno tem 1 erro e nada foi aplicado.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Linha 7, coluna 201: o registro tem 200 posições; o CNAB 240 tem 240 em cada linha.');
    expect(notices()).toEqual([]);
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toBeInstanceOf(FormData);
    expect(((sent?.body as FormData).get('arquivo') as File).name).toBe('RET008.ret');

    answer = 'applied';
    await user.click(send);
    await waitFor(() => expect(notices()).toEqual([['success', 'Retorno processado: 2 entradas confirmadas, 1 liquidação.']]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
