import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, periodEnd, todayInSaoPaulo } from '#shared/dates';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { PlanChangePreview } from '#shared/schemas/billing';
import type { Pagination } from '#shared/schemas/crud';
import type { FaturaListDto } from '#shared/schemas/invoices';
import { SITUACAO } from '#shared/schemas/invoices';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createPaymentAccount,
  createPlanWithOption,
  createProduct,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glContrato, glEmailSaida, glProduto, pgBoleto, pgFatura, pgFaturaItem } from '../../platform/db/schema.ts';
import { runBilling } from './billing-run.ts';

/**
 * Issue 35's calls (decision 102): the preview before a plan change, staff's 'Emitir agora' and
 * cancellation, the approval of a held invoice. The suite runs on the real clock: contracts are
 * placed around today.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PREVIEW = (id: number) => `/api/gl_contrato/${id}/mudanca_previa`;
const SUBMIT = '/api/gl_contrato_evento/selecionarPlanoAssinar';
const today = () => todayInSaoPaulo();

/** Banco do Brasil's data of a payment account (issue 40), as issue-boleto.test.ts has it. */
const BANCO_DO_BRASIL = {
  boleto_banco: '001',
  boleto_agencia: '1234',
  boleto_agencia_dv: '3',
  boleto_conta: '12345678',
  boleto_conta_dv: '9',
  boleto_carteira: '18',
  boleto_convenio: '1234567',
  beneficiario_nome: 'Provedora Teste Ltda',
  beneficiario_cpfcnpj: '11444777000161',
};

/**
 * A client whose monthly contract (R$ 100,00, billed) began 10 days ago; a R$ 200,00 option of
 * the same product; its manager signed in; a supervisor.
 */
async function world(options: { aprovacao?: boolean; boleto?: boolean } = {}) {
  const produto = await createProduct(t.db);
  if (options.aprovacao) await t.db.update(glProduto).set({ fatura_aprovacao: true }).where(eq(glProduto.id, produto.id));
  const cliente = await createClient(t.db);
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const current = await createPlanWithOption(t.db, produto.id, { plano: { nome_exibicao: 'Básico' }, pagamento: { valor: '100.00' } });
  const target = await createPlanWithOption(t.db, produto.id, { plano: { nome_exibicao: 'Avançado' }, pagamento: { valor: '200.00' } });
  // An account with Banco do Brasil's data issues boletos (issue 40), like the demo's 'Boleto'.
  const conta = await createPaymentAccount(t.db, options.boleto ? BANCO_DO_BRASIL : {});
  const inicio = addDays(today(), -10);
  const fim = periodEnd(inicio, 1);
  const [contrato] = await t.db
    .insert(glContrato)
    .values({
      gl_cliente_id: cliente.id,
      gl_produto_id: produto.id,
      gl_plano_id: current.plano.id,
      gl_plano_pagamento_id: current.pagamento.id,
      pg_conta_id: conta.id,
      periodo_inicio: inicio,
      periodo_fim: fim,
      faturado_ate: fim,
    })
    .returning();
  if (!contrato) throw new Error('contract insert returned nothing');
  const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: STAFF_LEVEL.supervisor })).id);
  const managerAgent = await signedInAgent(t, manager.id, { clienteId: cliente.id, produtoId: produto.id });
  const days = Math.round((Date.parse(fim) - Date.parse(inicio)) / 86_400_000) + 1;
  const remaining = days - 10;
  return { produto, cliente, manager, current, target, conta, contrato, supervisor, managerAgent, inicio, fim, days, remaining };
}
type World = Awaited<ReturnType<typeof world>>;

const query = (w: World, imediato: number) =>
  `?gl_plano_pagamento_id=${w.target.pagamento.id}&pg_conta_id=${w.conta.id}&imediato=${imediato}`;
/** Pro rata die, half away from zero to the cent (decision 102), in reais. */
const prorated = (reais: number, days: number, of: number) => (Math.round((reais * 100 * days) / of) / 100).toFixed(2);

