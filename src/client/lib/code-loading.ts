import { connectionLost, serverAnswers, whenConnected } from './connection';
import { pageNavigation } from './navigation';

/**
 * Every screen's and every lazy part's code is downloaded through `loadCode` (issue 38 item 2,
 * decision 107), so a download that fails never replaces the screen with an error:
 * - no answer (network down, server restarting): the connection notice, then the same download
 *   again once the server answers; the current screen stays meanwhile (the router keeps it while
 *   a route's code loads, Suspense while a part's does);
 * - the server answers but the file is gone: a new release renamed the chunks, so the page
 *   reloads itself, once, at the address being opened; a second failure within a minute is a
 *   real error and is thrown.
 */

const RELOADED_AT_KEY = 'portal:recarregado-por-nova-versao';
const RELOAD_GUARD_MS = 60_000;

/**
 * Vite adds a chunk's stylesheet once and never again, even when it failed; put the failed ones
 * back so the screen that now loads is styled.
 */
function restoreFailedStylesheets(): void {
  document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]').forEach((link) => {
    if (link.sheet) return;
    link.replaceWith(link.cloneNode());
  });
}

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(at) && Date.now() - at < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/** The address a navigation under way is going to, if any (set by main.tsx from the router). */
let pendingDestination: () => string | undefined = () => undefined;

export function readPendingDestinationFrom(read: () => string | undefined): void {
  pendingDestination = read;
}

function reloadForNewRelease(): Promise<never> {
  try {
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Private mode without storage: reload anyway; the guard cannot hold, the page loads once more.
  }
  // The screen the person asked for, from the server, rather than the one they were leaving.
  const destination = pendingDestination();
  if (destination) pageNavigation.load(destination);
  else pageNavigation.reload();
  // The page is going away; nothing after this should run.
  return new Promise<never>(() => undefined);
}

export async function loadCode<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (await serverAnswers()) {
        if (reloadedRecently()) throw error;
        return reloadForNewRelease();
      }
      connectionLost();
      await whenConnected();
      restoreFailedStylesheets();
    }
  }
}
