import { hkdfSync } from 'node:crypto';

/**
 * A key for one purpose, derived from the session secret with HKDF-SHA-256 (RFC 5869), so one
 * configured secret serves several uses without any two of them sharing a key.
 */
export function deriveKey(secret: string, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'portal-do-cliente', purpose, length));
}
