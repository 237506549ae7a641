import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import type { PainelResumoDto } from '#shared/schemas/dashboard';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createContract,
  createPendingPlanChange,
  createProduct,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createFatura, createPixContract } from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glPrivacidadePedido, pgConta } from '../../platform/db/schema.ts';

// Spied before the database opens, on both engines: the statements the summary sends.
const pgliteQueries = vi.spyOn(PGlite.prototype, 'query');
const poolQueries = vi.spyOn(pg.Pool.prototype, 'query');
const sentSince = (marks: [number, number], pattern: RegExp) =>
  [...pgliteQueries.mock.calls.slice(marks[0]), ...poolQueries.mock.calls.slice(marks[1])]
    .map(([query]) => String((query as { text?: string }).text ?? query))
    .filter((text) => pattern.test(text)).length;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESUMO = '/api/painel/resumo';
/** An account's Banco do Brasil boleto data (issue 40): its invoices offer a boleto. */
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
const today = () => todayInSaoPaulo();

/** A client with a PIX contract, two overdue invoices, one open, one paid; a manager and a user. */
async function world() {
  const cliente = await createClient(t.db);
  const { contrato, conta } = await createPixContract(t.db, cliente.id);
  const base = { gl_contrato_id: contrato.id };
  const oldest = await createFatura(t.db, cliente.id, { ...base, situacao: 8, valor: '100.00', data_vencimento: addDays(today(), -49) });
  await createFatura(t.db, cliente.id, { ...base, situacao: 5, valor: '50.10', data_vencimento: addDays(today(), -3) });
  await createFatura(t.db, cliente.id, { ...base, situacao: 5, valor: '20.05', data_vencimento: addDays(today(), 10) });
  await createFatura(t.db, cliente.id, { ...base, situacao: 6, valor: '999.00', data_vencimento: addDays(today(), -80) });
  // Another client's unpaid invoice never counts.
  const other = await createClient(t.db);
  await createFatura(t.db, other.id, { situacao: 8, valor: '500.00', data_vencimento: addDays(today(), -100) });
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const user = await createUser(t.db);
  await linkUserToClient(t.db, user.id, cliente.id, 20);
  const where = { clienteId: cliente.id, produtoId: contrato.gl_produto_id };
  return { cliente, contrato, conta, oldest, manager, user, where };
}

async function summary(agent: ApiAgent) {
  const response = await agent.get<PainelResumoDto>(RESUMO);
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body.data;
}

