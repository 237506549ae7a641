import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProduct } from '#shared/schemas/auth';
import { ApiAgent } from '../../../../tests/helpers/api-agent.ts';
import { createProduct } from '../../../../tests/helpers/factories.ts';
import {
  afterAnnouncements,
  eventually,
  spyOnStatements,
  untilReadsAreKept,
} from '../../../../tests/helpers/kept-reads.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { postgresUrlOf } from '../../../../tests/helpers/test-database.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { glProduto } from '../../db/schema.ts';

const statementsMatching = spyOnStatements();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await untilReadsAreKept(t.db);
});
afterAll(() => t.close());

const productReads = () => statementsMatching(/"cadastro_usuario_inativo" from "gl_produto"/);

const product = (pid: number) =>
  new ApiAgent(t.app).get<PublicProduct | null>(`/api/gl_produto/${pid}/edit`);

// Issue 15: the active product, read at every sign-in and on every public page of a product, is
// kept until the next change to the products (db/kept-reads.ts).
describe('the active product between changes', () => {
  it('reads a product once for repeated requests, and again after any change to the products', async () => {
    const produto = await createProduct(t.db, { nome: 'Antes da Mudança' });
    await afterAnnouncements();
    expect((await product(produto.id)).body.data?.nome).toBe('Antes da Mudança');
    const before = productReads();
    for (let index = 0; index < 3; index++) expect((await product(produto.id)).status).toBe(200);
    expect(productReads()).toBe(before);

    await t.db
      .update(glProduto)
      .set({ nome: 'Depois da Mudança' })
      .where(eq(glProduto.id, produto.id));
    expect((await product(produto.id)).body.data?.nome).toBe('Depois da Mudança');
    await t.db.update(glProduto).set({ ativo: false }).where(eq(glProduto.id, produto.id));
    expect((await product(produto.id)).status).toBe(404);
  });

  it('does not keep an unknown product: each request for it reads', async () => {
    const missing = await product(2_000_000_000);
    expect(missing.status).toBe(404);
    const before = productReads();
    expect((await product(2_000_000_000)).status).toBe(404);
    expect(productReads()).toBe(before + 1);
  });

  it("sees another instance's change to a product once announced (PostgreSQL)", async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    let second: DatabaseHandle | null = null;
    try {
      second = await openDatabase({
        kind: 'postgres',
        url: await postgresUrlOf(t.database),
        poolSize: 2,
      });
      const produto = await createProduct(t.db);
      await afterAnnouncements();
      expect((await product(produto.id)).status).toBe(200);
      const before = productReads();
      expect((await product(produto.id)).status).toBe(200);
      expect(productReads()).toBe(before);

      await second.db.update(glProduto).set({ ativo: false }).where(eq(glProduto.id, produto.id));
      expect(await eventually(async () => (await product(produto.id)).status === 404)).toBe(true);
    } finally {
      await second?.close();
    }
  });
});
