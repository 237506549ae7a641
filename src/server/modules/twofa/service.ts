import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { TWOFA_CODE_INVALID_MESSAGE } from '#shared/fields';
import type { TwofaCheckResponse } from '#shared/schemas/auth';
import {
  TWOFA_MESSAGES,
  type TrustedDevice,
  type TwofaQrCodeResponse,
  type TwofaStatusResponse,
} from '#shared/schemas/twofa';
import { deriveKey } from '../../platform/crypto/keys.ts';
import { decryptSecret, encryptSecret } from '../../platform/crypto/secret-box.ts';
import { CODE_POLICY, clearFailures, codeKey, isBlocked, readFailures, recordFailure } from '../../platform/throttle/throttle.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import {
  glUsuario,
  glUsuarioChaveRecuperacao,
  glUsuarioDispositivo,
  glUsuarioTotpPasso,
} from '../../platform/db/schema.ts';
import { conflict, fieldError, notFound, unauthorized } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { securityChangeMail, type SecurityChange } from '../../platform/mail/templates.ts';
import { endUserAccess } from '../security/index.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { AuditAction } from '#shared/schemas/audit';
import { hashToken, randomToken, safeEqual } from '../../platform/session/tokens.ts';
import {
  RECOVERY_KEY_COUNT,
  generateRecoveryKey,
  hashRecoveryKey,
  normalizeRecoveryKey,
} from './recovery-keys.ts';
import { currentTotpStep, generateTotpSecret, matchTotpStep, totpUri } from './totp.ts';

/** §9 */
const TRUSTED_DEVICE_DAYS = 60;
const REMIND_LATER_DAYS = 30;
/** Activation must follow the code validation within this time (docs/decisions/011-two-factor.md). */
const VALIDATION_FRESH_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The trusted-device cookie: "<gl_usuario_dispositivo.id>.<token>", only the token's hash stored. */
export const DEVICE_COOKIE = 'portal_dispositivo';

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

const invalidCode = () => fieldError('code', TWOFA_CODE_INVALID_MESSAGE, 'twofa_invalid_code');

// ---------------------------------------------------------------------------------------------
// Users and TOTP codes

async function loadUser(db: Queryable, usuarioId: number) {
  const [user] = await db
    .select({
      id: glUsuario.id,
      nome: glUsuario.nome,
      email: glUsuario.email,
      ativo: glUsuario.ativo,
      twofa_ativo: glUsuario.twofa_ativo,
      twofa_secret: glUsuario.twofa_secret,
      twofa_secret_validado_em: glUsuario.twofa_secret_validado_em,
    })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!user?.ativo) throw unauthorized();
  return user;
}

/**
 * Records a matched time step; true only for the one request whose insert returned a row, so a
 * code is accepted once even when sent many times at once (the unique (user, step) index decides).
 */
async function acceptStepOnce(
  db: Queryable,
  usuarioId: number,
  step: number,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(glUsuarioTotpPasso)
    .values({ gl_usuario_id: usuarioId, passo: step })
    .onConflictDoNothing()
    .returning({ id: glUsuarioTotpPasso.id });
  if (inserted.length !== 1) return false;
  // Steps this old can no longer match (window ±1); a margin of two more covers requests in flight.
  await db
    .delete(glUsuarioTotpPasso)
    .where(
      and(
        eq(glUsuarioTotpPasso.gl_usuario_id, usuarioId),
        lt(glUsuarioTotpPasso.passo, currentTotpStep(now) - 3),
      ),
    );
  return true;
}

async function verifyTotp(
  deps: TwofaDeps,
  usuarioId: number,
  storedSecret: string | null,
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = storedSecret ? decryptSecret(deps.secretKey, storedSecret) : null;
  if (!secret) return false;
  const step = matchTotpStep(secret, code, now);
  return step !== null && acceptStepOnce(deps.db, usuarioId, step, now);
}

/**
 * Runs a check of a code or recovery key under the user's code throttle (decision 010): while
 * the user's key is blocked nothing is checked and the answer is "wrong"; a wrong answer counts,
 * a right one clears the count. Every route that checks a code goes through here.
 */
async function throttledCodeCheck<T>(
  db: Queryable,
  usuarioId: number,
  check: () => Promise<T | null>,
  now: Date,
): Promise<T | null> {
  const key = codeKey(usuarioId);
  const failures = await readFailures(db, [key]);
  const result = isBlocked(failures, [key], now) ? null : await check();
  if (result === null) await recordFailure(db, key, CODE_POLICY, now);
  else await clearFailures(db, failures, [key]);
  return result;
}

