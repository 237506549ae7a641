import { createHmac, randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { TWOFA_MESSAGES } from '#shared/schemas/twofa';
import type { Queryable } from '../../platform/db/database.ts';
import { glUsuario, glUsuarioChaveRecuperacao } from '../../platform/db/schema.ts';
import { conflict } from '../../platform/errors.ts';
import { endUserAccess } from '../security/index.ts';
import { auditChange, loadUser, tellOwner, type ChangeOrigin } from './changes.ts';
import type { TwofaDeps } from './deps.ts';

/**
 * Recovery keys (§4: shown once, single-use, a new set invalidates the old). 12 characters of
 * Crockford's base32 (no I, L, O, U: nothing to misread) = 60 bits from the CSPRNG, shown as
 * XXXX-XXXX-XXXX (14 characters, within §5's 16). Stored as an HMAC-SHA-256 under a server key
 * (derived from SESSION_SECRET): 60 bits leave no dictionary to try, and without the key a copy of
 * the table alone cannot be searched for a key at all (docs/decisions/011-two-factor.md).
 */
const RECOVERY_KEY_COUNT = 10;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12;

export function generateRecoveryKey(): string {
  // 32 symbols divide 256 evenly, so taking 5 bits of each byte adds no bias.
  const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * The canonical form of what a person typed: case, dashes and spaces ignored; O read as 0 and
 * I or L as 1, as Crockford's decoding does. Null when it cannot be a recovery key.
 */
export function normalizeRecoveryKey(input: string): string | null {
  const value = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return value.length === LENGTH && [...value].every((char) => ALPHABET.includes(char))
    ? value
    : null;
}

export function hashRecoveryKey(serverKey: Buffer, normalized: string): string {
  return createHmac('sha256', serverKey).update(normalized).digest('hex');
}

/** How many of the user's recovery keys are still unused. */
export async function unusedRecoveryKeys(db: Queryable, usuarioId: number): Promise<number> {
  const [keys] = await db
    .select({ n: count() })
    .from(glUsuarioChaveRecuperacao)
    .where(
      and(
        eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId),
        isNull(glUsuarioChaveRecuperacao.datahora_usado),
      ),
    );
  return keys?.n ?? 0;
}

/** Marks an unused recovery key used; the conditional update lets one request win. */
export async function consumeRecoveryKey(
  deps: TwofaDeps,
  usuarioId: number,
  input: string,
  now: Date,
): Promise<boolean> {
  const normalized = normalizeRecoveryKey(input);
  if (!normalized) return false;
  const used = await deps.db
    .update(glUsuarioChaveRecuperacao)
    .set({ datahora_usado: now })
    .where(
      and(
        eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId),
        eq(glUsuarioChaveRecuperacao.chave_hash, hashRecoveryKey(deps.recoveryKeyKey, normalized)),
        isNull(glUsuarioChaveRecuperacao.datahora_usado),
      ),
    )
    .returning({ id: glUsuarioChaveRecuperacao.id });
  return used.length > 0;
}

/** Replaces every recovery key of the user with a new set (§4); returns them for showing once. */
export async function replaceRecoveryKeys(tx: Queryable, deps: TwofaDeps, usuarioId: number): Promise<string[]> {
  const keys = Array.from({ length: RECOVERY_KEY_COUNT }, generateRecoveryKey);
  await tx
    .delete(glUsuarioChaveRecuperacao)
    .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId));
  await tx.insert(glUsuarioChaveRecuperacao).values(
    keys.map((key) => ({
      gl_usuario_id: usuarioId,
      chave_hash: hashRecoveryKey(deps.recoveryKeyKey, normalizeRecoveryKey(key) ?? key),
    })),
  );
  return keys;
}

/**
 * §4: a new set replaces the old; the owner is told. Whoever may hold the old keys loses what
 * they got with them: the other sessions and the applications' tokens end (issue 34, decision
 * 096). The caller checked the step-up.
 */
export async function regenerateRecoveryKeys(
  deps: TwofaDeps,
  usuarioId: number,
  origin: ChangeOrigin,
  now = new Date(),
): Promise<{ recovery_keys: string[] }> {
  const user = await loadUser(deps.db, usuarioId);
  if (!user.twofa_ativo) throw conflict(TWOFA_MESSAGES.notEnabled, 'twofa_disabled');
  return deps.db.transaction(async (tx) => {
    // Re-checked under the row lock, so keys never outlive a concurrent disable.
    const [locked] = await tx
      .select({ twofa_ativo: glUsuario.twofa_ativo })
      .from(glUsuario)
      .where(eq(glUsuario.id, usuarioId))
      .for('update');
    if (!locked?.twofa_ativo) throw conflict(TWOFA_MESSAGES.notEnabled, 'twofa_disabled');
    const recovery_keys = await replaceRecoveryKeys(tx, deps, usuarioId);
    await endUserAccess(tx, usuarioId, { exceptSessionId: origin.sessionId });
    await tellOwner(tx, deps, user, 'chaves_geradas', now);
    await auditChange(tx, usuarioId, 'chaves_recuperacao_geradas', origin);
    return { recovery_keys };
  });
}
