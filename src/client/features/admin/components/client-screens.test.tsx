import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, STAFF_LEVEL } from '#shared/schemas/admin';
import { dismissAllNotices, getNotices } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { clearSession, sessionQuery } from '#client/lib/session';
import { envelopeResponse, setCsrfCookie, signedInSession, stubFetch } from '#client/testing/fetch-stub';
import type { Cliente, ClienteUsuario } from '../types';
import { ClientEdit, ClientUserEdit } from './client-screens';

const AUDIT = { datahora_criado: '2026-11-01T12:00:00.000Z', datahora_modificado: '2026-11-01T12:00:00.000Z' };
const CLIENTE: Cliente = {
  ...AUDIT,
  id: 3,
  tipo_pessoa: 2,
  cpfcnpj: '11222333000181',
  razao_social: 'Empresa Demonstração Ltda',
  nome_fantasia: 'Empresa Demo',
  email: null,
  telefone_fixo: null,
  telefone_celular: null,
  end_cep: null,
  end_logradouro: null,
  end_numero: null,
  end_complemento: null,
  end_bairro: null,
  gl_cidade_id: null,
  cidade_nome: null,
  data_nascimento: null,
  fatura_token: 'tok-3',
  fatura_lembrete: true,
  email_fatura: 'financeiro@empresa-demo.com.br',
};
const VINCULO: ClienteUsuario = {
  ...AUDIT,
  id: 12,
  gl_cliente_id: 3,
  gl_usuario_id: 7,
  nivel: 20,
  usuario_nome: 'Lucas Pereira',
  usuario_email: 'usuario@exemplo.com.br',
};

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  clearSession();
  queryClient.clear();
  dismissAllNotices();
  setCsrfCookie(null);
});

function renderAt(path: string, nivel: number) {
  queryClient.setQueryData(
    sessionQuery.queryKey,
    signedInSession({ usuario: { id: 1, nome: 'Administradora Demo', nivel }, cliente: null, clienteUsuario_nivel: null }),
  );
  const router = createMemoryRouter(
    [
      // Where 'Salvar' goes back to.
      { path: '/admin/clientes', element: null },
      { path: '/admin/clientes/:id', element: <ClientEdit /> },
      { path: '/admin/clientes/:parentId/usuarios/:id', element: <ClientUserEdit /> },
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

const clientRoutes = {
  'GET /api/admin/gl_cliente/3/edit': () => envelopeResponse({ entity: CLIENTE }),
  'GET /api/admin/gl_cliente_usuario': () =>
    envelopeResponse({ current_page: 1, last_page: 1, from: 1, to: 1, total: 1, per_page: 15, path: '', data: [VINCULO] }),
  'GET /api/admin/gl_cliente_usuario/12/edit': () => envelopeResponse({ entity: VINCULO }),
};

describe("the client's form", () => {
  it("shows the e-mail for invoices and saves it with the rest (issue 41's leftover)", async () => {
    let sent: Record<string, unknown> | undefined;
    stubFetch({
      ...clientRoutes,
      'PUT /api/admin/gl_cliente/3': (request) => {
        sent = request.body as Record<string, unknown>;
        return envelopeResponse({ entity: { ...CLIENTE, email_fatura: 'contas@empresa-demo.com.br' } });
      },
    });
    const user = renderAt('/admin/clientes/3', STAFF_LEVEL.admin);
    const field = await screen.findByLabelText('E-mail para faturas');
    await waitFor(() => expect(field).toHaveValue('financeiro@empresa-demo.com.br'));
    await user.clear(field);
    await user.type(field, 'contas@empresa-demo.com.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ email_fatura: 'contas@empresa-demo.com.br', razao_social: CLIENTE.razao_social });
  });
});

describe('client-user links: supervisors make and change them, operators may only remove one (decision 100)', () => {
  it("offers 'Adicionar' on a client's users to supervisors, not to operators", async () => {
    stubFetch(clientRoutes);
    renderAt('/admin/clientes/3', STAFF_LEVEL.operator);
    const users = await screen.findByRole('region', { name: 'Usuários do cliente' });
    await within(users).findByText('Lucas Pereira');
    expect(within(users).queryByRole('button', { name: /Adicionar/ })).not.toBeInTheDocument();
  });

  it("keeps 'Adicionar' for supervisors", async () => {
    stubFetch(clientRoutes);
    renderAt('/admin/clientes/3', STAFF_LEVEL.supervisor);
    const users = await screen.findByRole('region', { name: 'Usuários do cliente' });
    await within(users).findByText('Lucas Pereira');
    expect(within(users).getByRole('button', { name: '+ Adicionar' })).toBeInTheDocument();
  });

  it("shows a link to an operator without 'Salvar', the level read-only, and 'Excluir' kept", async () => {
    stubFetch(clientRoutes);
    renderAt('/admin/clientes/3/usuarios/12', STAFF_LEVEL.operator);
    expect(await screen.findByText('Lucas Pereira <usuario@exemplo.com.br>')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Nível na conta/)).toHaveValue('20'));
    expect(screen.getByLabelText(/Nível na conta/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeEnabled();
  });

  it("lets a supervisor change a link ('Salvar')", async () => {
    stubFetch(clientRoutes);
    renderAt('/admin/clientes/3/usuarios/12', STAFF_LEVEL.supervisor);
    await screen.findByText('Lucas Pereira <usuario@exemplo.com.br>');
    await waitFor(() => expect(screen.getByLabelText(/Nível na conta/)).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
  });

  it('shows the refusal of a link of their own as the error notice, in pt-BR, and stays', async () => {
    const { calls } = stubFetch({
      ...clientRoutes,
      'GET /api/admin/gl_usuario/dropdown': () =>
        envelopeResponse({ lista: [{ id: 1, text: 'Administradora Demo <admin@exemplo.com.br>' }], more: false }),
      'POST /api/admin/gl_cliente_usuario': () =>
        envelopeResponse(null, { httpStatus: 403, message: ADMIN_MESSAGES.ownLink, code: 'own_link' }),
    });
    const user = renderAt('/admin/clientes/3/usuarios/novo', STAFF_LEVEL.supervisor);
    await screen.findByText('Empresa Demonstração Ltda');
    await user.click(screen.getByLabelText(/^Usuário/));
    await user.click(await screen.findByText('Administradora Demo <admin@exemplo.com.br>'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(getNotices().map((notice) => [notice.level, notice.text])).toEqual([['danger', ADMIN_MESSAGES.ownLink]]));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ gl_cliente_id: 3, gl_usuario_id: 1, nivel: 20 });
    expect(screen.getByRole('heading', { level: 1, name: 'Vincular usuário ao cliente' })).toBeInTheDocument();
  });
});
