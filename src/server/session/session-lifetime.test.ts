import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInAgent } from '../../../tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { glSessao } from '../db/schema.ts';
import { findSession } from './session-store.ts';

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

  it('is configurable, and refuses a value out of range at start', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(loadConfig({ SESSION_ABSOLUTE_TTL_HOURS: '24' }).SESSION_ABSOLUTE_TTL_HOURS).toBe(24);
    expect(loadConfig({}).SESSION_ABSOLUTE_TTL_HOURS).toBe(168);
    expect(() => loadConfig({ SESSION_ABSOLUTE_TTL_HOURS: '0' })).toThrow(/SESSION_ABSOLUTE_TTL_HOURS/);
  });
});
