import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/helpers/factories.ts';
import { createTestDatabase } from '../../../tests/helpers/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { glUsuario } from './schema.ts';
import { writeCountOf } from './write-count.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the embedded database counts its writes (decision 091)', () => {
  it('counts every statement that may write, before and after it, and no plain read', async (context) => {
    if (database.kind !== 'pglite') return context.skip();
    const { db } = database;
    const count = writeCountOf(db);
    if (!count) throw new Error('no write count for PGlite');
    const value = () => count.value;

    let before = value();
    await db.select().from(glUsuario).limit(1);
    await db.execute(sql`select 1`);
    expect(value()).toBe(before);

    const user = await createUser(db);
    expect(value()).toBeGreaterThan(before);
    before = value();
    await db.update(glUsuario).set({ nome: 'Contada 2' }).where(eq(glUsuario.id, user.id));
    await db.delete(glUsuario).where(eq(glUsuario.id, -1));
    await db.execute(
      sql`with x as (update gl_usuario set nome = nome where id = -1 returning 1) select * from x`,
    );
    expect(value()).toBe(before + 6);

    // A transaction counts whatever it holds (its statements do not go through the client).
    before = value();
    await db.transaction(async (tx) => {
      await tx.select().from(glUsuario).limit(1);
      expect(value()).toBe(before + 1);
    });
    expect(value()).toBe(before + 2);
    // Also one that fails.
    before = value();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(glUsuario).set({ nome: 'Desfeita' }).where(eq(glUsuario.id, user.id));
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    expect(value()).toBe(before + 2);
  });

  it('gives PostgreSQL no count: it has other clients', (context) => {
    if (database.kind !== 'postgres') return context.skip();
    expect(writeCountOf(database.db)).toBeUndefined();
  });
});
