import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '#shared/dates';
import type { LoginInfo } from '#shared/schemas/auth';
import type { PlanChangeResponse, PublicPlan } from '#shared/schemas/plans';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createContract,
  createPaymentAccount,
  createPlanWithOption,
  createProduct,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glArquivo, glContrato, glContratoEvento, glContratoEventoArquivo } from '../../platform/db/schema.ts';
import { createAccessEvent } from '../auth/access-events.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(400)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const MAX = 5 * 1024 * 1024;

/** A client with a contract on a product, a manager (10) and a user (20), another plan and an account. */
async function world() {
  const produto = await createProduct(t.db);
  const cliente = await createClient(t.db);
  const { contrato } = await createContract(t.db, cliente.id, produto.id);
  const manager = await createUser(t.db);
  const user = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  await linkUserToClient(t.db, user.id, cliente.id, 20);
  const target = await createPlanWithOption(t.db, produto.id);
  const proofs = await createPlanWithOption(t.db, produto.id, { plano: { flag_enviar_foto: true, nome_exibicao: 'Empresarial' } });
  const free = await createPlanWithOption(t.db, produto.id, {
    plano: { nome_exibicao: 'Gratuito' },
    pagamento: { flag_gratuito: true, valor: '0.00' },
  });
  const conta = await createPaymentAccount(t.db);
  const context = { clienteId: cliente.id, produtoId: produto.id };
  return {
    produto,
    cliente,
    contrato,
    manager,
    user,
    target,
    proofs,
    free,
    conta,
    managerAgent: () => signedInAgent(t, manager.id, context),
    userAgent: () => signedInAgent(t, user.id, context),
  };
}

type World = Awaited<ReturnType<typeof world>>;

const change = (w: World, overrides: Record<string, unknown> = {}) => ({
  imediato: 2,
  gl_contrato_id: w.contrato.id,
  gl_plano_pagamento_id: w.target.pagamento.id,
  pg_conta_id: w.conta.id,
  ...overrides,
});

const SUBMIT = '/api/gl_contrato_evento/selecionarPlanoAssinar';

async function eventsOf(contratoId: number) {
  return t.db.select().from(glContratoEvento).where(eq(glContratoEvento.gl_contrato_id, contratoId));
}
async function arquivoCount() {
  return (await t.db.select({ n: count() }).from(glArquivo))[0]?.n ?? 0;
}
async function contractRow(id: number) {
  const [row] = await t.db.select().from(glContrato).where(eq(glContrato.id, id));
  if (!row) throw new Error('no contract');
  return row;
}

