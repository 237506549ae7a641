import { and, eq, sql } from 'drizzle-orm';
import { hashPassword, needsRehash, UNKNOWN_USER_PASSWORD_HASH, verifyPassword } from '../../platform/crypto/password.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { glAcessoTentativa, glUsuario } from '../../platform/db/schema.ts';
import { UnavailableError } from '../../platform/errors.ts';
import {
  accountAddressKey,
  accountKey,
  clearFailures,
  isBlocked,
  passwordKeys,
  readFailures,
  recordFailure,
} from '../../platform/throttle/throttle.ts';

/** What a password check found: right, wrong (or an inactive user), or refused unchecked. */
export type PasswordOutcome = 'ok' | 'wrong' | 'blocked';

/** The person whose password is checked, as the credentials' read found them (or nobody). */
export type PasswordHolder = { id: number; senha_hash: string; ativo: boolean } | null;

/** The throttle's verdict before the password is looked at (decision 010). */
export interface ThrottleGate {
  /** The password keys of decision 010, with their policies. */
  keys: ReturnType<typeof passwordKeys>;
  /** Their failures as read. */
  failures: Awaited<ReturnType<typeof readFailures>>;
  /** A key is blocked: the password is refused unchecked. */
  blocked: boolean;
}

/**
 * The throttle step: reads the failures of the password keys (account, account and address,
 * address) and says whether one of them blocks. The account-wide lock is skipped for a trusted
 * device of the owner, so strangers cannot lock the owner out.
 */
export async function applyThrottle(
  db: Queryable,
  input: { email: string; ip: string; trustedDevice: boolean },
  now: Date,
): Promise<ThrottleGate> {
  const keys = passwordKeys(input.email, input.ip);
  const guarded = keys
    .filter(([key]) => !(input.trustedDevice && key === accountKey(input.email)))
    .map(([key]) => key);
  const failures = await readFailures(db, keys.map(([key]) => key));
  return { keys, failures, blocked: isBlocked(failures, guarded, now) };
}

/**
 * The credentials step, behind the gate: blocked → refused unchecked; wrong → counted on every
 * key; right → the account's keys forgotten, and an old hash replaced.
 */
export async function checkCredentials(
  db: Queryable,
  gate: ThrottleGate,
  input: { email: string; ip: string; password: string; user: PasswordHolder },
  now: Date,
): Promise<PasswordOutcome> {
  let ok = false;
  if (!gate.blocked) {
    // Always one argon2 verification, so the answer time does not tell whether the e-mail exists.
    const passwordOk = await verifyPassword(
      input.user?.senha_hash ?? UNKNOWN_USER_PASSWORD_HASH,
      input.password,
    );
    ok = passwordOk && input.user?.ativo === true;
  }
  if (!ok) {
    for (const [key, policy] of gate.keys) await recordFailure(db, key, policy, now);
    return gate.blocked ? 'blocked' : 'wrong';
  }
  await clearFailures(db, gate.failures, [accountAddressKey(input.email, input.ip), accountKey(input.email)]);
  if (input.user && needsRehash(input.user.senha_hash)) {
    await rehashPassword(db, input.user.id, input.user.senha_hash, input.password);
  }
  return 'ok';
}

/** A password check under the throttle of decision 010: the two steps above, in order. */
export async function checkPassword(
  db: Queryable,
  input: { email: string; password: string; ip: string; user: PasswordHolder; trustedDevice: boolean },
  now: Date,
): Promise<PasswordOutcome> {
  const gate = await applyThrottle(db, input, now);
  return checkCredentials(db, gate, input, now);
}

/**
 * A hash made with older parameters is replaced now that the password is known (decision 060),
 * unless the password changed meanwhile. Never fails the sign-in: with the hashing queue full it
 * waits for the next one.
 */
async function rehashPassword(db: Queryable, usuarioId: number, oldHash: string, password: string): Promise<void> {
  let fresh: string;
  try {
    fresh = await hashPassword(password);
  } catch (error) {
    if (error instanceof UnavailableError) return;
    throw error;
  }
  await db
    .update(glUsuario)
    .set({ senha_hash: fresh })
    .where(and(eq(glUsuario.id, usuarioId), eq(glUsuario.senha_hash, oldHash)));
}

/**
 * Forgets an account's failed sign-ins from every address: a password reset proves the address,
 * so the blocks the failures may have set (decision 010) end with it.
 */
export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  const key = accountKey(email);
  await db
    .delete(glAcessoTentativa)
    .where(
      sql`${glAcessoTentativa.chave} = ${key} or starts_with(${glAcessoTentativa.chave}, ${`${key}|`})`,
    );
}
