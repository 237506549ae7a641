import { createHmac, randomBytes } from 'node:crypto';

/**
 * Recovery keys (§4: shown once, single-use, a new set invalidates the old). 12 characters of
 * Crockford's base32 (no I, L, O, U: nothing to misread) = 60 bits from the CSPRNG, shown as
 * XXXX-XXXX-XXXX (14 characters, within §5's 16). Stored as an HMAC-SHA-256 under a server key
 * (derived from SESSION_SECRET): 60 bits leave no dictionary to try, and without the key a copy of
 * the table alone cannot be searched for a key at all (docs/decisions/011-two-factor.md).
 */
export const RECOVERY_KEY_COUNT = 10;
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
