/**
 * An application's sign-in in progress (OpenID Connect, decision 087): the provider sends the
 * browser to the product's login screen with `?interacao={id}`; the post-login routing (§4)
 * then ends at the provider's /oidc/interacao/{id}, which returns the person to the application,
 * instead of at the product's url.
 *
 * sessionStorage, like the login event (lib/login-event): per tab, gone with it. It is kept for
 * the hour the provider keeps the request, and used once.
 */
const STORAGE_KEY = 'portal.oidcInteracao';
const TTL_MS = 60 * 60 * 1000;
/** The provider's ids are 43 URL-safe characters (nanoid); anything else is not one. */
const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const INTERACTION_PREFIX = '/oidc/interacao/';

/** The interaction id of a page's query (`interacao`), when it is one. */
export function interactionIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('interacao');
  return id && ID_PATTERN.test(id) ? id : null;
}

/** Remembers the interaction a page was opened with (its `interacao` query parameter), if any. */
export function rememberInteraction(search: string): void {
  const id = interactionIdOf(search);
  if (!id) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ id, at: Date.now() }));
  } catch {
    // No storage: the sign-in ends at the product, and the application can ask again.
  }
}

/** Where the pending interaction continues, or null when there is none (or it expired). */
export function pendingInteractionPath(now = Date.now()): string | null {
  const id = pendingInteractionId(now);
  return id === null ? null : `${INTERACTION_PREFIX}${id}`;
}

/** The id of the pending interaction (the login screen names its application), or null. */
export function pendingInteractionId(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { id?: unknown; at?: unknown };
    if (
      typeof parsed.id !== 'string' ||
      !ID_PATTERN.test(parsed.id) ||
      typeof parsed.at !== 'number'
    )
      return null;
    if (now - parsed.at > TTL_MS) return null;
    return parsed.id;
  } catch {
    return null;
  }
}

export function forgetInteraction(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
