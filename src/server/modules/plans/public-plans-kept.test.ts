import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPlan } from '#shared/schemas/plans';
import { ApiAgent } from '../../../../tests/helpers/api-agent.ts';
import { createPlanWithOption, createProduct } from '../../../../tests/helpers/factories.ts';
import {
  afterAnnouncements,
  eventually,
  spyOnStatements,
  untilReadsAreKept,
} from '../../../../tests/helpers/kept-reads.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { postgresUrlOf } from '../../../../tests/helpers/test-database.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { glPlano, glPlanoPagamento } from '../../db/schema.ts';

const statementsMatching = spyOnStatements();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await untilReadsAreKept(t.db);
});
afterAll(() => t.close());

const planReads = () => statementsMatching(/from "gl_plano" where/);

const publicPlans = (pid: number) =>
  new ApiAgent(t.app).get<PublicPlan[] | null>(`/api/gl_produto/${pid}/public_planos`);

// Issue 15: the plans page's data, asked for by every visitor, is kept until the next change to
// the products, plans or payment options (db/kept-reads.ts).
describe('the public plans between changes', () => {
  it('reads the plans once for repeated requests, and again after a change to a plan or a price', async () => {
    const produto = await createProduct(t.db);
    const { plano, pagamento } = await createPlanWithOption(t.db, produto.id, {
      plano: { nome_exibicao: 'Plano Antes' },
    });
    await afterAnnouncements();
    expect((await publicPlans(produto.id)).body.data?.[0]?.nome_exibicao).toBe('Plano Antes');
    const before = planReads();
    for (let index = 0; index < 3; index++)
      expect((await publicPlans(produto.id)).status).toBe(200);
    expect(planReads()).toBe(before);

    await t.db
      .update(glPlano)
      .set({ nome_exibicao: 'Plano Depois' })
      .where(eq(glPlano.id, plano.id));
    expect((await publicPlans(produto.id)).body.data?.[0]?.nome_exibicao).toBe('Plano Depois');
    await t.db
      .update(glPlanoPagamento)
      .set({ valor: '123.45' })
      .where(eq(glPlanoPagamento.id, pagamento.id));
    expect((await publicPlans(produto.id)).body.data?.[0]?.planos_pagamento_ativo[0]?.valor).toBe(
      '123.45',
    );
    await t.db.update(glPlano).set({ ativo: false }).where(eq(glPlano.id, plano.id));
    expect((await publicPlans(produto.id)).body.data).toEqual([]);
  });

  it("sees another instance's change to a plan once announced (PostgreSQL)", async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    let second: DatabaseHandle | null = null;
    try {
      second = await openDatabase({
        kind: 'postgres',
        url: await postgresUrlOf(t.database),
        poolSize: 2,
      });
      const produto = await createProduct(t.db);
      const { plano } = await createPlanWithOption(t.db, produto.id, {
        plano: { nome_exibicao: 'Plano Antes' },
      });
      await afterAnnouncements();
      expect((await publicPlans(produto.id)).status).toBe(200);
      const before = planReads();
      expect((await publicPlans(produto.id)).status).toBe(200);
      expect(planReads()).toBe(before);

      await second.db
        .update(glPlano)
        .set({ nome_exibicao: 'Plano Depois' })
        .where(eq(glPlano.id, plano.id));
      expect(
        await eventually(
          async () =>
            (await publicPlans(produto.id)).body.data?.[0]?.nome_exibicao === 'Plano Depois',
        ),
      ).toBe(true);
    } finally {
      await second?.close();
    }
  });
});
