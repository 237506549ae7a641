import type { Queryable } from '../../platform/db/database.ts';
import { revokeApplicationAccess } from '../oidc/index.ts';
import { deleteUserSessions } from '../../platform/session/session-store.ts';

/**
 * Ends everything a person's credentials gave, after an event that calls their security into
 * question (issue 34, decision 096): a password change or reset, 2FA turned on or off, recovery
 * keys made again, staff ending the sessions, resetting 2FA, forcing a new password, or
 * deactivating the person. Their portal sessions end (but the one making the change, when it is
 * the person's own), and so does everything applications got through the portal's sign-in:
 * grants, refresh and access tokens. Pass the event's transaction: both commit with it or not at
 * all.
 */
export async function endUserAccess(
  tx: Queryable,
  usuarioId: number,
  options: { exceptSessionId?: string | null } = {},
): Promise<void> {
  await deleteUserSessions(tx, usuarioId, options);
  await revokeApplicationAccess(tx, usuarioId);
}