export type SecondFactor = 'totp' | 'recovery_key';

/**
 * The second factor of a user with 2FA on: a current TOTP code (6 digits) or an unused recovery
 * key, which it uses up (§4; the keys say they serve "para entrar ou desativar o 2FA").
 * Throttled per user on every route. Null when it is not right, or not checked.
 */
export async function verifySecondFactor(
  deps: TwofaDeps,
  usuarioId: number,
  input: string,
  now = new Date(),
): Promise<SecondFactor | null> {
  const value = input.trim();
  return throttledCodeCheck(
    deps.db,
    usuarioId,
    async (): Promise<SecondFactor | null> => {
      const [user] = await deps.db
        .select({ twofa_ativo: glUsuario.twofa_ativo, twofa_secret: glUsuario.twofa_secret })
        .from(glUsuario)
        .where(eq(glUsuario.id, usuarioId));
      if (!user?.twofa_ativo) return null;
      if (/^\d{6}$/.test(value)) {
        return (await verifyTotp(deps, usuarioId, user.twofa_secret, value, now)) ? 'totp' : null;
      }
      return (await consumeRecoveryKey(deps, usuarioId, value, now)) ? 'recovery_key' : null;
    },
    now,
  );
}

/** How many of the user's recovery keys are still unused. */
export async function unusedRecoveryKeys(db: Queryable, usuarioId: number): Promise<number> {
  const [keys] = await db
    .select({ n: count() })
    .from(glUsuarioChaveRecuperacao)
    .where(
      and(
        eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId),
        isNull(glUsuarioChaveRecuperacao.datahora_usado),
      ),
    );
  return keys?.n ?? 0;
}

/** Tells the owner of a change to their 2FA, through the outbox, in the change's transaction. */
async function tellOwner(
  tx: Queryable,
  deps: TwofaDeps,
  user: { nome: string; email: string },
  change: SecurityChange,
  now: Date,
): Promise<void> {
  const mail = securityChangeMail({
    providerName: deps.issuer,
    nome: user.nome,
    change,
    quando: now,
    manageUrl: new URL('/me/twofa', `${deps.publicUrl}/`).toString(),
  });
  await enqueueMail(tx, { to: user.email, ...mail });
}

/**
 * Time steps already used belong to the secret they were used with: a new secret starts with
 * none, or its first code could be refused as "used" within the same 30 s.
 */
async function forgetUsedSteps(tx: Queryable, usuarioId: number): Promise<void> {
  await tx.delete(glUsuarioTotpPasso).where(eq(glUsuarioTotpPasso.gl_usuario_id, usuarioId));
}

/** §2 Login modal: offer 2FA when it is off and no "remind me later" is pending. */
export function shouldAskCreate(
  user: { twofa_ativo: boolean; twofa_lembrar_em: Date | null },
  now = new Date(),
): boolean {
  return !user.twofa_ativo && (user.twofa_lembrar_em === null || user.twofa_lembrar_em <= now);
}

// ---------------------------------------------------------------------------------------------
// Trusted devices

function parseDeviceCookie(value: string | undefined): { id: number; token: string } | null {
  const match = value ? /^(\d{1,10})\.([A-Za-z0-9_-]{32,100})$/.exec(value) : null;
  return match?.[1] && match[2] ? { id: Number(match[1]), token: match[2] } : null;
}

export function deviceIdOfCookie(value: string | undefined): number | null {
  return parseDeviceCookie(value)?.id ?? null;
}

/** True when the cookie names an unexpired trusted device of this user. */
export async function isTrustedDevice(
  deps: TwofaDeps,
  usuarioId: number,
  cookieValue: string | undefined,
  now = new Date(),
): Promise<boolean> {
  const parsed = parseDeviceCookie(cookieValue);
  if (!parsed) return false;
  const [device] = await deps.db
    .select({ token_hash: glUsuarioDispositivo.token_hash })
    .from(glUsuarioDispositivo)
    .where(
      and(
        eq(glUsuarioDispositivo.id, parsed.id),
        eq(glUsuarioDispositivo.gl_usuario_id, usuarioId),
        gt(glUsuarioDispositivo.trusted_until, now),
      ),
    );
  return !!device && safeEqual(device.token_hash, hashToken(parsed.token));
}

/** Records a trusted device for 60 days (§9); returns the cookie value naming it. */
export async function trustDevice(
  deps: TwofaDeps,
  input: { usuarioId: number; nome: string; ip: string | null },
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  const [device] = await deps.db
    .insert(glUsuarioDispositivo)
    .values({
      gl_usuario_id: input.usuarioId,
      nome: input.nome,
      token_hash: hashToken(token),
      trusted_datetime: now,
      trusted_ip: input.ip,
      trusted_until: new Date(now.getTime() + TRUSTED_DEVICE_DAYS * DAY_MS),
    })
    .returning({ id: glUsuarioDispositivo.id });
  if (!device) throw new Error('device insert returned no row');
  return `${device.id}.${token}`;
}

