import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '#shared/schemas/plans';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createUser, linkUserToClient, randomCnpj, randomCpf, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glCliente } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const cliente = await createClient(t.db);
  const manager = await createUser(t.db);
  const user = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  await linkUserToClient(t.db, user.id, cliente.id, 20);
  return { cliente, manager: await signedInAgent(t, manager.id), user: await signedInAgent(t, user.id) };
}

const company = (overrides: Record<string, unknown> = {}) => ({
  tipo_pessoa: 2,
  cpfcnpj: randomCnpj(),
  razao_social: 'Padaria Pão Quente Ltda',
  email: 'Financeiro@PaoQuente.com.br',
  telefone_celular: '(11) 98765-4321',
  telefone_fixo: '',
  end_cep: '01310-100',
  end_logradouro: 'Avenida Paulista',
  end_numero: '1000',
  end_complemento: '',
  end_bairro: 'Bela Vista',
  gl_cidade_id: 3550308,
  data_nascimento: '14/03/1985',
  ...overrides,
});

const row = async (id: number) => (await t.db.select().from(glCliente).where(eq(glCliente.id, id)))[0];

describe('customer data of the plan signup (GET /api/gl_cliente/{id}/edit, PUT /api/gl_cliente/{id})', () => {
  it('saves the §3 fields for the manager, stored without masks, and loads them back with the city option', async () => {
    const w = await world();
    const body = company();
    const saved = await w.manager.request<Customer>('PUT', `/api/gl_cliente/${w.cliente.id}`, { body });
    expect(saved.status).toBe(200);
    const loaded = await w.manager.get<Customer>(`/api/gl_cliente/${w.cliente.id}/edit`);
    expect(loaded.body.data).toMatchObject({
      tipo_pessoa: 2,
      cpfcnpj: String(body.cpfcnpj).replace(/\W/g, ''),
      email: 'financeiro@paoquente.com.br',
      telefone_celular: '11987654321',
      telefone_fixo: null,
      end_cep: '01310100',
      end_complemento: null,
      cidade: { id: 3550308, text: 'São Paulo - SP' },
      // A company has no birth date (§3 "individuals only").
      data_nascimento: null,
    });
    const person = await w.manager.request('PUT', `/api/gl_cliente/${w.cliente.id}`, {
      body: company({ tipo_pessoa: 1, cpfcnpj: randomCpf(), razao_social: 'Ana Lima' }),
    });
    expect(person.status).toBe(200);
    expect((await row(w.cliente.id))?.data_nascimento).toBe('1985-03-14');
  });

  it('refuses a level-20 user and a stranger, changing nothing', async () => {
    const w = await world();
    const before = await row(w.cliente.id);
    const byUser = await w.user.request('PUT', `/api/gl_cliente/${w.cliente.id}`, { body: company() });
    expect(byUser.status).toBe(403);
    expect((await w.user.get(`/api/gl_cliente/${w.cliente.id}/edit`)).status).toBe(403);
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await stranger.request('PUT', `/api/gl_cliente/${w.cliente.id}`, { body: company() })).status).toBe(404);
    expect((await new ApiAgent(t.app).get(`/api/gl_cliente/${w.cliente.id}/edit`)).status).toBe(401);
    expect(await row(w.cliente.id)).toEqual(before);
  });

  it('answers the §5 messages and a document of the wrong kind, changing nothing', async () => {
    const w = await world();
    const before = await row(w.cliente.id);
    const response = await w.manager.request('PUT', `/api/gl_cliente/${w.cliente.id}`, {
      body: company({ cpfcnpj: '11.111.111/1111-11', end_cep: '0131', email: 'x', end_logradouro: ' ', telefone_celular: '' }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      cpfcnpj: ['Digite um CPF ou CNPJ válido.'],
      end_cep: ['Preencha um CEP válido.'],
      email: ['Digite um e-mail válido.'],
      end_logradouro: ['Campo obrigatório.'],
      telefone_celular: ['Campo obrigatório. Confira se os número estão corretos.'],
    });
    const kind = await w.manager.request('PUT', `/api/gl_cliente/${w.cliente.id}`, { body: company({ cpfcnpj: randomCpf() }) });
    expect(kind.body.errors).toEqual({ cpfcnpj: ['O documento não corresponde ao tipo de pessoa escolhido.'] });
    const taken = await createClient(t.db);
    const duplicate = await w.manager.request('PUT', `/api/gl_cliente/${w.cliente.id}`, {
      body: company({ tipo_pessoa: 1, cpfcnpj: taken.cpfcnpj }),
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual({ cpfcnpj: ['Já existe outra conta com este CPF/CNPJ.'] });
    expect(await row(w.cliente.id)).toEqual(before);
  });
});
