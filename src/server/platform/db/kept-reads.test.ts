import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProduct } from '#shared/schemas/auth';
import type { PublicPlan } from '#shared/schemas/plans';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createPlanWithOption, createProduct } from '#tests/helpers/factories.ts';
import {
  afterAnnouncements,
  eventually,
  spyOnStatements,
  untilReadsAreKept,
} from '#tests/helpers/kept-reads.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { postgresUrlOf } from '#tests/helpers/test-database.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { glPlano, glPlanoPagamento, glProduto } from './schema.ts';

const statementsMatching = spyOnStatements();

let t: TestApp;
let second: DatabaseHandle | null = null;
beforeAll(async () => {
  t = await createTestApp();
  await untilReadsAreKept(t.db);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** Another instance's database handle (its own pool and listener) on the test's PostgreSQL. */
async function secondInstance(): Promise<DatabaseHandle> {
  second ??= await openDatabase({ kind: 'postgres', url: await postgresUrlOf(t.database), poolSize: 2 });
  return second;
}

const productReads = () => statementsMatching(/"cadastro_usuario_inativo" from "gl_produto"/);
const planReads = () => statementsMatching(/from "gl_plano" where/);

const product = (pid: number) => new ApiAgent(t.app).get<PublicProduct | null>(`/api/gl_produto/${pid}/edit`);
const publicPlans = (pid: number) =>
  new ApiAgent(t.app).get<PublicPlan[] | null>(`/api/gl_produto/${pid}/public_planos`);
const firstPlanName = async (pid: number) => (await publicPlans(pid)).body.data?.[0]?.nome_exibicao;

// Issue 15: the active product, read at every sign-in and on every public page of a product, and
// the plans page's data, asked for by every visitor, are kept until the next change to what they
// read (kept-reads.ts; decisions 091, 094 and 095).
describe('the active product between changes', () => {
  it('reads a product once for repeated requests, and again after any change to the products', async () => {
    const produto = await createProduct(t.db, { nome: 'Antes da Mudança' });
    await afterAnnouncements();
    expect((await product(produto.id)).body.data?.nome).toBe('Antes da Mudança');
    const before = productReads();
    for (let index = 0; index < 3; index++) expect((await product(produto.id)).status).toBe(200);
    expect(productReads()).toBe(before);

    await t.db.update(glProduto).set({ nome: 'Depois da Mudança' }).where(eq(glProduto.id, produto.id));
    expect((await product(produto.id)).body.data?.nome).toBe('Depois da Mudança');
    await t.db.update(glProduto).set({ ativo: false }).where(eq(glProduto.id, produto.id));
    expect((await product(produto.id)).status).toBe(404);
  });

  it('does not keep an unknown product: each request for it reads', async () => {
    expect((await product(2_000_000_000)).status).toBe(404);
    const before = productReads();
    expect((await product(2_000_000_000)).status).toBe(404);
    expect(productReads()).toBe(before + 1);
  });

  it("sees another instance's change to a product once announced (PostgreSQL)", async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const { db } = await secondInstance();
    const produto = await createProduct(t.db);
    await afterAnnouncements();
    expect((await product(produto.id)).status).toBe(200);
    const before = productReads();
    expect((await product(produto.id)).status).toBe(200);
    expect(productReads()).toBe(before);

    await db.update(glProduto).set({ ativo: false }).where(eq(glProduto.id, produto.id));
    expect(await eventually(async () => (await product(produto.id)).status === 404)).toBe(true);
  });
});

describe('the public plans between changes', () => {
  it('reads the plans once for repeated requests, and again after a change to a plan or a price', async () => {
    const produto = await createProduct(t.db);
    const { plano, pagamento } = await createPlanWithOption(t.db, produto.id, { plano: { nome_exibicao: 'Plano Antes' } });
    await afterAnnouncements();
    expect(await firstPlanName(produto.id)).toBe('Plano Antes');
    const before = planReads();
    for (let index = 0; index < 3; index++) expect((await publicPlans(produto.id)).status).toBe(200);
    expect(planReads()).toBe(before);

    await t.db.update(glPlano).set({ nome_exibicao: 'Plano Depois' }).where(eq(glPlano.id, plano.id));
    expect(await firstPlanName(produto.id)).toBe('Plano Depois');
    await t.db.update(glPlanoPagamento).set({ valor: '123.45' }).where(eq(glPlanoPagamento.id, pagamento.id));
    expect((await publicPlans(produto.id)).body.data?.[0]?.planos_pagamento_ativo[0]?.valor).toBe('123.45');
    await t.db.update(glPlano).set({ ativo: false }).where(eq(glPlano.id, plano.id));
    expect((await publicPlans(produto.id)).body.data).toEqual([]);
  });

  it("sees another instance's change to a plan once announced (PostgreSQL)", async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const { db } = await secondInstance();
    const produto = await createProduct(t.db);
    const { plano } = await createPlanWithOption(t.db, produto.id, { plano: { nome_exibicao: 'Plano Antes' } });
    await afterAnnouncements();
    expect(await firstPlanName(produto.id)).toBe('Plano Antes');
    const before = planReads();
    expect(await firstPlanName(produto.id)).toBe('Plano Antes');
    expect(planReads()).toBe(before);

    await db.update(glPlano).set({ nome_exibicao: 'Plano Depois' }).where(eq(glPlano.id, plano.id));
    expect(await eventually(async () => (await firstPlanName(produto.id)) === 'Plano Depois')).toBe(true);
  });
});
