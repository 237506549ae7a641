import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import type { Queryable } from '../db/database.ts';
import { moveToBackgroundLane } from '../db/query-lanes.ts';
import { glClienteUsuario, glUsuario } from '../db/schema.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';

/**
 * How long a step-up proof (a sign-in with every factor, or POST gl_usuario/me/reautenticar)
 * lets sensitive changes through: long enough to scan a QR code and type a code, short enough
 * that a session stolen later finds it expired (docs/decisions/011-two-factor.md).
 */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route serves a person whose temporary (or staff-expired) password must be replaced
     * first; every other guarded route refuses them until it is (docs/decisions/017-sign-up.md).
     */
    allowPendingPassword?: boolean;
  }
}

/**
 * Route guards (docs/architecture.md). Attach them as `preValidation` hooks, so that an anonymous caller
 * learns nothing about the payload either: anonymous → 401 'Usuário não logado.' (§8, the SPA
 * sends the visitor home); signed in without the level → 403.
 */
type Guard = (request: FastifyRequest) => Promise<void>;

async function activeUser(db: Queryable, request: FastifyRequest) {
  const record = request.session.record;
  if (!record) throw unauthorized();
  // The session lookup read the user in its own query (session-store.ts); a session started in
  // this request did not.
  const user =
    record.user ??
    (
      await db
        .select({ nivel: glUsuario.nivel, ativo: glUsuario.ativo, senhaRevalidar: glUsuario.senha_revalidar })
        .from(glUsuario)
        .where(eq(glUsuario.id, record.usuarioId))
    )[0];
  // A deactivated user's open sessions stop working at once.
  if (!user?.ativo) throw unauthorized();
  if (user.senhaRevalidar && request.routeOptions.config.allowPendingPassword !== true) {
    throw new AppError(403, MESSAGES.passwordChangeRequired, ERROR_CODES.passwordChangeRequired);
  }
  return { id: record.usuarioId, nivel: user.nivel };
}

/** A signed-in, active user. */
export function requireUser(db: Queryable): Guard {
  return async (request) => {
    await activeUser(db, request);
  };
}

/**
 * A session that proved its user within STEP_UP_WINDOW_MS (attach after requireUser): the 2FA
 * changes a stolen session alone must not make (security review item 2, decision 011).
 */
export function requireRecentProof(): Guard {
  return (request) => {
    const at = request.session.record?.reauthenticatedAt;
    if (!at || Date.now() - at.getTime() > STEP_UP_WINDOW_MS) {
      return Promise.reject(new AppError(403, MESSAGES.stepUpRequired, ERROR_CODES.stepUpRequired));
    }
    return Promise.resolve();
  };
}

/** Provider staff with a level at least as strong as maxLevel (§6: lower is stronger; admin ≤ 1). */
export function requireStaff(db: Queryable, maxLevel: number): Guard {
  return async (request) => {
    const user = await activeUser(db, request);
    if (user.nivel === null || user.nivel > maxLevel) throw forbidden();
    // The back-office's lists may be slow on a large provider: they wait on the staff's
    // connections and limits, never on the customers' (decision 103).
    moveToBackgroundLane(request);
  };
}

/** The signed-in user's id; call only behind requireUser or requireStaff. */
export function currentUserId(request: FastifyRequest): number {
  const record = request.session.record;
  if (!record) throw unauthorized();
  return record.usuarioId;
}

/**
 * The user's level in a client by their client-user link (§6), null without one. The customer
 * routes (everything under /api but /api/admin that acts on a client) decide by this alone: a
 * staff level gives nothing there, staff act through the staff routes with the levels of
 * docs/decisions/030-staff-permissions.md (decision 030).
 */
export async function linkLevelInClient(db: Queryable, usuarioId: number, clienteId: number): Promise<number | null> {
  const [row] = await db
    .select({ nivel: glClienteUsuario.nivel })
    .from(glClienteUsuario)
    .where(and(eq(glClienteUsuario.gl_usuario_id, usuarioId), eq(glClienteUsuario.gl_cliente_id, clienteId)));
  return row?.nivel ?? null;
}
