import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '#shared/schemas/crud';
import type { DropdownPage } from '#shared/schemas/dropdown';
import type { FaturaListDto } from '#shared/schemas/invoices';
import { glArquivo, glCliente, glContratoEventoArquivo, glUsuario, pgConta, pgFatura } from '../../platform/db/schema.ts';
import { storeFile } from '../../platform/storage/stored-files.ts';
import { localStorageFor } from '../../platform/storage/file-storage.ts';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createContract,
  createPendingPlanChange,
  createProduct,
  createUser,
  linkUserToClient,
  randomCnpj,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { routeTable } from '#tests/helpers/route-table.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let admin: ApiAgent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t, (await createUser(t.db, { nivel: 1 })).id);
});
afterAll(() => t.close());

type Entity = Record<string, unknown> & { id: number };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Every route of the staff area, with a path a caller could send: all under /api/admin in the
 * app's own route table (so a route added later is walked too), and the staff routes outside it.
 */
function adminRoutes(): [string, string][] {
  const routes: [string, string][] = [['GET', '/api/pg_conta']];
  for (const route of routeTable(t.app)) {
    if (route.path.startsWith('/api/admin/')) routes.push([route.method, route.path.replace(/:[A-Za-z_]+/g, '1')]);
  }
  return routes;
}

describe('staff area permissions (§6, decision 030)', () => {
  it('refuses every admin route to a visitor (401) and to a customer (403), changing nothing', async () => {
    const cliente = await createClient(t.db);
    const customer = await createUser(t.db);
    await linkUserToClient(t.db, customer.id, cliente.id, 10);
    const customerAgent = await signedInAgent(t, customer.id, { clienteId: cliente.id });
    const visitor = new ApiAgent(t.app);
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(80);
    // The routes added since the list was kept by hand are among them (docs/security.md, 8.2.1).
    expect(routes).toEqual(expect.arrayContaining([['GET', '/api/admin/cobranca_bancaria/contas'], ['POST', '/api/admin/pg_conta/1/retorno']]));
    for (const [method, url] of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { nome: 'x', id: 1, nivel: 0 };
      const anonymous = await visitor.request(method as 'GET', url, body === undefined ? {} : { body });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      expect(anonymous.body.message).toBe('Usuário não logado.');
      const asCustomer = await customerAgent.request(method as 'GET', url, body === undefined ? {} : { body });
      expect(asCustomer.status, `${method} ${url}`).toBe(403);
    }
    const [after] = await t.db.select().from(glUsuario).where(eq(glUsuario.id, customer.id));
    expect(after?.nivel).toBeNull();
  });

  it('lets an operator read and keep invoices, but not the catalogue nor deletes', async () => {
    const operator = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    expect((await operator.get('/api/admin/gl_produto')).status).toBe(200);
    const product = await operator.post('/api/admin/gl_produto', { nome: 'Produto X', url: '/x' });
    expect(product.status).toBe(403);
    const cliente = await createClient(t.db);
    const fatura = await operator.post<{ entity: Entity }>('/api/admin/pg_fatura', {
      gl_cliente_id: cliente.id,
      situacao: 5,
      data_vencimento: '10/01/2027',
    });
    expect(fatura.status).toBe(200);
    expect(fatura.body.data.entity).toMatchObject({ data_vencimento: '2027-01-10', valor: '0.00' });
    const removal = await operator.request('DELETE', `/api/admin/pg_fatura/${fatura.body.data.entity.id}`);
    expect(removal.status).toBe(403);
  });

  it('keeps a supervisor from resetting an admin, but lets them reset an operator', async () => {
    const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const strong = await createUser(t.db, { nivel: 1, twofa_ativo: true });
    const refused = await supervisor.post(`/api/admin/gl_usuario/${strong.id}/twofa_resetar`);
    expect(refused.status).toBe(403);
    const weak = await createUser(t.db, { nivel: 5, twofa_ativo: true });
    const weakSession = await signedInAgent(t, weak.id);
    const reset = await supervisor.post(`/api/admin/gl_usuario/${weak.id}/twofa_resetar`);
    expect(reset.status).toBe(200);
    // Their sessions end with their 2FA (security review item 7).
    expect((await weakSession.get('/api/sessao/web')).body.status).toBe(400);
    const laterSession = await signedInAgent(t, weak.id);
    const forced = await supervisor.post(`/api/admin/gl_usuario/${weak.id}/senha_revalidar`);
    expect(forced.status).toBe(200);
    expect((await laterSession.get('/api/sessao/web')).body.status).toBe(400);
    const [row] = await t.db.select().from(glUsuario).where(eq(glUsuario.id, weak.id));
    expect(row).toMatchObject({ twofa_ativo: false, senha_revalidar: true });
    // Staff levels are the admins' call only.
    expect((await supervisor.post(`/api/admin/gl_usuario/${weak.id}/nivel`, { nivel: 3 })).status).toBe(403);
    expect((await admin.post(`/api/admin/gl_usuario/${weak.id}/nivel`, { nivel: 3 })).status).toBe(200);
  });
});