export function setTrustedDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
  });
}

export function clearTrustedDeviceCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(DEVICE_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

// ---------------------------------------------------------------------------------------------
// The §7 calls

/**
 * POST twofaCheckUsuario, asked by an anonymous login form: says nothing about e-mails without
 * 2FA, unknown ones included. twofa_shouldAskCreate travels in the login answer instead.
 */
export async function checkUsuario(
  deps: TwofaDeps,
  email: string,
  deviceCookie: string | undefined,
): Promise<TwofaCheckResponse> {
  const [user] = await deps.db
    .select({ id: glUsuario.id, ativo: glUsuario.ativo, twofa_ativo: glUsuario.twofa_ativo })
    .from(glUsuario)
    .where(sql`lower(${glUsuario.email}) = ${email.toLowerCase()}`);
  if (!user?.ativo || !user.twofa_ativo) {
    return { twofa_enabled: false, twofa_shouldAskCreate: false, twofa_isTrustedDevice: false };
  }
  return {
    twofa_enabled: true,
    twofa_shouldAskCreate: false,
    twofa_isTrustedDevice: await isTrustedDevice(deps, user.id, deviceCookie),
  };
}

export async function remindLater(
  deps: TwofaDeps,
  usuarioId: number,
  dias = REMIND_LATER_DAYS,
  now = new Date(),
) {
  await loadUser(deps.db, usuarioId);
  const twofa_lembrar_em = new Date(now.getTime() + dias * DAY_MS);
  await deps.db.update(glUsuario).set({ twofa_lembrar_em }).where(eq(glUsuario.id, usuarioId));
  return { twofa_lembrar_em: twofa_lembrar_em.toISOString() };
}

/** A new secret, pending until validated with a code and activated. */
export async function generateQrCode(
  deps: TwofaDeps,
  usuarioId: number,
): Promise<TwofaQrCodeResponse> {
  const user = await loadUser(deps.db, usuarioId);
  if (user.twofa_ativo) throw conflict(TWOFA_MESSAGES.alreadyEnabled, 'twofa_enabled');
  const secret = generateTotpSecret();
  const updated = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(glUsuario)
      .set({ twofa_secret: encryptSecret(deps.secretKey, secret), twofa_secret_validado_em: null })
      .where(and(eq(glUsuario.id, usuarioId), eq(glUsuario.twofa_ativo, false)))
      .returning({ id: glUsuario.id });
    if (rows.length === 1) await forgetUsedSteps(tx, usuarioId);
    return rows;
  });
  if (updated.length !== 1) throw conflict(TWOFA_MESSAGES.alreadyEnabled, 'twofa_enabled');
  // Loaded by the first enrolment, not at every start.
  const { default: QRCode } = await import('qrcode');
  const qr_code_base64 = await QRCode.toDataURL(totpUri(secret, deps.issuer, user.email));
  return { qr_code_base64, secret };
}

/** The pending secret, decrypted, when it equals what the client sent back. */
function matchingPendingSecret(deps: TwofaDeps, stored: string | null, secret: string): boolean {
  const pending = stored ? decryptSecret(deps.secretKey, stored) : null;
  return pending !== null && safeEqual(pending, secret);
}

export async function validatePendingCode(
  deps: TwofaDeps,
  usuarioId: number,
  input: { secret: string; code: string },
  now = new Date(),
): Promise<{ isValid: true }> {
  const user = await loadUser(deps.db, usuarioId);
  if (user.twofa_ativo) throw conflict(TWOFA_MESSAGES.alreadyEnabled, 'twofa_enabled');
  const stored = user.twofa_secret;
  if (!stored || !matchingPendingSecret(deps, stored, input.secret)) throw invalidCode();
  const valid = await throttledCodeCheck(
    deps.db,
    usuarioId,
    async () => ((await verifyTotp(deps, usuarioId, stored, input.code, now)) ? true : null),
    now,
  );
  if (!valid) throw invalidCode();
  // Only if the pending secret is still the one checked (a new QR code replaces it).
  const updated = await deps.db
    .update(glUsuario)
    .set({ twofa_secret_validado_em: now })
    .where(
      and(
        eq(glUsuario.id, usuarioId),
        eq(glUsuario.twofa_secret, stored),
        eq(glUsuario.twofa_ativo, false),
      ),
    )
    .returning({ id: glUsuario.id });
  if (updated.length !== 1) throw invalidCode();
  return { isValid: true };
}