describe('the preview of a plan change (issue 35)', () => {
  it("shows an immediate change's prorations and the invoice they make, which 'Confirmar' and 'Emitir agora' then bill line for line", async () => {
    const w = await world();
    const answer = await w.managerAgent.get<PlanChangePreview>(PREVIEW(w.contrato.id) + query(w, 1));
    expect(answer.status).toBe(200);
    const credit = `-${prorated(100, w.remaining, w.days)}`;
    const charge = prorated(200, w.remaining, w.days);
    const preview = answer.body.data;
    expect(preview).toMatchObject({
      atual: { plano: 'Básico', cobranca_tipo_desc: 'Mensal', valor: '100.00' },
      nova: { plano: 'Avançado', cobranca_tipo_desc: 'Mensal', valor: '200.00', promocional: false },
      imediato: true,
      aplica_em: today(),
    });
    expect(preview.prorrateio).toEqual([
      { descricao: `Crédito proporcional — Básico, ${w.remaining} dias`, unidade: 'dia', qtde: w.remaining, valor: credit },
      { descricao: `Avançado, ${w.remaining} dias`, unidade: 'dia', qtde: w.remaining, valor: charge },
    ]);
    expect(preview.proxima_fatura).toMatchObject({ emissao: today(), itens: preview.prorrateio });
    expect(preview.proxima_fatura?.total).toBe((Number(charge) + Number(credit)).toFixed(2));

    // Nothing was written by the preview.
    expect(await t.db.select().from(pgFatura).where(eq(pgFatura.gl_contrato_id, w.contrato.id))).toEqual([]);

    const submitted = await w.managerAgent.post(SUBMIT, {
      imediato: 1,
      gl_contrato_id: w.contrato.id,
      gl_plano_pagamento_id: w.target.pagamento.id,
      pg_conta_id: w.conta.id,
    });
    expect(submitted.status).toBe(200);
    const issued = await w.supervisor.post<{ pg_fatura_id: number }>(`/api/admin/gl_contrato/${w.contrato.id}/emitir_agora`);
    expect(issued.status).toBe(200);
    const items = await t.db
      .select({ descricao: pgFaturaItem.descricao, valor: pgFaturaItem.valor })
      .from(pgFaturaItem)
      .where(eq(pgFaturaItem.pg_fatura_id, issued.body.data.pg_fatura_id));
    expect(items).toEqual(preview.prorrateio.map((line) => ({ descricao: line.descricao, valor: line.valor })));
    const [fatura] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, issued.body.data.pg_fatura_id));
    expect(fatura).toMatchObject({ origem: 'ajuste', valor: preview.proxima_fatura?.total, data_vencimento: preview.proxima_fatura?.vencimento });

    // The issue notice went to the manager.
    const notices = await t.db
      .select()
      .from(glEmailSaida)
      .where(and(eq(glEmailSaida.destinatario, w.manager.email), like(glEmailSaida.assunto, 'Nova fatura%')));
    expect(notices).toHaveLength(1);

    // Again: the next period, ahead of its time, on the new plan; then nothing is left to bill.
    const next = await w.supervisor.post<{ pg_fatura_id: number; valor: string }>(`/api/admin/gl_contrato/${w.contrato.id}/emitir_agora`);
    expect(next.body.data.valor).toBe('200.00');
    expect((await w.supervisor.post(`/api/admin/gl_contrato/${w.contrato.id}/emitir_agora`)).status).toBe(409);
  });

  it('shows a change at the close: no proration, the next period on the new plan', async () => {
    const w = await world();
    const preview = (await w.managerAgent.get<PlanChangePreview>(PREVIEW(w.contrato.id) + query(w, 2))).body.data;
    const nextStart = addDays(w.fim, 1);
    expect(preview).toMatchObject({ imediato: false, aplica_em: nextStart, prorrateio: [] });
    expect(preview.proxima_fatura).toMatchObject({
      emissao: addDays(nextStart, -10) < today() ? today() : addDays(nextStart, -10),
      total: '200.00',
    });
    expect(preview.proxima_fatura?.itens[0]?.descricao).toMatch(/^Assinatura — Avançado \(Mensal\), /);
  });

  it('answers as the submit would: a user below manager 403, another client 404, the same plan 422', async () => {
    const w = await world();
    const user = await createUser(t.db);
    await linkUserToClient(t.db, user.id, w.cliente.id, 20);
    const userAgent = await signedInAgent(t, user.id, { clienteId: w.cliente.id });
    expect((await userAgent.get(PREVIEW(w.contrato.id) + query(w, 1))).status).toBe(403);
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await stranger.get(PREVIEW(w.contrato.id) + query(w, 1))).status).toBe(404);
    const same = await w.managerAgent.get(
      `${PREVIEW(w.contrato.id)}?gl_plano_pagamento_id=${w.current.pagamento.id}&pg_conta_id=${w.conta.id}&imediato=1`,
    );
    expect(same.status).toBe(422);
    expect((await new ApiAgent(t.app).get(PREVIEW(w.contrato.id) + query(w, 1))).status).toBe(401);
  });
});

