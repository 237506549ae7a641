import { and, eq, gt, lt } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import { glSessao } from '../db/schema.ts';
import { hashToken, randomToken, safeEqual } from './tokens.ts';

export interface SessionRecord {
  id: string;
  usuarioId: number;
  clienteId: number | null;
  produtoId: number | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

export interface SessionContext {
  usuarioId: number;
  clienteId?: number | null;
  produtoId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** A session row's sliding expiry is pushed forward at most this often, to spare writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cookie value of an authenticated session is "<row id>.<token>"; anything else is anonymous. */
export function parseSessionCookie(value: string | undefined): { id: string; token: string } | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot < 0) return null;
  const id = value.slice(0, dot);
  const token = value.slice(dot + 1);
  return UUID.test(id) && token.length >= 32 ? { id, token } : null;
}

export async function createSession(
  db: Queryable,
  context: SessionContext,
  ttlMs: number,
): Promise<{ id: string; token: string; cookieValue: string }> {
  const token = randomToken();
  const now = new Date();
  const [row] = await db
    .insert(glSessao)
    .values({
      token_hash: hashToken(token),
      gl_usuario_id: context.usuarioId,
      gl_cliente_id: context.clienteId ?? null,
      gl_produto_id: context.produtoId ?? null,
      ip: context.ip ?? null,
      user_agent: context.userAgent?.slice(0, 400) ?? null,
      datahora_expira: new Date(now.getTime() + ttlMs),
      datahora_ultimo_acesso: now,
    })
    .returning({ id: glSessao.id });
  if (!row) throw new Error('session insert returned no row');
  return { id: row.id, token, cookieValue: `${row.id}.${token}` };
}

/** The valid session a cookie names, or null; slides its expiry forward when due. */
export async function findSession(
  db: Queryable,
  cookieValue: string | undefined,
  ttlMs: number,
): Promise<SessionRecord | null> {
  const parsed = parseSessionCookie(cookieValue);
  if (!parsed) return null;
  const now = new Date();
  const [row] = await db
    .select()
    .from(glSessao)
    .where(and(eq(glSessao.id, parsed.id), gt(glSessao.datahora_expira, now)));
  if (!row || !safeEqual(row.token_hash, hashToken(parsed.token))) return null;
  const record: SessionRecord = {
    id: row.id,
    usuarioId: row.gl_usuario_id,
    clienteId: row.gl_cliente_id,
    produtoId: row.gl_produto_id,
    expiresAt: row.datahora_expira,
    lastSeenAt: row.datahora_ultimo_acesso,
  };
  if (now.getTime() - row.datahora_ultimo_acesso.getTime() > TOUCH_INTERVAL_MS) {
    record.expiresAt = new Date(now.getTime() + ttlMs);
    record.lastSeenAt = now;
    await db
      .update(glSessao)
      .set({ datahora_expira: record.expiresAt, datahora_ultimo_acesso: now })
      .where(eq(glSessao.id, row.id));
  }
  return record;
}

export async function updateSessionContext(
  db: Queryable,
  sessionId: string,
  context: { clienteId?: number | null; produtoId?: number | null },
): Promise<void> {
  await db
    .update(glSessao)
    .set({
      ...(context.clienteId !== undefined && { gl_cliente_id: context.clienteId }),
      ...(context.produtoId !== undefined && { gl_produto_id: context.produtoId }),
    })
    .where(eq(glSessao.id, sessionId));
}

/**
 * Ends the session named by an id and token (the notice screen's logout, §7), only when the
 * token matches. Returns whether a session ended.
 */
export async function deleteSessionWithToken(db: Queryable, sessionId: string, token: string): Promise<boolean> {
  const [row] = await db
    .select({ token_hash: glSessao.token_hash })
    .from(glSessao)
    .where(eq(glSessao.id, sessionId));
  if (!row || !safeEqual(row.token_hash, hashToken(token))) return false;
  await deleteSession(db, sessionId);
  return true;
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(glSessao).where(eq(glSessao.id, sessionId));
}

/** Ends every session of a user (password reset, §4), optionally keeping the current one. */
export async function deleteUserSessions(db: Queryable, usuarioId: number): Promise<void> {
  await db.delete(glSessao).where(eq(glSessao.gl_usuario_id, usuarioId));
}

export async function deleteExpiredSessions(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(glSessao).where(lt(glSessao.datahora_expira, now));
}
