import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  hotp,
  testTotpSecret,
  totpCode,
  totpStep,
} from '#tests/helpers/totp.ts';
import { deriveKey } from '../../platform/crypto/keys.ts';
import { decryptSecret, encryptSecret } from '../../platform/crypto/secret-box.ts';
import { generateRecoveryKey, hashRecoveryKey, normalizeRecoveryKey } from './recovery-keys.ts';
import { currentTotpStep, generateTotpSecret, matchTotpStep, totpUri } from './totp.ts';

describe('the tests’ own TOTP (tests/helpers/totp.ts)', () => {
  // RFC 6238 Appendix B, SHA-1 rows: the ASCII seed "12345678901234567890", 8 digits, X = 30 s.
  const seed = Buffer.from('12345678901234567890', 'ascii');
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('matches RFC 6238 Appendix B at T = %i s', (seconds, expected) => {
    expect(hotp(seed, totpStep(seconds), 8)).toBe(expected);
  });

  it('decodes RFC 4648 base32', () => {
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe(
      '12345678901234567890',
    );
  });
});

describe('server TOTP (otpauth)', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // the RFC seed in base32
  const at = new Date(1_111_111_111_000);

  it('agrees with the independent implementation and the RFC (6 digits)', () => {
    // The last 6 digits of the RFC's 8-digit value at T = 1111111111 s: 14050471.
    expect(totpCode(secret, { at: at.getTime() })).toBe('050471');
    expect(matchTotpStep(secret, '050471', at)).toBe(currentTotpStep(at));
  });

  it('accepts one step of drift either way, not two, and says which step matched', () => {
    const step = currentTotpStep(at);
    for (const offset of [-1, 0, 1]) {
      expect(
        matchTotpStep(secret, totpCode(secret, { at: at.getTime(), stepOffset: offset }), at),
      ).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      expect(
        matchTotpStep(secret, totpCode(secret, { at: at.getTime(), stepOffset: offset }), at),
      ).toBeNull();
    }
    expect(matchTotpStep(secret, '12345', at)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', at)).toBeNull();
  });

  it('generates 160-bit base32 secrets and the otpauth URI apps read', () => {
    const generated = generateTotpSecret();
    expect(generated).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(generated)).toHaveLength(20);
    const uri = new URL(totpUri(generated, 'Portal do Cliente', 'ana@exemplo.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Portal do Cliente:ana@exemplo.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Portal do Cliente',
      secret: generated,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery keys', () => {
  it('are 12 unambiguous characters shown as XXXX-XXXX-XXXX', () => {
    const keys = Array.from({ length: 200 }, generateRecoveryKey);
    for (const key of keys)
      expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);
    expect(new Set(keys).size).toBe(200);
  });

  it('are read in any case, with or without dashes, O as 0 and I or L as 1', () => {
    expect(normalizeRecoveryKey('ab01-cd23-ef45')).toBe('AB01CD23EF45');
    expect(normalizeRecoveryKey(' AB01 CD23 EF45 ')).toBe('AB01CD23EF45');
    expect(normalizeRecoveryKey('abo1-cd23-efl5')).toBe('AB01CD23EF15');
    expect(normalizeRecoveryKey('123456')).toBeNull();
    expect(normalizeRecoveryKey('AB01-CD23-EF4U')).toBeNull();
    expect(hashRecoveryKey(Buffer.alloc(32, 1), 'AB01CD23EF45')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('TOTP secrets at rest (AES-256-GCM)', () => {
  const key = deriveKey('s'.repeat(48), 'totp-secret-encryption');

  it('round-trips, with a fresh nonce each time', () => {
    const secret = testTotpSecret();
    const first = encryptSecret(key, secret);
    expect(first).not.toBe(encryptSecret(key, secret));
    expect(decryptSecret(key, first)).toBe(secret);
  });

  it('refuses an altered value or another key', () => {
    const stored = encryptSecret(key, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const [version, iv, ciphertext, tag] = stored.split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      decryptSecret(key, [version, iv, flipped.toString('base64url'), tag].join('.')),
    ).toBeNull();
    expect(decryptSecret(deriveKey('t'.repeat(48), 'totp-secret-encryption'), stored)).toBeNull();
    expect(decryptSecret(key, 'GEZDGNBVGY3TQOJQ')).toBeNull();
  });
});
