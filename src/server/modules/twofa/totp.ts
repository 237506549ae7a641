import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as authenticator apps implement it (RFC 6238): HMAC-SHA-1, 6 digits, 30-second steps.
 * A code is accepted in its own step or one step either side (RFC 6238 §5.2 recommends at most
 * one step of network delay and clock drift); which step matched is returned so the caller can
 * record it and refuse it a second time (RFC 6238 §5.2: an OTP is accepted once).
 */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;
/** 160 bits, the HMAC-SHA-1 block-sized key RFC 4226 §4 recommends. */
const SECRET_BYTES = 20;

export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

export function currentTotpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

function totp(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step the code belongs to, or null when it matches none in the window. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  return delta === null ? null : currentTotpStep(now) + delta;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totp(secretBase32, label, issuer).toString();
}
