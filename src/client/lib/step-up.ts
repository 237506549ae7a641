import { useSyncExternalStore } from 'react';

/**
 * The step-up (docs/decisions/011-two-factor.md): when the server refuses a sensitive change
 * until the person proves it is them again, the one API client asks here; the dialog mounted by
 * the app asks the person, and the client repeats the call once the proof is accepted. A module
 * store, like the notices, because the API client runs outside React.
 */
export interface StepUpRequest {
  id: number;
  settle: (proven: boolean) => void;
}

let current: StepUpRequest | null = null;
let nextId = 1;
let hosts = 0;
const listeners = new Set<() => void>();

function publish(next: StepUpRequest | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/**
 * Asks for a proof; resolves true once the server accepted one, false when the person gave up
 * (or no dialog is mounted to ask). Concurrent asks share one dialog.
 */
export function requestStepUp(): Promise<boolean> {
  if (hosts === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const previous = current;
    publish({
      id: previous?.id ?? nextId++,
      settle: (proven) => {
        previous?.settle(proven);
        resolve(proven);
      },
    });
  });
}

/** Called by the dialog: the proof was accepted (true) or the person cancelled (false). */
export function settleStepUp(proven: boolean): void {
  const request = current;
  publish(null);
  request?.settle(proven);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** The request the dialog should show, or null. */
export function useStepUpRequest(): StepUpRequest | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The dialog registers itself while mounted, so requests are only made when someone can answer. */
export function registerStepUpHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0) settleStepUp(false);
  };
}
