import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDataDto } from '#shared/schemas/company';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createUser, linkUserToClient, randomCnpj, randomCpf, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glAuditoria, glCliente } from '../../platform/db/schema.ts';

/** 'Dados da empresa' (issue 41 item 2): GET and PUT /api/gl_cliente/{id}/dados. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A company client with a manager, a supervisor and a user, each signed in. */
async function world(overrides: Partial<typeof glCliente.$inferInsert> = {}) {
  const cliente = await createClient(t.db, {
    tipo_pessoa: 2,
    cpfcnpj: randomCnpj(),
    razao_social: 'Padaria Pão Quente Ltda',
    email: 'contato@paoquente.com.br',
    ...overrides,
  });
  const agents = [];
  for (const nivel of [10, 13, 20]) {
    const person = await createUser(t.db);
    await linkUserToClient(t.db, person.id, cliente.id, nivel);
    agents.push({ person, agent: await signedInAgent(t, person.id) });
  }
  const [manager, supervisor, user] = agents as [(typeof agents)[0], (typeof agents)[0], (typeof agents)[0]];
  return { cliente, manager, supervisor, user };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  razao_social: 'Padaria Pão Quente Comércio Ltda',
  email: 'Financeiro@PaoQuente.com.br',
  telefone_celular: '(11) 98765-4321',
  telefone_fixo: '',
  end_cep: '01310-100',
  end_logradouro: 'Avenida Paulista',
  end_numero: '1000',
  end_complemento: 'Sala 12',
  end_bairro: 'Bela Vista',
  gl_cidade_id: 3550308,
  data_nascimento: '14/03/1985',
  email_fatura: 'Notas@PaoQuente.com.br',
  ...overrides,
});

const url = (clienteId: number) => `/api/gl_cliente/${clienteId}/dados`;
const row = async (id: number) => (await t.db.select().from(glCliente).where(eq(glCliente.id, id)))[0];
const auditOf = (clienteId: number) =>
  t.db
    .select()
    .from(glAuditoria)
    .where(and(eq(glAuditoria.recurso, 'gl_cliente'), eq(glAuditoria.recurso_id, String(clienteId))))
    .orderBy(asc(glAuditoria.id));

