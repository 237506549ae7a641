import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, signedInAgent } from '../../../tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { glSessao, glUsuario } from '../db/schema.ts';
import { createSession, findSession } from './session-store.ts';

// Spied before the database opens, so the write count's wrapper calls the spy.
const queries = vi.spyOn(PGlite.prototype, 'query');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lifetime = { ttlMs: 3600_000, absoluteTtlMs: 24 * 3600_000 };
const sessionLookups = () =>
  queries.mock.calls.filter(([text]) => /from "gl_sessao" inner join "gl_usuario"/.test(text))
    .length;

// Decision 091: on the embedded database the session lookup is kept until the next write.
describe('the session lookup between writes', () => {
  it('answers a repeated GET /api/sessao/web from the kept lookup on the embedded database', async (context) => {
    if (t.database.kind !== 'pglite') return context.skip();
    const agent = await signedInAgent(t, (await createUser(t.db)).id);
    const before = sessionLookups();
    for (let index = 0; index < 5; index++)
      expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
    expect(sessionLookups() - before).toBe(1);
    // Any write, here to an unrelated row, and the next lookup reads again.
    await t.db.update(glUsuario).set({ nome: 'Outra Pessoa' }).where(eq(glUsuario.id, -1));
    expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
    expect(sessionLookups() - before).toBe(2);
  });

  it('sees a change of the person, the end of the session and a logout at once', async () => {
    const user = await createUser(t.db, { nome: 'Antes da Mudança' });
    const agent = await signedInAgent(t, user.id);
    expect(
      (await agent.get<{ usuario: { nome: string } }>('/api/sessao/web')).body.data.usuario.nome,
    ).toBe('Antes da Mudança');
    await t.db
      .update(glUsuario)
      .set({ nome: 'Depois da Mudança' })
      .where(eq(glUsuario.id, user.id));
    expect(
      (await agent.get<{ usuario: { nome: string } }>('/api/sessao/web')).body.data.usuario.nome,
    ).toBe('Depois da Mudança');
    await t.db.update(glUsuario).set({ ativo: false }).where(eq(glUsuario.id, user.id));
    expect((await agent.get('/api/sessao/web')).body.status).toBe(400);

    const other = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await other.get('/api/sessao/web')).body.status).toBe(200);
    await t.db.delete(glSessao).where(eq(glSessao.id, other.sessionId ?? ''));
    expect((await other.get('/api/sessao/web')).body.status).toBe(400);

    const third = await signedInAgent(t, (await createUser(t.db)).id);
    const cookie = third.cookies.get('portal_sessao');
    expect((await third.get('/api/sessao/web')).body.status).toBe(200);
    expect((await third.post('/api/acesso/logout', {})).status).toBe(200);
    const replayed = await signedInAgent(t, (await createUser(t.db)).id);
    replayed.cookies.set('portal_sessao', cookie ?? '');
    expect((await replayed.get('/api/sessao/web')).body.status).toBe(400);
  });

  it('checks the token, the idle expiry and the absolute end on every lookup, kept or not', async () => {
    const user = await createUser(t.db);
    const start = new Date();
    const session = await createSession(t.db, { usuarioId: user.id }, lifetime, start);
    const at = (ms: number, cookie = session.cookieValue) =>
      findSession(t.db, cookie, lifetime, new Date(start.getTime() + ms));
    expect(await at(1000)).not.toBeNull();
    // Within the minute nothing is written: the next lookups may be answered from the kept row.
    expect(await at(2000, `${session.id}.${'x'.repeat(43)}`)).toBeNull();
    expect(await at(3000)).not.toBeNull();
    expect(await at(lifetime.ttlMs + 1)).toBeNull();
    const old = await createSession(
      t.db,
      { usuarioId: user.id, createdAt: new Date(start.getTime() - lifetime.absoluteTtlMs + 5000) },
      lifetime,
      start,
    );
    expect(await findSession(t.db, old.cookieValue, lifetime, start)).not.toBeNull();
    expect(
      await findSession(t.db, old.cookieValue, lifetime, new Date(start.getTime() + 5000)),
    ).toBeNull();
  });
});
