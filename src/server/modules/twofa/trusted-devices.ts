import { and, desc, eq, gt } from 'drizzle-orm';
import { TWOFA_MESSAGES, type TrustedDevice } from '#shared/schemas/twofa';
import type { Queryable } from '../../platform/db/database.ts';
import { glUsuarioDispositivo } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { CookieToSet } from '../../platform/http/cookies.ts';
import { hashToken, randomToken, safeEqual } from '../../platform/session/tokens.ts';
import { loadUser } from './changes.ts';
import type { TwofaDeps } from './deps.ts';

/** §9 */
const TRUSTED_DEVICE_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The trusted-device cookie: "<gl_usuario_dispositivo.id>.<token>", only the token's hash stored. */
export const DEVICE_COOKIE = 'portal_dispositivo';

/** The cookie's attributes, the same when it is set and when it is cleared. */
const DEVICE_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

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

/** The cookie naming a device trusted now (trustDevice's value), for the route to set. */
export function trustedDeviceCookie(value: string, secure: boolean): CookieToSet {
  return {
    name: DEVICE_COOKIE,
    value,
    options: { ...DEVICE_COOKIE_OPTIONS, secure, maxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60 },
  };
}

/** What clears the cookie: its name and attributes (the route clears it). */
export function trustedDeviceCookieToClear(secure: boolean) {
  return { name: DEVICE_COOKIE, options: { ...DEVICE_COOKIE_OPTIONS, secure } };
}

/** The user's unexpired trusted devices, newest first (the 2FA screen's list). */
export async function listTrustedDevices(db: Queryable, usuarioId: number, now: Date): Promise<TrustedDevice[]> {
  const devices = await db
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
  return devices.map((device): TrustedDevice => ({
    ...device,
    trusted_datetime: device.trusted_datetime.toISOString(),
    trusted_until: device.trusted_until.toISOString(),
  }));
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