describe("'Dados da empresa' (GET and PUT /api/gl_cliente/{id}/dados)", () => {
  it('the manager reads and saves: fields stored without masks, the document untouched, the change in the audit trail', async () => {
    const w = await world();
    const loaded = await w.manager.agent.get<CompanyDataDto>(url(w.cliente.id));
    expect(loaded.status).toBe(200);
    expect(loaded.headers['cache-control']).toBe('no-store');
    expect(loaded.body.data).toMatchObject({
      id: w.cliente.id,
      tipo_pessoa: 2,
      cpfcnpj: w.cliente.cpfcnpj,
      razao_social: 'Padaria Pão Quente Ltda',
      email: 'contato@paoquente.com.br',
      email_fatura: null,
      pode_editar: true,
    });

    // A document and a kind of person sent along are not among the call's fields.
    const saved = await w.manager.agent.request<CompanyDataDto>('PUT', url(w.cliente.id), {
      body: body({ cpfcnpj: randomCpf(), tipo_pessoa: 1 }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Dados da empresa salvos.');
    expect(saved.body.data).toMatchObject({
      tipo_pessoa: 2,
      cpfcnpj: w.cliente.cpfcnpj,
      razao_social: 'Padaria Pão Quente Comércio Ltda',
      email: 'financeiro@paoquente.com.br',
      telefone_celular: '11987654321',
      telefone_fixo: null,
      end_cep: '01310100',
      end_complemento: 'Sala 12',
      cidade: { id: 3550308, text: 'São Paulo - SP' },
      // A company has no birth date (§3 "individuals only").
      data_nascimento: null,
      email_fatura: 'notas@paoquente.com.br',
      pode_editar: true,
    });
    expect(await row(w.cliente.id)).toMatchObject({
      tipo_pessoa: 2,
      cpfcnpj: w.cliente.cpfcnpj,
      razao_social: 'Padaria Pão Quente Comércio Ltda',
      email: 'financeiro@paoquente.com.br',
      end_cep: '01310100',
      gl_cidade_id: 3550308,
      data_nascimento: null,
      email_fatura: 'notas@paoquente.com.br',
    });
    const [entry, ...more] = await auditOf(w.cliente.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ acao: 'dados_empresa_alterados', gl_usuario_id: w.manager.person.id });
    // The fields that changed by name (telefone_fixo and data_nascimento stayed empty).
    expect([...(entry?.campos ?? [])].sort()).toEqual(
      [
        'razao_social',
        'email',
        'telefone_celular',
        'end_cep',
        'end_logradouro',
        'end_numero',
        'end_complemento',
        'end_bairro',
        'gl_cidade_id',
        'email_fatura',
      ].sort(),
    );

    // The same again changes nothing and records nothing; then only the e-mail for invoices,
    // cleared ('' is none).
    expect((await w.manager.agent.request('PUT', url(w.cliente.id), { body: body() })).status).toBe(200);
    expect(await auditOf(w.cliente.id)).toHaveLength(1);
    const cleared = await w.manager.agent.request<CompanyDataDto>('PUT', url(w.cliente.id), { body: body({ email_fatura: '' }) });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.email_fatura).toBeNull();
    expect((await row(w.cliente.id))?.email_fatura).toBeNull();
    const entries = await auditOf(w.cliente.id);
    expect(entries.map((audit) => audit.campos)).toEqual([expect.any(Array), ['email_fatura']]);
  });

  it("keeps an individual's birth date", async () => {
    const w = await world({ tipo_pessoa: 1, cpfcnpj: randomCpf(), razao_social: 'Ana Lima' });
    const saved = await w.manager.agent.request<CompanyDataDto>('PUT', url(w.cliente.id), {
      body: body({ razao_social: 'Ana Lima', email_fatura: null }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ tipo_pessoa: 1, data_nascimento: '1985-03-14', email_fatura: null });
    expect((await row(w.cliente.id))?.data_nascimento).toBe('1985-03-14');
    expect((await auditOf(w.cliente.id))[0]?.campos).toContain('data_nascimento');
  });

  it('a user and a supervisor read (pode_editar false) but may not save; a stranger learns nothing', async () => {
    const w = await world();
    const before = await row(w.cliente.id);
    for (const { agent } of [w.user, w.supervisor]) {
      const loaded = await agent.get<CompanyDataDto>(url(w.cliente.id));
      expect(loaded.status).toBe(200);
      expect(loaded.body.data).toMatchObject({ cpfcnpj: w.cliente.cpfcnpj, pode_editar: false });
      const refused = await agent.request('PUT', url(w.cliente.id), { body: body() });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Somente o gerente da conta pode alterar os dados da empresa.');
    }
    // No link: 404, staff included (they edit clients through the staff routes, decision 030).
    for (const nivel of [null, 1]) {
      const stranger = await signedInAgent(t, (await createUser(t.db, { nivel })).id);
      const loaded = await stranger.get(url(w.cliente.id));
      expect(loaded.status).toBe(404);
      expect(loaded.body.message).toBe('Cliente não encontrado.');
      expect((await stranger.request('PUT', url(w.cliente.id), { body: body() })).status).toBe(404);
    }
    expect((await new ApiAgent(t.app).get(url(w.cliente.id))).status).toBe(401);
    expect(await row(w.cliente.id)).toEqual(before);
    expect(await auditOf(w.cliente.id)).toEqual([]);
  });

  it('answers field errors for a bad CEP, e-mails or city, changing nothing', async () => {
    const w = await world();
    const before = await row(w.cliente.id);
    const invalid = await w.manager.agent.request('PUT', url(w.cliente.id), {
      body: body({ end_cep: '0131', email: 'x', email_fatura: 'notas@', end_logradouro: ' ' }),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      end_cep: ['Preencha um CEP válido.'],
      email: ['Digite um e-mail válido.'],
      email_fatura: ['Digite um e-mail válido.'],
      end_logradouro: ['Campo obrigatório.'],
    });
    const city = await w.manager.agent.request('PUT', url(w.cliente.id), { body: body({ gl_cidade_id: 9999998 }) });
    expect(city.status).toBe(422);
    expect(city.body.errors).toEqual({ gl_cidade_id: ['Selecione uma cidade da lista.'] });
    expect(await row(w.cliente.id)).toEqual(before);
    expect(await auditOf(w.cliente.id)).toEqual([]);
  });
});
