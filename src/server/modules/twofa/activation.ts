import { and, eq, gt } from 'drizzle-orm';
import { TWOFA_CODE_INVALID_MESSAGE } from '#shared/fields';
import { TWOFA_MESSAGES, type TwofaQrCodeResponse } from '#shared/schemas/twofa';
import { decryptSecret, encryptSecret } from '../../platform/crypto/secret-box.ts';
import { glUsuario, glUsuarioChaveRecuperacao, glUsuarioDispositivo } from '../../platform/db/schema.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { safeEqual } from '../../platform/session/tokens.ts';
import { endUserAccess } from '../security/index.ts';
import { auditChange, loadUser, tellOwner, type ChangeOrigin } from './changes.ts';
import type { TwofaDeps } from './deps.ts';
import { replaceRecoveryKeys } from './recovery-keys.ts';
import { throttledCodeCheck, verifySecondFactor } from './second-factor.ts';
import { generateTotpSecret, totpUri } from './totp.ts';
import { forgetUsedSteps, verifyTotp } from './totp-codes.ts';

/** §9 */
const REMIND_LATER_DAYS = 30;
/** Activation must follow the code validation within this time (docs/decisions/011-two-factor.md). */
const VALIDATION_FRESH_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const invalidCode = () => fieldError('code', TWOFA_CODE_INVALID_MESSAGE, 'twofa_invalid_code');

/** §2 Login modal: offer 2FA when it is off and no "remind me later" is pending. */
export function shouldAskCreate(
  user: { twofa_ativo: boolean; twofa_lembrar_em: Date | null },
  now = new Date(),
): boolean {
  return !user.twofa_ativo && (user.twofa_lembrar_em === null || user.twofa_lembrar_em <= now);
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
