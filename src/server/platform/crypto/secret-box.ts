import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for small secrets stored in the database (TOTP secrets). Stored form:
 * "v1.<iv>.<ciphertext>.<tag>" in base64url; the version names the key, so a key rotation can
 * add "v2" and read both.
 */
const VERSION = 'v1';

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12); // 96-bit nonce, NIST SP 800-38D §8.2
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when the stored value is not ours or was altered. */
export function decryptSecret(key: Buffer, stored: string): string | null {
  const [version, iv, ciphertext, tag] = stored.split('.');
  if (version !== VERSION || !iv || ciphertext === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
