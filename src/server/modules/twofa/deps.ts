import { deriveKey } from '../../platform/crypto/keys.ts';
import type { Database } from '../../platform/db/database.ts';

export interface TwofaDeps {
  db: Database;
  /** AES-256-GCM key of the stored TOTP secrets. */
  secretKey: Buffer;
  /** HMAC key of the stored recovery keys. */
  recoveryKeyKey: Buffer;
  /** The issuer authenticator apps show (PROVIDER_NAME), also the sender's name in e-mails. */
  issuer: string;
  /** For the link to the 2FA screen in the e-mails that tell of a change. */
  publicUrl: string;
  secureCookies: boolean;
}

export function createTwofaDeps(options: {
  db: Database;
  sessionSecret: string;
  issuer: string;
  publicUrl: string;
  secureCookies: boolean;
}): TwofaDeps {
  return {
    db: options.db,
    secretKey: deriveKey(options.sessionSecret, 'totp-secret-encryption'),
    recoveryKeyKey: deriveKey(options.sessionSecret, 'recovery-key-hmac'),
    issuer: options.issuer,
    publicUrl: options.publicUrl,
    secureCookies: options.secureCookies,
  };
}
