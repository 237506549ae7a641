import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { glUsuario } from '../../platform/db/schema.ts';
import { CODE_POLICY, clearFailures, codeKey, isBlocked, readFailures, recordFailure } from '../../platform/throttle/throttle.ts';
import type { TwofaDeps } from './deps.ts';
import { consumeRecoveryKey } from './recovery-keys.ts';
import { verifyTotp } from './totp-codes.ts';

/**
 * Runs a check of a code or recovery key under the user's code throttle (decision 010): while
 * the user's key is blocked nothing is checked and the answer is "wrong"; a wrong answer counts,
 * a right one clears the count. Every route that checks a code goes through here.
 */
export async function throttledCodeCheck<T>(
  db: Queryable,
  usuarioId: number,
  check: () => Promise<T | null>,
  now: Date,
): Promise<T | null> {
  const key = codeKey(usuarioId);
  const failures = await readFailures(db, [key]);
  const result = isBlocked(failures, [key], now) ? null : await check();
  if (result === null) await recordFailure(db, key, CODE_POLICY, now);
  else await clearFailures(db, failures, [key]);
  return result;
}

export type SecondFactor = 'totp' | 'recovery_key';

/**
 * The second factor of a user with 2FA on: a current TOTP code (6 digits) or an unused recovery
 * key, which it uses up (§4; the keys say they serve "para entrar ou desativar o 2FA").
 * Throttled per user on every route. Null when it is not right, or not checked.
 */
export async function verifySecondFactor(
  deps: TwofaDeps,
  usuarioId: number,
  input: string,
  now = new Date(),
): Promise<SecondFactor | null> {
  const value = input.trim();
  return throttledCodeCheck(
    deps.db,
    usuarioId,
    async (): Promise<SecondFactor | null> => {
      const [user] = await deps.db
        .select({ twofa_ativo: glUsuario.twofa_ativo, twofa_secret: glUsuario.twofa_secret })
        .from(glUsuario)
        .where(eq(glUsuario.id, usuarioId));
      if (!user?.twofa_ativo) return null;
      if (/^\d{6}$/.test(value)) {
        return (await verifyTotp(deps, usuarioId, user.twofa_secret, value, now)) ? 'totp' : null;
      }
      return (await consumeRecoveryKey(deps, usuarioId, value, now)) ? 'recovery_key' : null;
    },
    now,
  );
}