/** Replaces every recovery key of the user with a new set (§4); returns them for showing once. */
async function replaceRecoveryKeys(tx: Queryable, deps: TwofaDeps, usuarioId: number): Promise<string[]> {
  const keys = Array.from({ length: RECOVERY_KEY_COUNT }, generateRecoveryKey);
  await tx
    .delete(glUsuarioChaveRecuperacao)
    .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId));
  await tx.insert(glUsuarioChaveRecuperacao).values(
    keys.map((key) => ({
      gl_usuario_id: usuarioId,
      chave_hash: hashRecoveryKey(deps.recoveryKeyKey, normalizeRecoveryKey(key) ?? key),
    })),
  );
  return keys;
}

/**
 * Where a change to a user's 2FA is made from: the session that made it stays, the user's other
 * sessions end (item 7 of the security review, docs/decisions/011-two-factor.md).
 */
/** The session making a 2FA change (kept; the others end) and its address (the trail). */
export interface ChangeOrigin {
  sessionId: string;
  ip: string;
}

/** A 2FA change of the person's own, in the audit trail (decision 099). */
function auditChange(tx: Queryable, usuarioId: number, action: AuditAction, origin: ChangeOrigin) {
  return recordAudit(tx, {
    actor: usuarioId,
    target: usuarioId,
    action,
    resource: 'gl_usuario',
    resourceId: usuarioId,
    ip: origin.ip,
  });
}

/**
 * §4: enabled after a valid code and activation; the first recovery keys come with it. The
 * user's other sessions end and the owner is told by e-mail. The caller checked the step-up.
 */
export async function activate(
  deps: TwofaDeps,
  usuarioId: number,
  secret: string,
  origin: ChangeOrigin,
  now = new Date(),
): Promise<{ recovery_keys: string[] }> {
  const user = await loadUser(deps.db, usuarioId);
  if (user.twofa_ativo) throw conflict(TWOFA_MESSAGES.alreadyEnabled, 'twofa_enabled');
  const stored = user.twofa_secret;
  if (!stored || !matchingPendingSecret(deps, stored, secret)) throw invalidCode();
  return deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(glUsuario)
      .set({ twofa_ativo: true, twofa_secret_validado_em: null })
      .where(
        and(
          eq(glUsuario.id, usuarioId),
          eq(glUsuario.twofa_ativo, false),
          eq(glUsuario.twofa_secret, stored),
          gt(glUsuario.twofa_secret_validado_em, new Date(now.getTime() - VALIDATION_FRESH_MS)),
        ),
      )
      .returning({ id: glUsuario.id });
    if (updated.length !== 1) throw invalidCode();
    const recovery_keys = await replaceRecoveryKeys(tx, deps, usuarioId);
    await endUserAccess(tx, usuarioId, { exceptSessionId: origin.sessionId });
    await tellOwner(tx, deps, user, 'twofa_ativado', now);
    await auditChange(tx, usuarioId, 'twofa_ativado', origin);
    return { recovery_keys };
  });
}

/** Marks an unused recovery key used; the conditional update lets one request win. */
async function consumeRecoveryKey(
  deps: TwofaDeps,
  usuarioId: number,
  input: string,
  now: Date,
): Promise<boolean> {
  const normalized = normalizeRecoveryKey(input);
  if (!normalized) return false;
  const used = await deps.db
    .update(glUsuarioChaveRecuperacao)
    .set({ datahora_usado: now })
    .where(
      and(
        eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId),
        eq(glUsuarioChaveRecuperacao.chave_hash, hashRecoveryKey(deps.recoveryKeyKey, normalized)),
        isNull(glUsuarioChaveRecuperacao.datahora_usado),
      ),
    )
    .returning({ id: glUsuarioChaveRecuperacao.id });
  return used.length > 0;
}

/**
 * §4: disabled with a valid code or an unused recovery key (the code is the fresh proof the
 * security review asks for); secret, keys, devices and used steps go with it, the user's other
 * sessions end and the owner is told by e-mail.
 */
