/**
 * Full-page navigation, kept behind one object so tests can replace it (jsdom cannot navigate).
 *
 * We reload instead of routing inside the SPA when the session is lost or changed (§4, §8):
 * nothing cached for the previous identity survives, and the server hands out a fresh page
 * with new meta tags (CSRF token, provider name).
 */
export const pageNavigation = {
  load(url: string): void {
    window.location.assign(url);
  },
  /** The same page again, from the server (a new release renamed the code's files). */
  reload(): void {
    window.location.reload();
  },
  /** The page's host name; behind this object so tests can pretend to be elsewhere. */
  hostname(): string {
    return window.location.hostname;
  },
};

let pendingRedirect: ReturnType<typeof setTimeout> | undefined;

/**
 * §8: session messages send the visitor home, at once or after the 3 s the notice is read. One
 * redirect is pending at most: several failed calls of one lost session schedule it once.
 */
export function redirectHome(delayMs = 0): void {
  cancelPendingRedirect();
  if (delayMs <= 0) {
    pageNavigation.load('/');
    return;
  }
  pendingRedirect = setTimeout(() => {
    pendingRedirect = undefined;
    pageNavigation.load('/');
  }, delayMs);
}

/** Drops a redirect still waiting its delay (the unit tests' setup: none outlives its test). */
export function cancelPendingRedirect(): void {
  clearTimeout(pendingRedirect);
  pendingRedirect = undefined;
}
