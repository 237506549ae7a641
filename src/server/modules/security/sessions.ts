import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { SEGURANCA_MESSAGES, type ActiveSession } from '#shared/schemas/security';
import type { Queryable } from '../../platform/db/database.ts';
import { glSessao } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SessionLifetime } from '../../platform/session/session-store.ts';
import { describeUserAgent } from './user-agent.ts';

/**
 * 'Sessões ativas' (docs/decisions/070-active-sessions.md): the person's own live
 * sessions, and ending the others. Every query names the user, so another user's session is as
 * unknown as a missing one (OWASP ASVS 8.2.2).
 */

/** Live as findSession (session-store.ts) judges it: idle expiry and absolute lifetime. */
function live(usuarioId: number, lifetime: SessionLifetime, now: Date) {
  return and(
    eq(glSessao.gl_usuario_id, usuarioId),
    gt(glSessao.datahora_expira, now),
    gt(glSessao.datahora_criado, new Date(now.getTime() - lifetime.absoluteTtlMs)),
  );
}

export async function listActiveSessions(
  db: Queryable,
  input: { usuarioId: number; currentSessionId: string },
  lifetime: SessionLifetime,
  now = new Date(),
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: glSessao.id,
      ip: glSessao.ip,
      user_agent: glSessao.user_agent,
      datahora_criado: glSessao.datahora_criado,
      datahora_ultimo_acesso: glSessao.datahora_ultimo_acesso,
    })
    .from(glSessao)
    .where(live(input.usuarioId, lifetime, now))
    .orderBy(desc(glSessao.datahora_ultimo_acesso), desc(glSessao.datahora_criado));
  const sessions = rows.map(
    (row): ActiveSession => ({
      id: row.id,
      ...describeUserAgent(row.user_agent),
      ip: row.ip,
      datahora_criado: row.datahora_criado.toISOString(),
      datahora_ultimo_acesso: row.datahora_ultimo_acesso.toISOString(),
      atual: row.id === input.currentSessionId,
    }),
  );
  // The browser asking comes first: the one a person looks for.
  return [...sessions.filter((s) => s.atual), ...sessions.filter((s) => !s.atual)];
}

/**
 * Ends one of the person's other sessions ('Encerrar'). The session in use ends by Logout, which
 * also gives the browser a fresh anonymous cookie.
 */
export async function endOtherSession(
  db: Queryable,
  input: { usuarioId: number; currentSessionId: string; sessionId: string },
): Promise<void> {
  if (input.sessionId === input.currentSessionId) {
    throw conflict(SEGURANCA_MESSAGES.currentSession, 'current_session');
  }
  const ended = await db
    .delete(glSessao)
    .where(and(eq(glSessao.id, input.sessionId), eq(glSessao.gl_usuario_id, input.usuarioId)))
    .returning({ id: glSessao.id });
  if (ended.length !== 1) throw notFound(SEGURANCA_MESSAGES.sessionNotFound, 'session_not_found');
}

/** 'Encerrar todas as outras': every session of the person but the one asking. */
export async function endOtherSessions(
  db: Queryable,
  input: { usuarioId: number; currentSessionId: string },
): Promise<number> {
  const ended = await db
    .delete(glSessao)
    .where(and(eq(glSessao.gl_usuario_id, input.usuarioId), ne(glSessao.id, input.currentSessionId)))
    .returning({ id: glSessao.id });
  return ended.length;
}