describe("staff's Faturamento (issue 35)", () => {
  it('cancels an unpaid invoice (listed as Cancelada), refuses a paid one, and keeps the run’s items read-only', async () => {
    const w = await world();
    // The next period, billed now.
    const issued = await w.supervisor.post<{ pg_fatura_id: number }>(`/api/admin/gl_contrato/${w.contrato.id}/emitir_agora`);
    expect(issued.status).toBe(200);
    const id = issued.body.data.pg_fatura_id;
    const [item] = await t.db.select().from(pgFaturaItem).where(eq(pgFaturaItem.pg_fatura_id, id));
    const edit = await w.supervisor.request('PUT', `/api/admin/pg_fatura_item/${item?.id}`, {
      body: { codigo: 'X', descricao: 'Outro', unidade: 'mês', qtde: '1', valor: '1.00' },
    });
    expect(edit.status).toBe(409);
    expect((await w.supervisor.request('DELETE', `/api/admin/pg_fatura/${id}`)).status).toBe(409);

    expect((await w.supervisor.post(`/api/admin/pg_fatura/${id}/cancelar`)).status).toBe(200);
    const [cancelled] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, id));
    expect(cancelled?.situacao).toBe(SITUACAO.cancelada);
    const list = await new ApiAgent(t.app).get<FaturaListDto>(`/api/pg_fatura/cliente/${w.cliente.fatura_token}`);
    expect(list.body.data.faturaList.find((row) => row.id === id)).toMatchObject({ situacao: 9, situacao_desc: 'Cancelada' });
    expect((await w.supervisor.post(`/api/admin/pg_fatura/${id}/cancelar`)).status).toBe(409);

    const forecast = await w.supervisor.get<{ contratos: number; antecedencia_dias: number }>('/api/admin/faturamento/previsao');
    expect(forecast.body.data).toMatchObject({ antecedencia_dias: 10 });
    const customer = w.managerAgent;
    expect((await customer.post(`/api/admin/gl_contrato/${w.contrato.id}/emitir_agora`)).status).toBe(403);
  });
});

describe("staff's forecast of the next run (issue 35)", () => {
  it('totals what the run will bill: the promotional price while it lasts, nothing for a free option', async () => {
    type Forecast = { contratos: number; valor_total: string };
    const w = await world();
    const forecast = async () => (await w.supervisor.get<Forecast>('/api/admin/faturamento/previsao')).body.data;
    const before = await forecast();
    // Two contracts whose next period starts in 5 days: one promotional (R$ 80,00 of R$ 100,00),
    // one on a free option.
    const promo = await createPlanWithOption(t.db, w.produto.id, {
      pagamento: { valor: '100.00', valor_promocional: '80.00', flag_promocao: true },
    });
    const free = await createPlanWithOption(t.db, w.produto.id, { pagamento: { valor: '0.00', flag_gratuito: true } });
    const fim = addDays(today(), 4);
    for (const [option, promocao_ate] of [
      [promo, addDays(today(), 200)],
      [free, null],
    ] as const) {
      const cliente = await createClient(t.db);
      await t.db.insert(glContrato).values({
        gl_cliente_id: cliente.id,
        gl_produto_id: w.produto.id,
        gl_plano_id: option.plano.id,
        gl_plano_pagamento_id: option.pagamento.id,
        pg_conta_id: w.conta.id,
        periodo_inicio: addDays(fim, -29),
        periodo_fim: fim,
        faturado_ate: fim,
        promocao_ate,
      });
    }
    const after = await forecast();
    expect(after.contratos - before.contratos).toBe(2);
    expect((Number(after.valor_total) - Number(before.valor_total)).toFixed(2)).toBe('80.00');
  });

  it("finds the runs by their kind: 'Emitir agora' is a manual one", async () => {
    const w = await world();
    expect((await w.supervisor.post(`/api/admin/gl_contrato/${w.contrato.id}/emitir_agora`)).status).toBe(200);
    type Runs = Pagination<{ tipo: string; faturas: number }>;
    const manual = await w.supervisor.get<Runs>('/api/admin/pg_faturamento_execucao?searchText=manual');
    expect(manual.body.data.data.length).toBeGreaterThan(0);
    expect(manual.body.data.data.every((run) => run.tipo === 'manual')).toBe(true);
    const none = await w.supervisor.get<Runs>('/api/admin/pg_faturamento_execucao?searchText=nada-assim');
    expect(none.body.data.data).toHaveLength(0);
  });
});

