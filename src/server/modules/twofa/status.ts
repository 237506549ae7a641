import { sql } from 'drizzle-orm';
import type { TwofaCheckResponse } from '#shared/schemas/auth';
import type { TwofaStatusResponse } from '#shared/schemas/twofa';
import { glUsuario } from '../../platform/db/schema.ts';
import { loadUser } from './changes.ts';
import type { TwofaDeps } from './deps.ts';
import { unusedRecoveryKeys } from './recovery-keys.ts';
import { isTrustedDevice, listTrustedDevices } from './trusted-devices.ts';

/**
 * POST twofaCheckUsuario, asked by an anonymous login form: says nothing about e-mails without
 * 2FA, unknown ones included. twofa_shouldAskCreate travels in the login answer instead.
 */
export async function checkUser(
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

/** The 2FA screen: on or off, the trusted devices, the recovery keys left. */
export async function status(
  deps: TwofaDeps,
  usuarioId: number,
  now = new Date(),
): Promise<TwofaStatusResponse> {
  const user = await loadUser(deps.db, usuarioId);
  const devices = await listTrustedDevices(deps.db, usuarioId, now);
  const keysLeft = user.twofa_ativo ? await unusedRecoveryKeys(deps.db, usuarioId) : 0;
  return {
    twofa_enabled: user.twofa_ativo,
    trusted_dispositivo_list: devices,
    recovery_keys_restantes: keysLeft,
  };
}
