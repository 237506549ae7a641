import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyDataDto } from '#shared/schemas/company';
import { getNotices } from '#client/lib/notices';
import { envelopeResponse, sessionResponse, setCsrfCookie, signedInSession, stubFetch } from '#client/testing/fetch-stub';
import { renderApp, resetAppState } from '#client/testing/render-app';

const COMPANY: CompanyDataDto = {
  id: 3,
  tipo_pessoa: 2,
  cpfcnpj: '11444777000161',
  razao_social: 'Padaria Central Ltda',
  email: 'contato@padaria.com.br',
  telefone_celular: '31991234567',
  telefone_fixo: null,
  end_cep: '30160011',
  end_logradouro: 'Rua da Bahia',
  end_numero: '1148',
  end_complemento: null,
  end_bairro: 'Centro',
  gl_cidade_id: 3106200,
  cidade: { id: 3106200, text: 'Belo Horizonte - MG' },
  data_nascimento: null,
  email_fatura: null,
  pode_editar: true,
};

beforeEach(() => setCsrfCookie('csrf'));
afterEach(() => {
  resetAppState();
  setCsrfCookie(null);
});

const notices = () => getNotices().map((notice) => [notice.level, notice.text]);

describe("'Dados da empresa' (issue 41 item 2)", () => {
  it('a manager edits the address through the CEP lookup and the invoices e-mail; the document stays as it is', async () => {
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/dados': () => envelopeResponse(COMPANY),
      'POST /api/geo/cep': () =>
        envelopeResponse({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', gl_cidade: { id: 3550308, text: 'São Paulo - SP' } }),
      'PUT /api/gl_cliente/3/dados': (request) =>
        envelopeResponse({ ...COMPANY, ...(request.body as object) }, { message: 'Dados da empresa salvos.' }),
    });
    const { user } = renderApp('/conta/empresa');
    const form = await screen.findByRole('form', { name: 'Dados da empresa' });
    expect(within(form).getByText('11.444.777/0001-61')).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: /CNPJ/ })).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Razão social')).toHaveValue('Padaria Central Ltda');
    expect(within(form).getByLabelText('Celular')).toHaveValue('(31) 99123-4567');

    const cep = within(form).getByLabelText('CEP');
    await user.clear(cep);
    await user.type(cep, '01310100');
    await waitFor(() => expect(within(form).getByLabelText('Logradouro')).toHaveValue('Avenida Paulista'));
    expect(within(form).getByLabelText('Bairro')).toHaveValue('Bela Vista');
    await user.clear(within(form).getByLabelText('Número'));
    await user.type(within(form).getByLabelText('Número'), '1000');
    await user.type(within(form).getByLabelText('E-mail para faturas (opcional)'), 'financeiro@padaria.com.br');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(notices()).toEqual([['success', 'Dados da empresa salvos.']]));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      razao_social: 'Padaria Central Ltda',
      end_cep: '01310100',
      end_logradouro: 'Avenida Paulista',
      end_numero: '1000',
      end_bairro: 'Bela Vista',
      gl_cidade_id: 3550308,
      email_fatura: 'financeiro@padaria.com.br',
    });
    expect(put?.body).not.toHaveProperty('cpfcnpj');
  });

  it('checks the fields before sending, and puts the server’s errors under theirs', async () => {
    const { calls } = stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession()),
      'GET /api/gl_cliente/3/dados': () => envelopeResponse(COMPANY),
      'PUT /api/gl_cliente/3/dados': () =>
        envelopeResponse(null, { httpStatus: 422, message: 'Verifique os campos destacados.', errors: { email_fatura: ['E-mail inválido.'] } }),
    });
    const { user } = renderApp('/conta/empresa');
    const form = await screen.findByRole('form', { name: 'Dados da empresa' });
    await user.clear(within(form).getByLabelText('Razão social'));
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Campo obrigatório.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Razão social'), 'Padaria Central Ltda');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('E-mail inválido.')).toBeInTheDocument();
    expect(within(form).getByLabelText('E-mail para faturas (opcional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a user below manager reads the same data and cannot edit it', async () => {
    stubFetch({
      'GET /api/sessao/web': () => sessionResponse(signedInSession({ clienteUsuario_nivel: 20 })),
      'GET /api/gl_cliente/3/dados': () => envelopeResponse({ ...COMPANY, email_fatura: 'financeiro@padaria.com.br', pode_editar: false }),
    });
    renderApp('/conta/empresa');
    expect(await screen.findByText('Somente o gerente da conta pode alterar estes dados.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('financeiro@padaria.com.br')).toBeInTheDocument();
    expect(screen.getByText('Rua da Bahia, 1148, Centro')).toBeInTheDocument();
    expect(screen.getByText('Belo Horizonte - MG')).toBeInTheDocument();
  });
});