describe('invoices held for approval (issue 35)', () => {
  /** Bills the world's contract, held for approval: the invoice and the e-mailed link's token. */
  async function held(w: World) {
    await t.db.update(glContrato).set({ faturado_ate: null }).where(eq(glContrato.id, w.contrato.id));
    await runBilling(t.db, { providerName: 'Provedora', publicUrl: 'https://portal.exemplo.com.br', leadDays: 10 });
    const [invoice] = await t.db.select().from(pgFatura).where(eq(pgFatura.gl_contrato_id, w.contrato.id));
    expect(invoice?.situacao).toBe(SITUACAO.aguardandoAprovacao);
    const [request] = await t.db
      .select()
      .from(glEmailSaida)
      .where(and(eq(glEmailSaida.destinatario, w.manager.email), like(glEmailSaida.assunto, 'Fatura aguardando%')));
    const link = /https:\/\/portal\.exemplo\.com\.br\/fatura\/faturaEmitida\/([A-Za-z0-9_-]+)/.exec(request?.corpo_texto ?? '');
    expect(link).not.toBeNull();
    return { invoice: invoice!, token: link?.[1] ?? '' };
  }
  const issueNotices = (w: World) =>
    t.db
      .select()
      .from(glEmailSaida)
      .where(and(eq(glEmailSaida.destinatario, w.manager.email), like(glEmailSaida.assunto, 'Nova fatura%')));

  it('go out once the manager opens the e-mailed link, once', async () => {
    const w = await world({ aprovacao: true });
    const { invoice, token } = await held(w);
    const visitor = new ApiAgent(t.app);
    const approved = await visitor.post(`/api/pg_fatura/aprovar/${token}`);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Fatura autorizada!');
    const [issued] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, invoice.id));
    expect(issued?.situacao).toBe(SITUACAO.fechada);
    expect(await issueNotices(w)).toHaveLength(1);
    expect((await visitor.post(`/api/pg_fatura/aprovar/${token}`)).status).toBe(404);
  });

  it('on an account that issues boletos, get their boleto when approved, not while held (issue 40)', async () => {
    const w = await world({ aprovacao: true, boleto: true });
    const { invoice, token } = await held(w);
    const boletoOf = () => t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_fatura_id, invoice.id));
    expect(await boletoOf()).toEqual([]);
    expect((await new ApiAgent(t.app).post(`/api/pg_fatura/aprovar/${token}`)).status).toBe(200);
    const [boleto, ...more] = await boletoOf();
    expect(more).toEqual([]);
    expect(boleto).toMatchObject({ pg_conta_id: w.conta.id, situacao: 'em_registro', valor: invoice.valor, data_vencimento: invoice.data_vencimento });
    const [notice, ...others] = await issueNotices(w);
    expect(others).toEqual([]);
    expect(notice?.corpo_texto).toContain(
      'O boleto bancário desta fatura está em registro no banco; a linha digitável estará na lista de faturas assim que o banco confirmar o registro.',
    );
  });
});

describe("staff's edit of invoices the billing made (issue 35)", () => {
  it('keeps a held invoice held, never puts one on hold by hand, and refuses to change a cancelled one', async () => {
    const w = await world({ aprovacao: true });
    await t.db.update(glContrato).set({ faturado_ate: null }).where(eq(glContrato.id, w.contrato.id));
    await runBilling(t.db, { providerName: 'Provedora', publicUrl: 'https://portal.exemplo.com.br', leadDays: 10 });
    const [held] = await t.db.select().from(pgFatura).where(eq(pgFatura.gl_contrato_id, w.contrato.id));
    if (!held) throw new Error('no invoice');
    const body = (situacao: number, vencimento: string) => ({
      gl_cliente_id: w.cliente.id,
      situacao,
      data_vencimento: vencimento,
      datahora_confirmado: null,
      servico_discriminacao: 'Corrigida',
      data_competencia: held.data_competencia,
    });
    const later = addDays(held.data_vencimento, 2);
    const kept = await w.supervisor.request('PUT', `/api/admin/pg_fatura/${held.id}`, { body: body(4, later) });
    expect(kept.status).toBe(200);
    const [edited] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, held.id));
    expect(edited).toMatchObject({ situacao: SITUACAO.aguardandoAprovacao, data_vencimento: later });

    // A manual invoice (situação 5) may not be put on hold nor cancelled through the edit.
    const manual = await w.supervisor.post<{ entity: { id: number } }>('/api/admin/pg_fatura', body(5, later));
    expect(manual.status).toBe(200);
    for (const situacao of [4, 9]) {
      const refused = await w.supervisor.request<unknown>('PUT', `/api/admin/pg_fatura/${manual.body.data.entity.id}`, {
        body: body(situacao, later),
      });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain('Esta situação é dada pelo faturamento');
    }

    expect((await w.supervisor.post(`/api/admin/pg_fatura/${held.id}/cancelar`)).status).toBe(200);
    const changed = await w.supervisor.request('PUT', `/api/admin/pg_fatura/${held.id}`, { body: body(5, later) });
    expect(changed.status).toBe(409);
    const [cancelled] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, held.id));
    expect(cancelled?.situacao).toBe(SITUACAO.cancelada);
  });
});