describe('GET /api/painel/resumo (issue 39 item 1)', () => {
  it("sums the client's open and overdue invoices and names the next to pay", async () => {
    const w = await world();
    const data = await summary(await signedInAgent(t, w.manager.id, w.where));
    expect(data.em_aberto).toEqual({
      total: '170.15',
      quantidade: 3,
      vencidas: 2,
      vencida_desde: addDays(today(), -49),
      // The PIX account issues no boleto.
      proxima: { id: w.oldest.id, valor: '100.00', data_vencimento: addDays(today(), -49), pix: true, boleto: false },
    });
    expect(data.contrato).toMatchObject({
      id: w.contrato.id,
      plano_nome: 'Profissional',
      cobranca_tipo_desc: 'Mensal',
      valor: '149.90',
      periodo_fim: '2026-11-30',
      renovacao: '2026-12-01',
      forma_pagamento: w.conta.nome_exibicao,
    });
    expect(data.pode_mudar_plano).toBe(true);
    expect(data.contas).toBe(1);
    expect(data.mudanca_pendente).toBeNull();
    expect(data.exclusao_agendada).toBeNull();
  });

  it("says whether the next invoice's account issues boletos (issue 40)", async () => {
    const w = await world();
    await t.db.update(pgConta).set(BANCO_DO_BRASIL).where(eq(pgConta.id, w.conta.id));
    const data = await summary(await signedInAgent(t, w.manager.id, w.where));
    expect(data.em_aberto?.proxima).toEqual({
      id: w.oldest.id,
      valor: '100.00',
      data_vencimento: addDays(today(), -49),
      pix: true,
      boleto: true,
    });

    // An invoice with no contract (so no payment account): neither PIX nor boleto.
    const cliente = await createClient(t.db);
    const produto = await createProduct(t.db);
    const loose = await createFatura(t.db, cliente.id, { situacao: 5, valor: '30.00', data_vencimento: addDays(today(), 5) });
    const person = await createUser(t.db);
    await linkUserToClient(t.db, person.id, cliente.id, 10);
    const other = await summary(await signedInAgent(t, person.id, { clienteId: cliente.id, produtoId: produto.id }));
    expect(other.em_aberto?.proxima).toMatchObject({ id: loose.id, pix: false, boleto: false });
  });

  it('is answered in one query', async () => {
    const w = await world();
    const agent = await signedInAgent(t, w.manager.id, w.where);
    const marks: [number, number] = [pgliteQueries.mock.calls.length, poolQueries.mock.calls.length];
    await summary(agent);
    // Invoices, contract, links and the deletion request: one statement reads them all.
    expect(sentSince(marks, /pg_fatura|gl_contrato|gl_privacidade_pedido|gl_cliente_usuario/)).toBe(1);
  });

  it('a level 20 user sees the money but no plan action (§6)', async () => {
    const w = await world();
    const data = await summary(await signedInAgent(t, w.user.id, w.where));
    expect(data.em_aberto?.total).toBe('170.15');
    expect(data.pode_mudar_plano).toBe(false);
  });

  it("staff looking at a client they are not linked to see no money", async () => {
    const w = await world();
    const staff = await createUser(t.db, { nivel: STAFF_LEVEL.supervisor });
    const data = await summary(await signedInAgent(t, staff.id, w.where));
    expect(data.em_aberto).toBeNull();
    expect(data.pode_mudar_plano).toBe(false);
  });

  it('a pending plan change, a scheduled deletion and the number of accounts', async () => {
    const w = await world();
    await createPendingPlanChange(t.db, w.contrato, '2026-12-01');
    const second = await createClient(t.db);
    await linkUserToClient(t.db, w.manager.id, second.id, 20);
    const at = new Date('2026-12-05T12:00:00Z');
    await t.db.insert(glPrivacidadePedido).values({
      gl_usuario_id: w.manager.id,
      tipo: 'exclusao',
      situacao: 'agendado',
      datahora_agendado: at,
    });
    const data = await summary(await signedInAgent(t, w.manager.id, w.where));
    expect(data.mudanca_pendente).toEqual({
      plano_atual: 'Profissional',
      plano_novo: 'Empresarial',
      cobranca_tipo_desc: 'Anual',
      agendamento_data: '2026-12-01',
    });
    expect(data.exclusao_agendada).toBe(at.toISOString());
    expect(data.contas).toBe(2);
    await t.db.delete(glPrivacidadePedido).where(eq(glPrivacidadePedido.gl_usuario_id, w.manager.id));
  });

  it('a client with no contract and nothing owed', async () => {
    const cliente = await createClient(t.db);
    const produto = await createProduct(t.db);
    const person = await createUser(t.db);
    await linkUserToClient(t.db, person.id, cliente.id, 10);
    const data = await summary(await signedInAgent(t, person.id, { clienteId: cliente.id, produtoId: produto.id }));
    expect(data.contrato).toBeNull();
    expect(data.em_aberto).toEqual({ total: '0.00', quantidade: 0, vencidas: 0, vencida_desde: null, proxima: null });
  });

  it('a contract on another product is not this product’s plan', async () => {
    const cliente = await createClient(t.db);
    const produto = await createProduct(t.db);
    await createContract(t.db, cliente.id, (await createProduct(t.db)).id);
    const person = await createUser(t.db);
    await linkUserToClient(t.db, person.id, cliente.id, 10);
    const data = await summary(await signedInAgent(t, person.id, { clienteId: cliente.id, produtoId: produto.id }));
    expect(data.contrato).toBeNull();
  });

  it('anonymous callers get 401', async () => {
    const response = await new ApiAgent(t.app).get(RESUMO);
    expect(response.status).toBe(401);
  });
});
