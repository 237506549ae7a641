import { createHmac } from 'node:crypto';

/**
 * An independent TOTP for tests (RFC 6238 §4 on top of RFC 4226's HOTP), on node:crypto only,
 * so the server's use of otpauth is checked against a second implementation. Verified against
 * the RFC 6238 Appendix B SHA-1 vectors in src/server/modules/twofa/totp.test.ts.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 §6 base32, no padding required. */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 §5.3: HMAC-SHA-1 of the 8-byte counter, dynamic truncation, modulo 10^digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hash = createHmac('sha1', key).update(message).digest();
  const offset = (hash[hash.length - 1] ?? 0) & 0x0f;
  const binary = hash.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 §4: T = floor((unix time - T0) / X), T0 = 0, X = 30 s. */
export function totpStep(unixSeconds: number, period = 30): number {
  return Math.floor(unixSeconds / period);
}

/** The 6-digit code of a base32 secret for a time step (default: now), optionally shifted. */
export function totpCode(
  secretBase32: string,
  options: { at?: number; stepOffset?: number } = {},
): string {
  const step = totpStep((options.at ?? Date.now()) / 1000) + (options.stepOffset ?? 0);
  return hotp(base32Decode(secretBase32), step);
}

/** A base32 secret of 20 random-ish bytes for a test user (RFC 4648 alphabet, 32 characters). */
export function testTotpSecret(): string {
  return Array.from({ length: 32 }, () => BASE32[Math.floor(Math.random() * 32)]).join('');
}

/**
 * Waits out the last seconds of a time step, so a test that relies on which step "now" is
 * (a code one step late, say) does not straddle a step change while the server checks it.
 */
export async function awayFromStepEdge(marginMs = 3000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

