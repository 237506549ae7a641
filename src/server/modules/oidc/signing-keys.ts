import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { and, asc, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glOidcChave } from '../../platform/db/schema.ts';
import { deriveKey } from '../../platform/crypto/keys.ts';
import { decryptSecret, encryptSecret } from '../../platform/crypto/secret-box.ts';

/**
 * The OpenID provider's signing keys (ES256, P-256), kept in gl_oidc_chave with the private part
 * encrypted (AES-256-GCM) under a key derived from SESSION_SECRET (HKDF-SHA256, RFC 5869), so a
 * copy of the database alone signs nothing. Decision 086.
 */
const SIGNING_ALG = 'ES256';
// Instances starting together take turns creating the first key.
const FIRST_KEY_LOCK = 724_311_018;

export type PrivateJwk = JsonWebKey & { kid: string; alg: string; use: 'sig' };

/** The sealing key: derived from SESSION_SECRET with a label of its own (auth/keys.ts). */
const sealingKey = (secret: string) => deriveKey(secret, 'oidc-signing-key-encryption');

function unseal(secret: string, sealed: string, kid: string): string {
  const plain = decryptSecret(sealingKey(secret), sealed);
  // GCM refuses it with any other SESSION_SECRET: say so.
  if (plain === null)
    throw new Error(
      `OIDC signing key ${kid} does not open with this SESSION_SECRET (was it changed?)`,
    );
  return plain;
}

/** RFC 7638 thumbprint of an EC public key: the key's id. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

async function insertNewKey(db: Queryable, secret: string, activeFrom: Date): Promise<string> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = thumbprint(jwk);
  const { d: _private, ...publicJwk } = jwk;
  await db.insert(glOidcChave).values({
    kid,
    alg: SIGNING_ALG,
    chave_publica: { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' },
    chave_privada_cifrada: encryptSecret(sealingKey(secret), JSON.stringify(jwk)),
    datahora_ativa: activeFrom,
  });
  return kid;
}

/** At the first start, the first key; afterwards nothing. Safe with several instances starting. */
export async function ensureSigningKey(
  db: Database,
  secret: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`);
    const [any] = await tx
      .select({ id: glOidcChave.id })
      .from(glOidcChave)
      .where(isNull(glOidcChave.datahora_aposentada))
      .limit(1);
    if (!any) await insertNewKey(tx, secret, now);
  });
}

/**
 * The keys to publish, decrypted, in the order oidc-provider wants them: the newest key already
 * active first (it signs), then the older active ones and the ones not active yet (published so
 * relying parties know them before they sign).
 */
export async function loadSigningKeys(
  db: Database,
  secret: string,
  now = new Date(),
): Promise<PrivateJwk[]> {
  const rows = await db
    .select()
    .from(glOidcChave)
    .where(isNull(glOidcChave.datahora_aposentada))
    .orderBy(asc(glOidcChave.datahora_ativa));
  const active = rows.filter((row) => row.datahora_ativa <= now).reverse();
  const pending = rows.filter((row) => row.datahora_ativa > now);
  return [...active, ...pending].map((row) => ({
    ...(JSON.parse(unseal(secret, row.chave_privada_cifrada, row.kid)) as JsonWebKey),
    kid: row.kid,
    alg: row.alg,
    use: 'sig' as const,
  }));
}

/**
 * `npm run oidc:rotate-keys`: a new key, published at once and signing from `activeFrom` (give
 * every instance time to restart and publish it first, docs/operations.md); keys that stopped
 * signing before the current one are retired (no longer published); with no key signing yet, the
 * new one signs at once. Returns the new key's id.
 */
export async function rotateSigningKeys(
  db: Database,
  secret: string,
  activeFrom: Date,
  now = new Date(),
): Promise<{ kid: string; retired: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`);
    const [current] = await tx
      .select({ datahora_ativa: glOidcChave.datahora_ativa })
      .from(glOidcChave)
      .where(and(isNull(glOidcChave.datahora_aposentada), lte(glOidcChave.datahora_ativa, now)))
      .orderBy(sql`${glOidcChave.datahora_ativa} desc`)
      .limit(1);
    const retired = current
      ? await tx
          .update(glOidcChave)
          .set({ datahora_aposentada: now })
          .where(
            and(
              isNull(glOidcChave.datahora_aposentada),
              lt(glOidcChave.datahora_ativa, current.datahora_ativa),
            ),
          )
          .returning({ id: glOidcChave.id })
      : [];
    // With no key signing yet, waiting would leave the provider without one.
    const kid = await insertNewKey(tx, secret, current ? activeFrom : now);
    return { kid, retired: retired.length };
  });
}
