import { isIP } from 'node:net';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import { preparedFor } from '../db/prepared.ts';
import { glAcessoTentativa } from '../db/schema.ts';

/**
 * Throttling of everything that checks a secret (docs/decisions/010-login-throttling.md).
 * Failures are counted per key in a 15-minute window: passwords per account and address
 * ('email:<e-mail>|ip:<address>'), per address ('ip:<address>') and per account
 * ('email:<e-mail>', unknown e-mails too); 2FA codes and recovery keys per user ('twofa:<id>').
 * A blocked attempt gets the wrong-secret answer without the secret being checked, and still
 * counts. Every count is one atomic upsert, so concurrent failures are never lost.
 */
export interface ThrottlePolicy {
  windowMs: number;
  /** From this many failures, each new one blocks for 2^(failures - slowFrom) s (capped); null: never. */
  slowFrom: number | null;
  maxDelayMs: number;
  /** From this many failures, each new one blocks for lockMs. */
  lockAt: number;
  lockMs: number;
}

const MINUTE = 60_000;

/**
 * One account from one address: a person who mistypes never notices; a script gets about ten
 * guesses per quarter of an hour. The owner, elsewhere, is not affected.
 */
export const ACCOUNT_ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: 15 * MINUTE,
  slowFrom: 5,
  maxDelayMs: 5 * MINUTE,
  lockAt: 10,
  lockMs: 15 * MINUTE,
};

/** One address, every account: one machine spraying passwords over many accounts. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: 15 * MINUTE,
  slowFrom: null,
  maxDelayMs: 0,
  lockAt: 50,
  lockMs: 15 * MINUTE,
};

/**
 * One account, every address: only a distributed guessing run reaches it. Its lock does not
 * apply to a trusted device of the owner, so the owner is never locked out by strangers.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  windowMs: 15 * MINUTE,
  slowFrom: null,
  maxDelayMs: 0,
  lockAt: 100,
  lockMs: 15 * MINUTE,
};

/**
 * 2FA codes and recovery keys of one user, from anywhere, on every route that checks one: the
 * login's policy. Whoever gets here already holds the password or a session.
 */
export const CODE_POLICY: ThrottlePolicy = { ...ACCOUNT_ADDRESS_POLICY };

export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const accountAddressKey = (email: string, ip: string) => `${accountKey(email)}|${addressKey(ip)}`;
export const codeKey = (usuarioId: number) => `twofa:${usuarioId}`;

/**
 * Every check of an account's password counts on the same keys, whichever route makes it (the
 * login, the sign-up of a known e-mail, Meus dados' current password): a guess costs the same
 * everywhere, and the counts add up.
 */
export function passwordKeys(email: string, ip: string): [string, ThrottlePolicy][] {
  return [
    [accountAddressKey(email, ip), ACCOUNT_ADDRESS_POLICY],
    [addressKey(ip), ADDRESS_POLICY],
    [accountKey(email), ACCOUNT_POLICY],
  ];
}

/**
 * IPv6 clients usually hold a whole /64, so an address key covers the /64; IPv4 (mapped too)
 * is one address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return `ip:${mapped[1]}`;
  if (isIP(ip) !== 6) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `ip:${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The failures counted under some keys, by key: when each block ends (null: counted, not
 * blocked). Keys with no failures are absent. One read serves the check before a secret and the
 * clearing after a success, which then touches only keys that hold something.
 */
export type Failures = ReadonlyMap<string, Date | null>;

export async function readFailures(db: Queryable, keys: string[]): Promise<Failures> {
  // One prepared statement per number of keys (a sign-in reads 3, a code check 1).
  const rows = await preparedFor(db, `throttle_read_${keys.length}`, (handle, name) =>
    handle
      .select({ chave: glAcessoTentativa.chave, bloqueado_ate: glAcessoTentativa.bloqueado_ate })
      .from(glAcessoTentativa)
      .where(inArray(glAcessoTentativa.chave, keys.map((_, index) => sql.placeholder(`k${index}`))))
      .prepare(name),
  ).execute(Object.fromEntries(keys.map((key, index) => [`k${index}`, key])));
  return new Map(rows.map((row) => [row.chave, row.bloqueado_ate]));
}

/** True when any of the keys is blocked at `now`. */
export function isBlocked(failures: Failures, keys: string[], now = new Date()): boolean {
  return keys.some((key) => {
    const until = failures.get(key);
    return until !== undefined && until !== null && until > now;
  });
}

/** How long a key with this many failures is blocked, as SQL over the new count. */
function blockedUntil(failures: SQL, policy: ThrottlePolicy, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lock = sql`when ${failures} >= ${policy.lockAt}::integer then ${at} + ${policy.lockMs}::integer * interval '1 millisecond'`;
  const slow =
    policy.slowFrom === null
      ? sql``
      : sql`when ${failures} >= ${policy.slowFrom}::integer then ${at} + least(power(2, ${failures} - ${policy.slowFrom}::integer) * 1000, ${policy.maxDelayMs}::integer) * interval '1 millisecond'`;
  return sql`case ${lock} ${slow} else null end`;
}

/** Counts one failure; returns the key's count and block after it. */
export async function recordFailure(
  db: Queryable,
  key: string,
  policy: ThrottlePolicy,
  now = new Date(),
): Promise<{ falhas: number; bloqueado_ate: Date | null }> {
  const t = glAcessoTentativa;
  const at = sql`${now.toISOString()}::timestamptz`;
  // A window that ended, with no block running, starts over.
  const fresh = sql`(${t.janela_inicio} <= ${at} - ${policy.windowMs}::integer * interval '1 millisecond' and (${t.bloqueado_ate} is null or ${t.bloqueado_ate} <= ${at}))`;
  const failures = sql`(case when ${fresh} then 1 else ${t.falhas} + 1 end)`;
  const [row] = await db
    .insert(t)
    .values({
      chave: key,
      falhas: 1,
      janela_inicio: now,
      bloqueado_ate: policy.lockAt <= 1 ? new Date(now.getTime() + policy.lockMs) : null,
    })
    .onConflictDoUpdate({
      target: t.chave,
      set: {
        falhas: failures,
        janela_inicio: sql`case when ${fresh} then ${at} else ${t.janela_inicio} end`,
        // Never shortens a block already running (an attempt during a lock still counts).
        bloqueado_ate: sql`greatest(${t.bloqueado_ate}, ${blockedUntil(failures, policy, now)})`,
        datahora_modificado: now,
      },
    })
    .returning({ falhas: t.falhas, bloqueado_ate: t.bloqueado_ate });
  if (!row) throw new Error('throttle upsert returned no row');
  return row;
}

/**
 * A success clears its own keys (a sign-in: the account's keys; the address keeps its count): those
 * of `keys` that `failures` found holding something. A failure counted meanwhile stays counted.
 */
export async function clearFailures(db: Queryable, failures: Failures, keys: string[]): Promise<void> {
  const held = keys.filter((key) => failures.has(key));
  if (held.length > 0) await db.delete(glAcessoTentativa).where(inArray(glAcessoTentativa.chave, held));
}
