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

/** §8: session messages send the visitor home, at once or after the 3 s the notice is read. */
export function redirectHome(delayMs = 0): void {
  if (delayMs <= 0) {
    pageNavigation.load('/');
    return;
  }
  setTimeout(() => pageNavigation.load('/'), delayMs);
}
