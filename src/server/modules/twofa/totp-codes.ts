import { and, eq, lt } from 'drizzle-orm';
import { decryptSecret } from '../../platform/crypto/secret-box.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { glUsuarioTotpPasso } from '../../platform/db/schema.ts';
import type { TwofaDeps } from './deps.ts';
import { currentTotpStep, matchTotpStep } from './totp.ts';

/**
 * Records a matched time step; true only for the one request whose insert returned a row, so a
 * code is accepted once even when sent many times at once (the unique (user, step) index decides).
 */
async function acceptStepOnce(
  db: Queryable,
  usuarioId: number,
  step: number,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(glUsuarioTotpPasso)
    .values({ gl_usuario_id: usuarioId, passo: step })
    .onConflictDoNothing()
    .returning({ id: glUsuarioTotpPasso.id });
  if (inserted.length !== 1) return false;
  // Steps this old can no longer match (window ±1); a margin of two more covers requests in flight.
  await db
    .delete(glUsuarioTotpPasso)
    .where(
      and(
        eq(glUsuarioTotpPasso.gl_usuario_id, usuarioId),
        lt(glUsuarioTotpPasso.passo, currentTotpStep(now) - 3),
      ),
    );
  return true;
}

/** A TOTP code of the stored (encrypted) secret, accepted once. */
export async function verifyTotp(
  deps: TwofaDeps,
  usuarioId: number,
  storedSecret: string | null,
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = storedSecret ? decryptSecret(deps.secretKey, storedSecret) : null;
  if (!secret) return false;
  const step = matchTotpStep(secret, code, now);
  return step !== null && acceptStepOnce(deps.db, usuarioId, step, now);
}

/**
 * Time steps already used belong to the secret they were used with: a new secret starts with
 * none, or its first code could be refused as "used" within the same 30 s.
 */
export async function forgetUsedSteps(tx: Queryable, usuarioId: number): Promise<void> {
  await tx.delete(glUsuarioTotpPasso).where(eq(glUsuarioTotpPasso.gl_usuario_id, usuarioId));
}
