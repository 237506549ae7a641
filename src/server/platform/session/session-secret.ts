import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens.ts';

/**
 * The secret that binds CSRF tokens to sessions. Production must set SESSION_SECRET (config
 * refuses to start otherwise); the embedded run generates one once and keeps it in DATA_DIR, so
 * a restart does not invalidate open pages.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