describe('GET /api/gl_produto/{pid}/public_planos and /api/pg_conta/public_index (§7)', () => {
  it('lists the active plans with their active options to visitors, promotional price beside the normal one', async () => {
    const produto = await createProduct(t.db);
    const promo = await createPlanWithOption(t.db, produto.id, {
      plano: { ordem: 2, nome_exibicao: 'Profissional', descricao_exibicao: '- **ilimitado**' },
      pagamento: { flag_promocao: true, valor: '149.90', valor_promocional: '119.90' },
    });
    await createPlanWithOption(t.db, produto.id, { plano: { ordem: 1, nome_exibicao: 'Antigo', ativo: false } });
    const first = await createPlanWithOption(t.db, produto.id, { plano: { ordem: 1, nome_exibicao: 'Básico' } });
    const response = await new ApiAgent(t.app).get<PublicPlan[]>(`/api/gl_produto/${produto.id}/public_planos`);
    expect(response.status).toBe(200);
    expect(response.body.data.map((plan) => plan.nome_exibicao)).toEqual(['Básico', 'Profissional']);
    expect(response.body.data[0]?.id).toBe(first.plano.id);
    expect(response.body.data[1]).toMatchObject({
      descricao_exibicao_calculada: '- **ilimitado**',
      planos_pagamento_ativo: [
        { id: promo.pagamento.id, cobranca_tipo_desc: 'Mensal', flag_promocao: true, valor: '149.90', valor_promocional: '119.90' },
      ],
    });
    expect((await new ApiAgent(t.app).get('/api/gl_produto/999999/public_planos')).status).toBe(404);
  });

  it('lists the active payment accounts', async () => {
    const active = await createPaymentAccount(t.db, { nome_exibicao: 'Pix' });
    const inactive = await createPaymentAccount(t.db, { ativo: false });
    const response = await new ApiAgent(t.app).get<{ id: number; nome_exibicao: string }[]>('/api/pg_conta/public_index');
    const ids = response.body.data.map((conta) => conta.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
  });
});

describe('POST /api/gl_contrato_evento/selecionarPlanoAssinar', () => {
  it('refuses a visitor (401) and a level-20 user (403) with nothing written, proofs included', async () => {
    const w = await world();
    expect((await new ApiAgent(t.app).post(SUBMIT, change(w))).status).toBe(401);
    const agent = await w.userAgent();
    const json = await agent.post(SUBMIT, change(w));
    expect(json.status).toBe(403);
    expect(json.body.message).toBe('Somente o gerente da conta pode mudar o plano. Contate seu Gerente.');
    const files = await arquivoCount();
    const multipart = await agent.postMultipart(SUBMIT, change(w, { gl_plano_pagamento_id: w.proofs.pagamento.id }), [
      { field: 'comprovantes', filename: 'contrato.pdf', content: PDF },
    ]);
    expect(multipart.status).toBe(403);
    expect(await eventsOf(w.contrato.id)).toEqual([]);
    expect(await arquivoCount()).toBe(files);
  });

  // Issue 36 item 4: an id past PostgreSQL's integer is the field's error, never a 500 (22003).
  it('answers an account or option id past 2^31 - 1 with the field error, on the submit and the preview', async () => {
    const w = await world();
    const agent = await w.managerAgent();
    for (const fields of [{ pg_conta_id: 3_000_000_000 }, { gl_plano_pagamento_id: 2 ** 31 }]) {
      const submit = await agent.post(SUBMIT, change(w, fields));
      expect(submit.status).toBe(422);
      expect(Object.keys((submit.body as { errors: Record<string, string[]> }).errors)).toEqual(Object.keys(fields));
      const query = new URLSearchParams({
        gl_plano_pagamento_id: String(w.target.pagamento.id),
        pg_conta_id: String(w.conta.id),
        imediato: '1',
        ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
      });
      const preview = await agent.get(`/api/gl_contrato/${w.contrato.id}/mudanca_previa?${query}`);
      expect(preview.status).toBe(422);
    }
    expect(await eventsOf(w.contrato.id)).toEqual([]);
  });

  it('schedules a change for the close of the period, shown as the open change in the login info and the session', async () => {
    const w = await world();
    const agent = await w.managerAgent();
    const response = await agent.post<PlanChangeResponse>(SUBMIT, change(w));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ situacao: 'pendente', imediato: false, agendamento_data: '2026-11-30' });
    const before = await contractRow(w.contrato.id);
    expect(before.gl_plano_id).toBe(w.contrato.gl_plano_id);

    const open = {
      id: response.body.data.id,
      plano: { nome_exibicao: 'Avançado' },
      plano_pagamento: { cobranca_tipo_desc: 'Mensal' },
      agendamento_data: '2026-11-30',
    };
    const session = await agent.get<{ contrato_evento_aberto: unknown }>('/api/sessao/web');
    expect(session.body.data.contrato_evento_aberto).toEqual(open);
    const event = await createAccessEvent(t.db, { tipo: 'login', usuarioId: w.manager.id, produtoId: w.produto.id, clienteId: w.cliente.id, sessaoId: agent.sessionId ?? '' });
    const info = await agent.post<LoginInfo>('/api/acesso/evento_getInfo', { evento_id: event.id, evento_token: event.token });
    expect(info.body.data.contrato_evento_aberto).toEqual(open);

    const again = await agent.post(SUBMIT, change(w, { gl_plano_pagamento_id: w.free.pagamento.id, pg_conta_id: -1 }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Já existe uma mudança de plano pendente. Cancele-a para escolher outro plano.');
  });

  it('leaves one open change when two submits for one contract arrive together', async () => {
    const w = await world();
    const [a, b] = await Promise.all([
      (await w.managerAgent()).post(SUBMIT, change(w)),
      (await w.managerAgent()).post(SUBMIT, change(w, { gl_plano_pagamento_id: w.free.pagamento.id, pg_conta_id: -1 })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const pending = (await eventsOf(w.contrato.id)).filter((row) => row.situacao === 'pendente');
    expect(pending).toHaveLength(1);
  });

  it('applies a change for now at once: the contract takes the plan and the option, and keeps its period (decision 102)', async () => {
    const w = await world();
    const before = await contractRow(w.contrato.id);
    const response = await (await w.managerAgent()).post<PlanChangeResponse>(SUBMIT, change(w, { imediato: 1 }));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ situacao: 'aplicado', imediato: true, agendamento_data: null });
    const contract = await contractRow(w.contrato.id);
    expect(contract).toMatchObject({
      gl_plano_id: w.target.plano.id,
      gl_plano_pagamento_id: w.target.pagamento.id,
      pg_conta_id: w.conta.id,
      periodo_inicio: before?.periodo_inicio,
      periodo_fim: before?.periodo_fim,
    });
    const [row] = await eventsOf(w.contrato.id);
    expect(row).toMatchObject({ situacao: 'aplicado', gl_usuario_id: w.manager.id });
  });

  it('asks for a payment account on a paid option and takes the virtual -1 on a free one', async () => {
    const w = await world();
    const agent = await w.managerAgent();
    const paidWithFree = await agent.post(SUBMIT, change(w, { pg_conta_id: -1 }));
    expect(paidWithFree.status).toBe(422);
    expect(paidWithFree.body.errors).toEqual({ pg_conta_id: ['Selecione uma forma de pagamento.'] });
    const missing = await agent.post(SUBMIT, change(w, { pg_conta_id: undefined, imediato: 3 }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.pg_conta_id).toEqual(['Selecione uma forma de pagamento.']);
    expect(missing.body.errors?.imediato).toBeDefined();
    const free = await agent.post<PlanChangeResponse>(SUBMIT, change(w, { gl_plano_pagamento_id: w.free.pagamento.id, pg_conta_id: -1 }));
    expect(free.status).toBe(200);
    const [row] = await eventsOf(w.contrato.id);
    expect(row?.pg_conta_id).toBeNull();
  });

  it("refuses another product's option and the contract of a client the user has no link to", async () => {
    const w = await world();
    const other = await world();
    const agent = await w.managerAgent();
    const foreignOption = await agent.post(SUBMIT, change(w, { gl_plano_pagamento_id: other.target.pagamento.id }));
    expect(foreignOption.status).toBe(422);
    const foreignContract = await agent.post(SUBMIT, change(other));
    expect(foreignContract.status).toBe(404);
    expect(await eventsOf(other.contrato.id)).toEqual([]);
  });

  it('requires proofs when the plan asks for them and links the stored files to the change', async () => {
    const w = await world();
    const agent = await w.managerAgent();
    const fields = change(w, { gl_plano_pagamento_id: w.proofs.pagamento.id });
    const without = await agent.postMultipart(SUBMIT, fields);
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({
      comprovantes: ['Este plano exige o envio de comprovantes (PNG, JPG ou PDF, até 5 MB cada).'],
    });
    const response = await agent.postMultipart<PlanChangeResponse>(SUBMIT, fields, [
      { field: 'comprovantes', filename: 'contrato social.pdf', content: PDF },
      { field: 'comprovantes', filename: 'endereco.png', content: PNG },
    ]);
    expect(response.status).toBe(200);
    const links = await t.db
      .select({ nome: glArquivo.nome_original, mime: glArquivo.tipo_mime, caminho: glArquivo.caminho })
      .from(glContratoEventoArquivo)
      .innerJoin(glArquivo, eq(glArquivo.id, glContratoEventoArquivo.gl_arquivo_id))
      .where(eq(glContratoEventoArquivo.gl_contrato_evento_id, response.body.data.id));
    expect(links.map((link) => [link.nome, link.mime]).sort()).toEqual([
      ['contrato social.pdf', 'application/pdf'],
      ['endereco.png', 'image/png'],
    ]);
    for (const link of links) expect(link.caminho).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
  });

  it('refuses a 5 MB + 1 byte file and a PNG named .pdf, writing nothing', async () => {
    const w = await world();
    const agent = await w.managerAgent();
    const fields = change(w, { gl_plano_pagamento_id: w.proofs.pagamento.id });
    const files = await arquivoCount();
    const tooBig = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(MAX - 8, 0x20)]);
    expect(tooBig.length).toBe(MAX + 1);
    const big = await agent.postMultipart(SUBMIT, fields, [
      { field: 'comprovantes', filename: 'ok.pdf', content: PDF },
      { field: 'comprovantes', filename: 'grande.pdf', content: tooBig },
    ]);
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual({ comprovantes: ['O arquivo "grande.pdf" passa do limite de 5 MB.'] });
    const renamed = await agent.postMultipart(SUBMIT, fields, [{ field: 'comprovantes', filename: 'foto.pdf', content: PNG }]);
    expect(renamed.status).toBe(415);
    expect(renamed.body.errors).toEqual({ comprovantes: ['O arquivo "foto.pdf" não é um PNG, JPEG ou PDF válido.'] });
    const exe = await agent.postMultipart(SUBMIT, fields, [
      { field: 'comprovantes', filename: 'nota.pdf', content: Buffer.concat([Buffer.from('MZ'), randomBytes(100)]) },
    ]);
    expect(exe.status).toBe(415);
    expect(await eventsOf(w.contrato.id)).toEqual([]);
    expect(await arquivoCount()).toBe(files);
  });
});

describe('plan signup: a client without a contract on the product (§5)', () => {
  it("opens the session client's contract on the chosen plan at once", async () => {
    const produto = await createProduct(t.db);
    const cliente = await createClient(t.db);
    const manager = await createUser(t.db);
    await linkUserToClient(t.db, manager.id, cliente.id, 10);
    const { plano, pagamento } = await createPlanWithOption(t.db, produto.id);
    const conta = await createPaymentAccount(t.db);
    const agent = await signedInAgent(t, manager.id, { clienteId: cliente.id, produtoId: produto.id });
    const response = await agent.post<PlanChangeResponse>(SUBMIT, {
      imediato: 2,
      gl_plano_pagamento_id: pagamento.id,
      pg_conta_id: conta.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ situacao: 'aplicado', imediato: true });
    const [contract] = await t.db.select().from(glContrato).where(eq(glContrato.gl_cliente_id, cliente.id));
    expect(contract).toMatchObject({ gl_plano_id: plano.id, gl_produto_id: produto.id, ativo: true, periodo_inicio: todayInSaoPaulo() });
    const session = await agent.get<{ contrato: { plano: { nome_exibicao: string }; plano_pagamento_id: number } }>('/api/sessao/web');
    expect(session.body.data.contrato.plano.nome_exibicao).toBe('Avançado');
    // The option it is billed by: the plans page's disabled 'Plano atual' (issue 38).
    expect(session.body.data.contrato.plano_pagamento_id).toBe(pagamento.id);
  });
});

describe('POST /api/gl_contrato_evento/{id}/cancelar', () => {
  it('lets the manager cancel a pending change once; a level-20 user and strangers cannot', async () => {
    const w = await world();
    const manager = await w.managerAgent();
    const submitted = await manager.post<PlanChangeResponse>(SUBMIT, change(w));
    const id = submitted.body.data.id;
    const url = `/api/gl_contrato_evento/${id}/cancelar`;

    const byUser = await (await w.userAgent()).post(url, {});
    expect(byUser.status).toBe(403);
    const stranger = await createUser(t.db);
    const byStranger = await (await signedInAgent(t, stranger.id)).post(url, {});
    expect(byStranger.status).toBe(404);
    expect((await new ApiAgent(t.app).post(url, {})).status).toBe(401);
    expect((await eventsOf(w.contrato.id))[0]?.situacao).toBe('pendente');

    const cancelled = await manager.post(url, { evento_id: 1, evento_token: 'x' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Mudança de plano cancelada.');
    const [row] = await t.db
      .select()
      .from(glContratoEvento)
      .where(and(eq(glContratoEvento.id, id), eq(glContratoEvento.situacao, 'cancelado')));
    expect(row?.datahora_cancelado).toBeInstanceOf(Date);
    expect((await manager.post(url, {})).status).toBe(409);
    expect((await manager.get<{ contrato_evento_aberto: unknown }>('/api/sessao/web')).body.data.contrato_evento_aberto).toBeNull();
    // With the change cancelled, another may be chosen.
    expect((await manager.post(SUBMIT, change(w))).status).toBe(200);
  });
});
