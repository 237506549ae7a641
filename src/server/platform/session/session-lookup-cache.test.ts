import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInAgent } from '#tests/helpers/factories.ts';
import {
  afterAnnouncements,
  eventually,
  spyOnStatements,
  untilReadsAreKept,
} from '#tests/helpers/kept-reads.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { postgresUrlOf } from '#tests/helpers/test-database.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { glAcessoTentativa, glSessao, glUsuario } from '../db/schema.ts';
import { createSession, findSession } from './session-store.ts';

const statementsMatching = spyOnStatements();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await untilReadsAreKept(t.db);
});
afterAll(() => t.close());

const lifetime = { ttlMs: 3600_000, absoluteTtlMs: 24 * 3600_000 };
const sessionLookups = () => statementsMatching(/from "gl_sessao" inner join lateral/);

// Decisions 091 and 094: the session lookup is kept until the next write, on both databases.
describe('the session lookup between writes', () => {
  it('answers a repeated GET /api/sessao/web from the kept lookup', async () => {
    const agent = await signedInAgent(t, (await createUser(t.db)).id);
    // On PostgreSQL the announcements of the writes above come back (decision 094).
    await afterAnnouncements();
    const before = sessionLookups();
    for (let index = 0; index < 5; index++)
      expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
    expect(sessionLookups() - before).toBe(1);
    // A write to a table the lookup does not read (a throttle count, another sign-in's history)
    // keeps it.
    await t.db.insert(glAcessoTentativa).values({ chave: `mantida:${Date.now()}` });
    expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
    expect(sessionLookups() - before).toBe(1);
    // Any write of the process to one it reads, here to another row, and the next lookup reads again.
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

// Decision 094: on PostgreSQL other instances write too; what they change is announced.
describe('the kept session lookup and another instance on the same PostgreSQL', () => {
  let second: DatabaseHandle | null = null;
  /** Another instance's database handle (its own pool and listener) on the test's database. */
  async function secondInstance(): Promise<DatabaseHandle> {
    second ??= await openDatabase({ kind: 'postgres', url: await postgresUrlOf(t.database), poolSize: 2 });
    return second;
  }
  afterAll(() => second?.close());

  it('sees another instance\'s rename, deactivation, session end and logout once announced', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const { db } = await secondInstance();
    const nome = async (agent: Awaited<ReturnType<typeof signedInAgent>>) =>
      (await agent.get<{ usuario: { nome: string } | null }>('/api/sessao/web')).body.data.usuario?.nome;

    const user = await createUser(t.db, { nome: 'Antes da Mudança' });
    const agent = await signedInAgent(t, user.id);
    // The announcement of the person's insert comes back first; a read it overlaps is not kept.
    await afterAnnouncements();
    expect(await nome(agent)).toBe('Antes da Mudança');
    const before = sessionLookups();
    expect(await nome(agent)).toBe('Antes da Mudança');
    // Kept: the second answer read nothing.
    expect(sessionLookups()).toBe(before);

    await db.update(glUsuario).set({ nome: 'Depois da Mudança' }).where(eq(glUsuario.id, user.id));
    expect(await eventually(async () => (await nome(agent)) === 'Depois da Mudança')).toBe(true);
    await db.update(glUsuario).set({ ativo: false }).where(eq(glUsuario.id, user.id));
    expect(await eventually(async () => (await agent.get('/api/sessao/web')).body.status === 400)).toBe(true);

    const ended = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await ended.get('/api/sessao/web')).body.status).toBe(200);
    await db.delete(glSessao).where(eq(glSessao.id, ended.sessionId ?? ''));
    expect(await eventually(async () => (await ended.get('/api/sessao/web')).body.status === 400)).toBe(true);
  });

  it('reads a kept row again before refusing it as expired: another instance may have moved its expiry', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const { db } = await secondInstance();
    const user = await createUser(t.db);
    const start = new Date();
    const session = await createSession(t.db, { usuarioId: user.id }, lifetime, start);
    const at = (ms: number) => findSession(t.db, session.cookieValue, lifetime, new Date(start.getTime() + ms));
    await afterAnnouncements();
    expect(await at(1000)).not.toBeNull();
    // The other instance's last-seen write (not announced): the expiry moves an hour on.
    await db
      .update(glSessao)
      .set({ datahora_expira: new Date(start.getTime() + 2 * lifetime.ttlMs) })
      .where(eq(glSessao.id, session.id));
    expect((await at(lifetime.ttlMs + 1000))?.id).toBe(session.id);
  });
});