describe('no mass assignment', () => {
  it('ignores id, nivel, secrets and audit fields a screen does not send', async () => {
    const person = await createUser(t.db);
    const before = (await t.db.select().from(glUsuario).where(eq(glUsuario.id, person.id)))[0]!;
    const response = await admin.request<{ entity: Entity }>('PUT', `/api/admin/gl_usuario/${person.id}`, {
      body: {
        nome: 'Nome Novo',
        email: person.email,
        id: 999_999,
        nivel: 0,
        senha_hash: 'x',
        twofa_ativo: true,
        datahora_criado: '2000-01-01T00:00:00Z',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.entity).toMatchObject({ id: person.id, nome: 'Nome Novo', nivel: null });
    expect(response.body.data.entity).not.toHaveProperty('senha_hash');
    expect(response.body.data.entity).not.toHaveProperty('twofa_secret');
    const [after] = await t.db.select().from(glUsuario).where(eq(glUsuario.id, person.id));
    expect(after).toMatchObject({ nivel: null, senha_hash: before.senha_hash, twofa_ativo: false });
    expect(after!.datahora_criado).toEqual(before.datahora_criado);
    expect(after!.datahora_modificado.getTime()).toBeGreaterThan(before.datahora_modificado.getTime());
  });

  it('makes the invoice token itself and derives the person type from the document', async () => {
    const cnpj = randomCnpj();
    const response = await admin.post<{ entity: Entity }>('/api/admin/gl_cliente', {
      cpfcnpj: cnpj,
      razao_social: 'Empresa Nova Ltda',
      fatura_token: 'meu-token-escolhido-com-mais-de-32-caracteres',
      id: 777_777,
      tipo_pessoa: 1,
      data_nascimento: '01/01/1990',
    });
    expect(response.status).toBe(200);
    const entity = response.body.data.entity;
    expect(entity.id).not.toBe(777_777);
    expect(entity).toMatchObject({ tipo_pessoa: 2, data_nascimento: null, cpfcnpj: cnpj });
    expect(entity.fatura_token).not.toBe('meu-token-escolhido-com-mais-de-32-caracteres');
    const rotated = await admin.post<{ fatura_token: string }>(`/api/admin/gl_cliente/${entity.id}/fatura_token`);
    expect(rotated.body.data.fatura_token).not.toBe(entity.fatura_token);
    const [row] = await t.db.select().from(glCliente).where(eq(glCliente.id, entity.id));
    expect(row?.fatura_token).toBe(rotated.body.data.fatura_token);
  });

  it("sets, changes and clears a client's e-mail for invoices, refusing one that is not an e-mail (issue 41's leftover)", async () => {
    const client = await createClient(t.db);
    const save = (email_fatura: string) =>
      admin.request<{ entity: Entity }>('PUT', `/api/admin/gl_cliente/${client.id}`, {
        body: { cpfcnpj: client.cpfcnpj, razao_social: client.razao_social, email_fatura },
      });
    const stored = async () =>
      (await t.db.select({ email: glCliente.email_fatura }).from(glCliente).where(eq(glCliente.id, client.id)))[0]?.email;

    const set = await save('financeiro@cliente.com.br');
    expect(set.status).toBe(200);
    expect(set.body.data.entity.email_fatura).toBe('financeiro@cliente.com.br');
    expect(await stored()).toBe('financeiro@cliente.com.br');

    const bad = await save('financeiro@');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.email_fatura).toBeDefined();
    expect(await stored()).toBe('financeiro@cliente.com.br');

    expect((await save('  ')).status).toBe(200);
    expect(await stored()).toBeNull();
  });

  it('answers bad input with 422 per field in pt-BR and writes nothing', async () => {
    const response = await admin.post('/api/admin/pg_conta', { nome: '', nome_exibicao: 'Pix' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ nome: ['Campo obrigatório.'] });
    const bad = await admin.post('/api/admin/gl_cliente', { cpfcnpj: '111.111.111-11', razao_social: 'X' });
    expect(bad.body.errors?.cpfcnpj).toEqual(['Digite um CPF ou CNPJ válido']);
  });

  it('answers a duplicate and a reference to a missing row in pt-BR, not with a database error', async () => {
    const existing = await createClient(t.db);
    const duplicate = await admin.post('/api/admin/gl_cliente', { cpfcnpj: existing.cpfcnpj, razao_social: 'Outro' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Já existe um registro com estes dados.');
    const orphan = await admin.post('/api/admin/gl_plano', { gl_produto_id: 999_999, nome: 'x', nome_exibicao: 'X' });
    expect(orphan.status).toBe(422);
    expect(orphan.body.message).toBe('O registro escolhido não existe mais.');
  });
});

describe('generic list (§3 pagination, §7 search)', () => {
  it('pages with the §3 shape and searches by searchText or q', async () => {
    const tag = `Busca${Date.now().toString(36)}`;
    for (const n of [1, 2, 3]) await createProduct(t.db, { nome: `${tag} ${n}` });
    const first = await admin.get<Pagination<Entity>>(`/api/admin/gl_produto?searchText=${tag.toLowerCase()}&per_page=2`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      current_page: 1,
      from: 1,
      to: 2,
      total: 3,
      last_page: 2,
      per_page: 2,
      path: '/api/admin/gl_produto',
      prev_page_url: null,
      next_page_url: '/api/admin/gl_produto?page=2',
    });
    expect(first.body.data.data.map((row) => row.nome)).toEqual([`${tag} 1`, `${tag} 2`]);
    const second = await admin.get<Pagination<Entity>>(`/api/admin/gl_produto?q=${tag}&per_page=2&page=2`);
    expect(second.body.data).toMatchObject({ current_page: 2, from: 3, to: 3, total: 3, next_page_url: null });
    const none = await admin.get<Pagination<Entity>>(`/api/admin/gl_produto?q=${tag}zzz`);
    expect(none.body.data).toMatchObject({ total: 0, from: null, to: null, last_page: 1, data: [] });
    expect((await admin.get('/api/admin/gl_produto?page=0')).status).toBe(422);
  });

  it('filters invoices by due date (the date-interval picker) and client', async () => {
    const cliente = await createClient(t.db);
    for (const data_vencimento of ['2026-12-31', '2027-01-01', '2027-01-31', '2027-02-01']) {
      await t.db.insert(pgFatura).values({ gl_cliente_id: cliente.id, situacao: 5, data_vencimento, valor: '1.00' });
    }
    const january = await admin.get<Pagination<Entity>>(
      `/api/admin/pg_fatura?gl_cliente_id=${cliente.id}&data_vencimento_inicio=2027-01-01&data_vencimento_fim=2027-01-31`,
    );
    expect(january.body.data.data.map((row) => row.data_vencimento)).toEqual(['2027-01-31', '2027-01-01']);
    expect(january.body.data.data[0]).toMatchObject({ cliente_razao_social: cliente.razao_social });
  });

  it('pages and searches the cities, ignoring accents', async () => {
    const page = await admin.get<Pagination<Entity>>('/api/admin/gl_cidade?q=s%C3%A3o%20paulo&per_page=5');
    expect(page.body.data.data[0]).toMatchObject({ id: 3550308, nome: 'São Paulo', estado_sigla: 'SP' });
    const all = await admin.get<Pagination<Entity>>('/api/admin/gl_cidade');
    expect(all.body.data.total).toBeGreaterThan(5000);
  });
});

describe('dropdowns (§7 q and p)', () => {
  it('pages the account dropdown 20 at a time and searches it', async () => {
    const tag = `Conta${Date.now().toString(36)}`;
    await t.db.insert(pgConta).values(
      Array.from({ length: 25 }, (_, n) => ({ nome: `${tag}-${String(n).padStart(2, '0')}`, nome_exibicao: `${tag} ${String(n).padStart(2, '0')}` })),
    );
    const first = await admin.get<DropdownPage>(`/api/pg_conta?q=${tag}`);
    expect(first.body.data.lista).toHaveLength(20);
    expect(first.body.data.more).toBe(true);
    expect(first.body.data.lista[0]).toEqual({ id: expect.any(Number) as number, text: `${tag} 00` });
    const second = await admin.get<DropdownPage>(`/api/pg_conta?q=${tag}&p=2`);
    expect(second.body.data.lista.map((option) => option.text)).toEqual(
      [20, 21, 22, 23, 24].map((n) => `${tag} ${n}`),
    );
    expect(second.body.data.more).toBe(false);
    const clients = await admin.get<DropdownPage>('/api/admin/gl_cliente/dropdown?q=zzzz-nada');
    expect(clients.body.data).toEqual({ lista: [], more: false });
    expect((await admin.get('/api/pg_conta?p=0')).status).toBe(422);
  });
});

describe('writes and deletes', () => {
  it('refuses to delete a plan still referenced, in pt-BR, and deletes it once free', async () => {
    const product = await createProduct(t.db);
    const plan = await admin.post<{ entity: Entity }>('/api/admin/gl_plano', {
      gl_produto_id: product.id,
      nome: 'novo',
      nome_exibicao: 'Plano Novo',
    });
    expect(plan.status).toBe(200);
    const planId = plan.body.data.entity.id;
    const option = await admin.post<{ entity: Entity }>('/api/admin/gl_plano_pagamento', {
      gl_plano_id: planId,
      cobranca_tipo: 1,
      cobranca_tipo_desc: 'Mensal',
      valor: '49.9',
      gl_plano_id_extra: 1,
    });
    expect(option.body.data.entity).toMatchObject({ gl_plano_id: planId, valor: '49.90' });
    // An option stays with its plan: the update schema has no gl_plano_id.
    const other = await createContract(t.db, (await createClient(t.db)).id, product.id);
    const moved = await admin.request<{ entity: Entity }>('PUT', `/api/admin/gl_plano_pagamento/${option.body.data.entity.id}`, {
      body: { gl_plano_id: other.plano.id, cobranca_tipo: 12, cobranca_tipo_desc: 'Anual', valor: '500' },
    });
    expect(moved.body.data.entity).toMatchObject({ gl_plano_id: planId, cobranca_tipo: 12, valor: '500.00' });
    const refused = await admin.request('DELETE', `/api/admin/gl_plano/${planId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Não é possível excluir: este registro está em uso por outros cadastros.');
    expect((await admin.request('DELETE', `/api/admin/gl_plano_pagamento/${option.body.data.entity.id}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/gl_plano/${planId}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/gl_plano/${planId}/edit`)).status).toBe(404);
  });

  it('builds an invoice with items and an NFS-e PDF that the client sees in its list', async () => {
    const cliente = await createClient(t.db);
    const fatura = await admin.post<{ entity: Entity }>('/api/admin/pg_fatura', {
      gl_cliente_id: cliente.id,
      situacao: 5,
      data_vencimento: '2027-03-10',
      servico_discriminacao: 'Serviços de março',
    });
    const faturaId = fatura.body.data.entity.id;
    for (const valor of ['100.00', '20.50']) {
      const item = await admin.post('/api/admin/pg_fatura_item', {
        pg_fatura_id: faturaId,
        descricao: 'Licença',
        qtde: '1',
        valor,
      });
      expect(item.status).toBe(200);
    }
    const loaded = await admin.get<{ entity: Entity }>(`/api/admin/pg_fatura/${faturaId}/edit`);
    expect(loaded.body.data.entity.valor).toBe('120.50');

    const wrong = await admin.postMultipart('/api/admin/pg_nfse', { pg_fatura_id: faturaId, nf_numero: '9', datahora_emissao: '2027-03-01T10:00:00' }, [
      { field: 'pdf', filename: 'nota.pdf', content: Buffer.from('not a pdf at all') },
    ]);
    expect(wrong.status).toBe(415);
    // A refused note keeps none of its files.
    const filesBefore = await t.db.$count(glArquivo);
    const invalid = await admin.postMultipart('/api/admin/pg_nfse', { pg_fatura_id: faturaId, nf_numero: '', datahora_emissao: '2027-03-01T10:00:00' }, [
      { field: 'pdf', filename: 'nota.pdf', content: PDF },
      { field: 'xml', filename: 'nota.xml', content: PDF },
    ]);
    expect(invalid.status).toBe(415);
    const unnamed = await admin.postMultipart('/api/admin/pg_nfse', { pg_fatura_id: faturaId, nf_numero: '', datahora_emissao: '2027-03-01T10:00:00' }, [
      { field: 'pdf', filename: 'nota.pdf', content: PDF },
    ]);
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.errors).toHaveProperty('nf_numero');
    expect(await t.db.$count(glArquivo)).toBe(filesBefore);
    const nfse = await admin.postMultipart<{ entity: Entity }>(
      '/api/admin/pg_nfse',
      { pg_fatura_id: faturaId, nf_numero: '4321', datahora_emissao: '2027-03-01T10:00:00', pdf_arquivo_id: 999_999 },
      [{ field: 'pdf', filename: 'nota.pdf', content: PDF, contentType: 'application/pdf' }],
    );
    expect(nfse.status).toBe(200);
    expect(nfse.body.data.entity.pdf_arquivo_id).toEqual(expect.any(Number));
    expect(nfse.body.data.entity.pdf_arquivo_id).not.toBe(999_999);

    // The multipart update variant (POST {base}/{id}) adds the XML and keeps the PDF.
    const nfseId = nfse.body.data.entity.id;
    const xml = Buffer.from('<?xml version="1.0"?><nfse><numero>4321</numero></nfse>');
    const updated = await admin.postMultipart<{ entity: Entity }>(
      `/api/admin/pg_nfse/${nfseId}`,
      { nf_numero: '4321', datahora_emissao: '2027-03-01T10:00:00', pg_fatura_id: 1 },
      [{ field: 'xml', filename: 'nota.xml', content: xml }],
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.entity).toMatchObject({ pg_fatura_id: faturaId, pdf_arquivo_id: nfse.body.data.entity.pdf_arquivo_id });
    expect(updated.body.data.entity.xml_arquivo_id).toEqual(expect.any(Number));
    const json = await admin.request('POST', `/api/admin/pg_nfse/${nfseId}`, { body: { nf_numero: '1' } });
    expect(json.status).toBe(415);
    // A new XML replaces the old one, whose file goes.
    const oldXml = updated.body.data.entity.xml_arquivo_id as number;
    const replaced = await admin.postMultipart<{ entity: Entity }>(
      `/api/admin/pg_nfse/${nfseId}`,
      { nf_numero: '4321', datahora_emissao: '2027-03-01T10:00:00' },
      [{ field: 'xml', filename: 'nota2.xml', content: xml }],
    );
    expect(replaced.body.data.entity.xml_arquivo_id).not.toBe(oldXml);
    expect(await t.db.$count(glArquivo, eq(glArquivo.id, oldXml))).toBe(0);

    const [row] = await t.db.select().from(glCliente).where(eq(glCliente.id, cliente.id));
    const list = await new ApiAgent(t.app).get<FaturaListDto>(`/api/pg_fatura/cliente/${row!.fatura_token}`);
    const listed = list.body.data.faturaList.find((item) => item.id === faturaId);
    expect(listed).toMatchObject({ valor: '120.50', nfse: { nf_numero: '4321', has_pdf: true } });
  });

  it('cancels a pending plan change once', async () => {
    const cliente = await createClient(t.db);
    const product = await createProduct(t.db);
    const { contrato } = await createContract(t.db, cliente.id, product.id);
    const { evento } = await createPendingPlanChange(t.db, contrato);
    const list = await admin.get<Pagination<Entity>>('/api/admin/gl_contrato_evento?situacao=pendente&q=' + encodeURIComponent(cliente.razao_social));
    expect(list.body.data.data[0]).toMatchObject({ id: evento.id, plano_nome_exibicao: 'Empresarial', cliente_razao_social: cliente.razao_social });
    expect((await admin.post(`/api/admin/gl_contrato_evento/${evento.id}/cancelar`)).status).toBe(200);
    const again = await admin.post(`/api/admin/gl_contrato_evento/${evento.id}/cancelar`);
    expect(again.status).toBe(409);
  });

  it('lets staff download the proofs of a plan change, only through that change', async () => {
    const cliente = await createClient(t.db);
    const product = await createProduct(t.db);
    const { contrato } = await createContract(t.db, cliente.id, product.id);
    const { evento } = await createPendingPlanChange(t.db, contrato);
    const storage = localStorageFor(t.config.DATA_DIR);
    const proof = await storeFile(t.db, storage, PDF, { nome_original: 'contrato social ç.pdf', tipo_mime: 'application/pdf' });
    await t.db.insert(glContratoEventoArquivo).values({ gl_contrato_evento_id: evento.id, gl_arquivo_id: proof.id });
    const other = await storeFile(t.db, storage, PDF, { nome_original: 'outro.pdf', tipo_mime: 'application/pdf' });

    const operator = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    const list = await operator.get<Pagination<Entity>>(`/api/admin/gl_contrato_evento?q=${encodeURIComponent(cliente.razao_social)}`);
    expect(list.body.data.data[0]).toMatchObject({ id: evento.id, comprovantes: [{ id: proof.id, nome_original: 'contrato social ç.pdf' }] });

    const download = await operator.get(`/api/admin/gl_contrato_evento/${evento.id}/comprovantes/${proof.id}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''contrato%20social%20%C3%A7.pdf");
    expect(download.raw).toBe(PDF.toString());
    // Another stored file is not reachable through this change.
    const foreign = await operator.get(`/api/admin/gl_contrato_evento/${evento.id}/comprovantes/${other.id}`);
    expect(foreign.status).toBe(404);
  });
});
