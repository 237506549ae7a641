import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/helpers/factories.ts';
import { queryPlans } from '#tests/helpers/query-plans.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { postgresUrlOf } from '#tests/helpers/test-database.ts';
import { createSession, findSession } from './session-store.ts';

/**
 * Every request's session lookup reads its person by primary key, whatever the statistics say.
 * Found at scale (issue 37): with gl_sessao analysed while it held the sessions of early people
 * only, PostgreSQL joined a new person's session by walking the whole people index in order
 * (a merge join it priced as stopping at once): 130 ms a request with 200 000 people, against
 * 0.05 ms. PostgreSQL only (the plan is PostgreSQL's).
 */
let t: TestApp;
const plans = queryPlans();
const lifetime = { ttlMs: 3600_000, absoluteTtlMs: 7 * 24 * 3600_000 };

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.kind !== 'postgres') return;
  await plans.connect(await postgresUrlOf(t.database));
});
afterAll(async () => {
  await plans.close();
  await t.close();
});

describe('the session lookup', () => {
  it("reads the session's person by primary key even when the sessions' statistics are stale", async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    for (const early of [await createUser(t.db), await createUser(t.db)]) {
      await createSession(t.db, { usuarioId: early.id }, lifetime);
    }
    await t.db.execute(sql`
      insert into gl_usuario (nome, apelido, email, senha_hash)
      select 'Pessoa em escala ' || n, 'E' || n, 'escala' || n || '@teste.com.br', 'sem-senha' from generate_series(1, 20000) as n
    `);
    await t.db.execute(sql`analyze gl_sessao`);
    await t.db.execute(sql`analyze gl_usuario`);
    const newest = await createUser(t.db);
    const session = await createSession(t.db, { usuarioId: newest.id }, lifetime);

    plans.forget();
    const found = await findSession(t.db, session.cookieValue, lifetime);
    expect(found?.usuarioId).toBe(newest.id);
    const plan = await plans.planOf(/from "gl_sessao"/i, { asPlanned: true });
    expect(plan).not.toMatch(/Merge Join|Hash Join/);
    expect(plan).toMatch(/Index Scan using gl_usuario_pkey on gl_usuario/);
  });
});
