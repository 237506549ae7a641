import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glSessao } from '../db/schema.ts';
import { createSession, findSession } from './session-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL_HOURS: '12', SESSION_ABSOLUTE_TTL_HOURS: '168' } });
});
afterAll(() => t.close());

const HOUR = 3600_000;
const lifetime = { ttlMs: 12 * HOUR, absoluteTtlMs: 168 * HOUR };

describe('session lifetimes (security review item 7, decision 002)', () => {
  it('ends a session 7 days after its sign-in however often it is used', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const id = agent.sessionId ?? '';
    // Used a minute ago, idle expiry far ahead, but signed in 7 days and a minute ago.
    await t.db
      .update(glSessao)
      .set({
        datahora_criado: new Date(Date.now() - 168 * HOUR - 60_000),
        datahora_ultimo_acesso: new Date(Date.now() - 60_000),
        datahora_expira: new Date(Date.now() + 11 * HOUR),
      })
      .where(eq(glSessao.id, id));
    expect((await agent.get('/api/sessao/web')).body.status).toBe(400);
    expect((await agent.get('/api/gl_usuario/me')).status).toBe(401);
  });

  it('slides the idle expiry forward, never past the absolute end', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const cookie = agent.cookies.get('portal_sessao');
    const id = agent.sessionId ?? '';
    const created = new Date(Date.now() - 167 * HOUR);
    await t.db
      .update(glSessao)
      .set({ datahora_criado: created, datahora_ultimo_acesso: new Date(Date.now() - HOUR) })
      .where(eq(glSessao.id, id));
    const record = await findSession(t.db, cookie, lifetime);
    expect(record?.expiresAt.getTime()).toBe(created.getTime() + 168 * HOUR);
    const [row] = await t.db.select().from(glSessao).where(eq(glSessao.id, id));
    expect(row?.datahora_expira.getTime()).toBe(created.getTime() + 168 * HOUR);
  });

  it('writes last-seen at most once a minute, and the idle expiry is never off by more than that minute', async () => {
    const user = await createUser(t.db);
    const t0 = new Date(Date.now() - 10 * 60_000);
    const session = await createSession(t.db, { usuarioId: user.id }, lifetime, t0);
    const rowOf = async () => (await t.db.select().from(glSessao).where(eq(glSessao.id, session.id)))[0];

    // Used every 10 s for 5 minutes: a write per minute at most, not one per use.
    let lastUse = t0;
    let writes = 0;
    let lastWritten = (await rowOf())?.datahora_ultimo_acesso.getTime();
    for (let second = 10; second <= 300; second += 10) {
      lastUse = new Date(t0.getTime() + second * 1000);
      expect(await findSession(t.db, session.cookieValue, lifetime, lastUse)).not.toBeNull();
      const written = (await rowOf())?.datahora_ultimo_acesso.getTime();
      if (written !== lastWritten) writes++;
      lastWritten = written;
    }
    expect(writes).toBe(5);
    const expiresAt = (await rowOf())?.datahora_expira.getTime() ?? 0;
    // The idle expiry counts from a use at most a minute before the last one.
    expect(expiresAt).toBeGreaterThan(lastUse.getTime() + 12 * HOUR - 60_000);
    expect(expiresAt).toBeLessThanOrEqual(lastUse.getTime() + 12 * HOUR);
    const at = (ms: number) => findSession(t.db, session.cookieValue, lifetime, new Date(ms));
    expect(await at(lastUse.getTime() + 12 * HOUR + 1)).toBeNull();
    // (A use, which writes: checked last.)
    expect(await at(lastUse.getTime() + 12 * HOUR - 60_000)).not.toBeNull();
  });

  it('answers GET /api/sessao/web without writing the session row within the minute', async () => {
    const user = await createUser(t.db);
    const agent = await signedInAgent(t, user.id);
    const id = agent.sessionId ?? '';
    const seen = new Date(Date.now() - 30_000);
    await t.db.update(glSessao).set({ datahora_ultimo_acesso: seen }).where(eq(glSessao.id, id));
    for (let index = 0; index < 3; index++) expect((await agent.get('/api/sessao/web')).body.status).toBe(200);
    const [row] = await t.db.select().from(glSessao).where(eq(glSessao.id, id));
    expect(row?.datahora_ultimo_acesso.getTime()).toBe(seen.getTime());
  });

  it('is configurable, and refuses a value out of range at start', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(loadConfig({ SESSION_ABSOLUTE_TTL_HOURS: '24' }).SESSION_ABSOLUTE_TTL_HOURS).toBe(24);
    expect(loadConfig({}).SESSION_ABSOLUTE_TTL_HOURS).toBe(168);
    expect(() => loadConfig({ SESSION_ABSOLUTE_TTL_HOURS: '0' })).toThrow(/SESSION_ABSOLUTE_TTL_HOURS/);
  });
});
