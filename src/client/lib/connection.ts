import { onlineManager } from '@tanstack/react-query';
import { CONNECTION_TEXTS } from '../texts';
import { dismissNotices, notify } from './notices';

/**
 * What the SPA does when the server cannot be reached (issue 38 item 2, decision 107): one
 * warning, the queries paused (TanStack Query's onlineManager), the server asked every few
 * seconds whether it is back, and then the paused reads and the screens' code loads resume by
 * themselves. Writes are never resent from here: the form keeps what was typed and the person
 * presses again.
 */

/** Any answer from this path, even a 503, proves the server is reachable; it reads nothing. */
const PROBE_PATH = '/healthz';
const FIRST_PROBE_DELAY_MS = 1000;
const MAX_PROBE_DELAY_MS = 8000;

let probing = false;
let waiters: (() => void)[] = [];
/** Bumped by `resetConnectionWatch`: a watch of an older generation stops at its next turn. */
let generation = 0;

function sleepUntilOnlineOr(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    // The device says its network is back: ask at once rather than at the end of the wait.
    window.addEventListener('online', done);
  });
}

/** True when the server answers anything at all. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(PROBE_PATH, { cache: 'no-store', credentials: 'omit' });
    return true;
  } catch {
    return false;
  }
}

function connectionBack(): void {
  dismissNotices((notice) => notice.text === CONNECTION_TEXTS.lost);
  notify('info', CONNECTION_TEXTS.back);
  onlineManager.setOnline(true);
  const resumed = waiters;
  waiters = [];
  resumed.forEach((resume) => resume());
}

async function probeUntilBack(): Promise<void> {
  probing = true;
  const mine = generation;
  let delay = FIRST_PROBE_DELAY_MS;
  for (;;) {
    await sleepUntilOnlineOr(delay);
    if (mine !== generation) return;
    if (await serverAnswers()) break;
    delay = Math.min(delay * 2, MAX_PROBE_DELAY_MS);
  }
  if (mine !== generation) return;
  probing = false;
  connectionBack();
}

/**
 * Forgets a watch under way and says the connection is up: each unit test starts from a
 * connected page (tests/setup/unit-setup.ts), whatever the test before it left.
 */
export function resetConnectionWatch(): void {
  generation += 1;
  probing = false;
  waiters = [];
  onlineManager.setOnline(true);
}

/** A request or a code download got no answer: say so once, pause reads, watch for the way back. */
export function connectionLost(): void {
  notify('warning', CONNECTION_TEXTS.lost);
  onlineManager.setOnline(false);
  if (!probing) void probeUntilBack();
}

/** Resolves when the server answers again (at once if nothing is known to be wrong). */
export function whenConnected(): Promise<void> {
  if (!probing) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}