export async function disable(
  deps: TwofaDeps,
  usuarioId: number,
  code: string,
  origin: ChangeOrigin,
  now = new Date(),
) {
  const user = await loadUser(deps.db, usuarioId);
  if (!user.twofa_ativo) throw conflict(TWOFA_MESSAGES.notEnabled, 'twofa_disabled');
  if (!(await verifySecondFactor(deps, usuarioId, code, now))) throw invalidCode();
  const disabled = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(glUsuario)
      .set({ twofa_ativo: false, twofa_secret: null, twofa_secret_validado_em: null })
      .where(and(eq(glUsuario.id, usuarioId), eq(glUsuario.twofa_ativo, true)))
      .returning({ id: glUsuario.id });
    if (updated.length !== 1) return false;
    await tx
      .delete(glUsuarioChaveRecuperacao)
      .where(eq(glUsuarioChaveRecuperacao.gl_usuario_id, usuarioId));
    await tx.delete(glUsuarioDispositivo).where(eq(glUsuarioDispositivo.gl_usuario_id, usuarioId));
    await forgetUsedSteps(tx, usuarioId);
    await endUserAccess(tx, usuarioId, { exceptSessionId: origin.sessionId });
    await tellOwner(tx, deps, user, 'twofa_desativado', now);
    await auditChange(tx, usuarioId, 'twofa_desativado', origin);
    return true;
  });
  // Another request disabled it in between: this one did not.
  if (!disabled) throw conflict(TWOFA_MESSAGES.notEnabled, 'twofa_disabled');
  return { disabled: true };
}

/**
 * §4: a new set replaces the old; the owner is told. Whoever may hold the old keys loses what
 * they got with them: the other sessions and the applications' tokens end (issue 34, decision
 * 096). The caller checked the step-up.
 */
export async function regenerateRecoveryKeys(
  deps: TwofaDeps,
  usuarioId: number,
  origin: ChangeOrigin,
  now = new Date(),
): Promise<{ recovery_keys: string[] }> {
  const user = await loadUser(deps.db, usuarioId);
  if (!user.twofa_ativo) throw conflict(TWOFA_MESSAGES.notEnabled, 'twofa_disabled');
  return deps.db.transaction(async (tx) => {
    // Re-checked under the row lock, so keys never outlive a concurrent disable.
    const [locked] = await tx
      .select({ twofa_ativo: glUsuario.twofa_ativo })
      .from(glUsuario)
      .where(eq(glUsuario.id, usuarioId))
      .for('update');
    if (!locked?.twofa_ativo) throw conflict(TWOFA_MESSAGES.notEnabled, 'twofa_disabled');
    const recovery_keys = await replaceRecoveryKeys(tx, deps, usuarioId);
    await endUserAccess(tx, usuarioId, { exceptSessionId: origin.sessionId });
    await tellOwner(tx, deps, user, 'chaves_geradas', now);
    await auditChange(tx, usuarioId, 'chaves_recuperacao_geradas', origin);
    return { recovery_keys };
  });
}

export async function status(
  deps: TwofaDeps,
  usuarioId: number,
  now = new Date(),
): Promise<TwofaStatusResponse> {
  const user = await loadUser(deps.db, usuarioId);
  const devices = await deps.db
    .select({
      id: glUsuarioDispositivo.id,
      nome: glUsuarioDispositivo.nome,
      trusted_datetime: glUsuarioDispositivo.trusted_datetime,
      trusted_ip: glUsuarioDispositivo.trusted_ip,
      trusted_until: glUsuarioDispositivo.trusted_until,
    })
    .from(glUsuarioDispositivo)
    .where(
      and(
        eq(glUsuarioDispositivo.gl_usuario_id, usuarioId),
        gt(glUsuarioDispositivo.trusted_until, now),
      ),
    )
    .orderBy(desc(glUsuarioDispositivo.trusted_datetime), desc(glUsuarioDispositivo.id));
  const keysLeft = user.twofa_ativo ? await unusedRecoveryKeys(deps.db, usuarioId) : 0;
  return {
    twofa_enabled: user.twofa_ativo,
    trusted_dispositivo_list: devices.map((device): TrustedDevice => ({
      ...device,
      trusted_datetime: device.trusted_datetime.toISOString(),
      trusted_until: device.trusted_until.toISOString(),
    })),
    recovery_keys_restantes: keysLeft,
  };
}

/** Removes one of the user's own devices; another user's id is as unknown as a missing one. */
export async function untrustDevice(
  deps: TwofaDeps,
  usuarioId: number,
  deviceId: number,
): Promise<void> {
  await loadUser(deps.db, usuarioId);
  const removed = await deps.db
    .delete(glUsuarioDispositivo)
    .where(
      and(eq(glUsuarioDispositivo.id, deviceId), eq(glUsuarioDispositivo.gl_usuario_id, usuarioId)),
    )
    .returning({ id: glUsuarioDispositivo.id });
  if (removed.length !== 1) throw notFound(TWOFA_MESSAGES.deviceNotFound, 'device_not_found');
}
