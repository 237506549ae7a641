import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanChangeResponse } from '#shared/schemas/plans';
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
import { multipartBody } from '#tests/helpers/multipart.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { glArquivo, glContrato, glContratoAjuste, glContratoEvento } from '../../platform/db/schema.ts';

/**
 * The same selecionarPlanoAssinar sent many times at once is one change. Races
 * only show on PostgreSQL (PGlite runs one query at a time): run with DATABASE_URL set.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SUBMIT = '/api/gl_contrato_evento/selecionarPlanoAssinar';
const PARALLEL = 50;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

async function world() {
  const produto = await createProduct(t.db);
  const cliente = await createClient(t.db);
  const { contrato } = await createContract(t.db, cliente.id, produto.id);
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const target = await createPlanWithOption(t.db, produto.id);
  const conta = await createPaymentAccount(t.db);
  const agent = await signedInAgent(t, manager.id, { clienteId: cliente.id, produtoId: produto.id });
  // The CSRF cookie first, so the parallel requests all carry it.
  await agent.get('/api/sessao/web');
  const body = (imediato: number) => ({
    imediato,
    gl_contrato_id: contrato.id,
    gl_plano_pagamento_id: target.pagamento.id,
    pg_conta_id: conta.id,
  });
  return { produto, cliente, contrato, manager, target, conta, agent, body };
}

const eventsOf = (contratoId: number) =>
  t.db.select().from(glContratoEvento).where(eq(glContratoEvento.gl_contrato_id, contratoId));

const key = () => randomBytes(16).toString('hex');

describe('selecionarPlanoAssinar sent 50 times at once', () => {
  it('applies an immediate change exactly once', async () => {
    const w = await world();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => w.agent.post<PlanChangeResponse>(SUBMIT, w.body(1))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others are told it is already their plan (or, while the winner holds the lock, pending).
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422 || status === 409)).toBe(true);
    const events = await eventsOf(w.contrato.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ situacao: 'aplicado' });
  });

  it('prorates an immediate change exactly once (decision 102)', async () => {
    const w = await world();
    // A billed period around today, whatever day the suite runs.
    const today = todayInSaoPaulo();
    await t.db
      .update(glContrato)
      .set({ periodo_inicio: addDays(today, -10), periodo_fim: addDays(today, 19), faturado_ate: addDays(today, 19), pg_conta_id: w.conta.id })
      .where(eq(glContrato.id, w.contrato.id));
    await Promise.all(Array.from({ length: PARALLEL }, () => w.agent.post(SUBMIT, w.body(1))));
    const adjustments = await t.db
      .select()
      .from(glContratoAjuste)
      .where(eq(glContratoAjuste.gl_contrato_id, w.contrato.id));
    // One credit of the old plan's 20 remaining days, one charge of the new plan's.
    expect(adjustments.map((row) => row.descricao).sort()).toEqual([
      'Avançado, 20 dias',
      'Crédito proporcional — Profissional, 20 dias',
    ]);
  });

  it('schedules a change for the close exactly once', async () => {
    const w = await world();
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => w.agent.post(SUBMIT, w.body(2))));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(await eventsOf(w.contrato.id)).toHaveLength(1);
  });

  it('with one Idempotency-Key (a double click), answers every copy with the one change', async () => {
    const w = await world();
    const idempotencyKey = key();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        w.agent.request<PlanChangeResponse>('POST', SUBMIT, { body: w.body(1), headers: { 'idempotency-key': idempotencyKey } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(200));
    const events = await eventsOf(w.contrato.id);
    expect(events).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body.data.id))).toEqual(new Set([events[0]?.id]));
    expect(responses.every((response) => response.body.data.situacao === 'aplicado')).toBe(true);
    expect(events[0]).toMatchObject({ chave_idempotencia: idempotencyKey, gl_usuario_id: w.manager.id });

    // A retry later (the answer was lost) gets the same answer, not "already your plan".
    const retry = await w.agent.request<PlanChangeResponse>('POST', SUBMIT, { body: w.body(1), headers: { 'idempotency-key': idempotencyKey } });
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(events[0]?.id);
    // Without the key the same request is a new one, refused as the plan it already is.
    expect((await w.agent.post(SUBMIT, w.body(1))).status).toBe(422);
  });

  it('a plan signup (no contract yet) sent 50 times with one key opens one contract', async () => {
    const produto = await createProduct(t.db);
    const cliente = await createClient(t.db);
    const manager = await createUser(t.db);
    await linkUserToClient(t.db, manager.id, cliente.id, 10);
    const { pagamento } = await createPlanWithOption(t.db, produto.id);
    const conta = await createPaymentAccount(t.db);
    const agent = await signedInAgent(t, manager.id, { clienteId: cliente.id, produtoId: produto.id });
    await agent.get('/api/sessao/web');
    const idempotencyKey = key();
    const body = { imediato: 1, gl_plano_pagamento_id: pagamento.id, pg_conta_id: conta.id };
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        agent.request<PlanChangeResponse>('POST', SUBMIT, { body, headers: { 'idempotency-key': idempotencyKey } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(200));
    const contracts = await t.db.select().from(glContrato).where(eq(glContrato.gl_cliente_id, cliente.id));
    expect(contracts).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body.data.id)).size).toBe(1);
  });

  it('refuses a key reused for another plan, and a malformed key', async () => {
    const w = await world();
    const idempotencyKey = key();
    const first = await w.agent.request('POST', SUBMIT, { body: w.body(2), headers: { 'idempotency-key': idempotencyKey } });
    expect(first.status).toBe(200);
    const other = await createPlanWithOption(t.db, w.produto.id);
    const reused = await w.agent.request('POST', SUBMIT, {
      body: { ...w.body(2), gl_plano_pagamento_id: other.pagamento.id },
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toMatch(/já foi usado/);
    const malformed = await w.agent.request('POST', SUBMIT, { body: w.body(2), headers: { 'idempotency-key': 'curta' } });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors ?? {})).toEqual(['idempotency-key']);
    expect(await eventsOf(w.contrato.id)).toHaveLength(1);
  });

  it('a retried multipart submit keeps only the first submit\'s proof files', async () => {
    const w = await world();
    const proofs = await createPlanWithOption(t.db, w.produto.id, { plano: { flag_enviar_foto: true } });
    const idempotencyKey = key();
    const fields = { ...w.body(2), gl_plano_pagamento_id: proofs.pagamento.id };
    const send = () => {
      const { payload, contentType } = multipartBody(fields, [{ field: 'comprovantes', filename: 'prova.png', content: PNG }]);
      return w.agent.request('POST', SUBMIT, { rawBody: payload, contentType, headers: { 'idempotency-key': idempotencyKey } });
    };
    const before = (await t.db.select().from(glArquivo)).length;
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect((await t.db.select().from(glArquivo)).length).toBe(before + 1);
    expect(await eventsOf(w.contrato.id)).toHaveLength(1);
  });
});
