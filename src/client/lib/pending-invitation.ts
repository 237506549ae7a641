/**
 * An invitation to an account waiting for its person to sign in (issue 41 item 3): the
 * invitation page remembers its token when it sends someone with an account to the login (or to
 * sign in with another one), and the post-login routing (§4) brings them back to the invitation
 * instead of the product, to accept it there.
 *
 * sessionStorage, like the login event and an application's sign-in (lib/oidc-interaction): per
 * tab, gone with it. Kept for an hour: a sign-in much later in the same tab goes on as usual.
 * The invitation page forgets it once used (accepted, an account created, or the link no longer
 * valid).
 */
import { pathTo } from '../paths';

const STORAGE_KEY = 'portal.convite';
const TTL_MS = 60 * 60 * 1000;
/** The invitation links' tokens are URL-safe; anything else is not one (and never a path). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;

export function rememberInvitation(token: string): void {
  if (!TOKEN_PATTERN.test(token)) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token, at: Date.now() }));
  } catch {
    // No storage: after the sign-in the person opens the e-mailed link again.
  }
}

function pendingToken(now: number): string | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { token?: unknown; at?: unknown };
    if (typeof parsed.token !== 'string' || !TOKEN_PATTERN.test(parsed.token)) return null;
    if (typeof parsed.at !== 'number' || now - parsed.at > TTL_MS) return null;
    return parsed.token;
  } catch {
    return null;
  }
}

/** The invitation page to go back to after a sign-in, or null when none is waiting. */
export function pendingInvitationPath(now = Date.now()): string | null {
  const token = pendingToken(now);
  return token === null ? null : pathTo('convite', { token });
}

export function forgetInvitation(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
