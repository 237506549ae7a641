import type { Database } from '../../platform/db/database.ts';
import { logJobError, runPeriodically, type JobLog } from '../../platform/jobs/periodic.ts';
import { processResetRequests } from './service.ts';

export interface ResetRequestJobOptions {
  db: Database;
  publicUrl: string;
  providerName: string;
  log: JobLog;
}

/**
 * One run of the sweep (decision 101): the reset requests still queued, those whose in-process
 * trigger was lost (the instance stopped right after answering) or failed (the database away).
 */
export function resetRequestSweep(options: ResetRequestJobOptions): () => Promise<number> {
  const { db, publicUrl, providerName, log } = options;
  return async () => {
    const requests = await processResetRequests(db, { publicUrl, providerName });
    if (requests) log.info({ requests }, 'password reset requests processed');
    return requests;
  };
}

/**
 * The sweep, run by every instance like the privacy worker; the claim in processResetRequests
 * makes each request handled once, whichever instance takes it.
 */
export function startResetRequestWorker(
  options: ResetRequestJobOptions & {
    /** RESET_REQUESTS_INTERVAL_MS; 0 never runs (tests call the sweep). */
    intervalMs: number;
  },
): { stop(): Promise<void> } {
  return runPeriodically(resetRequestSweep(options), {
    name: 'password_reset_requests',
    intervalMs: options.intervalMs,
    onError: logJobError(options.log, 'password reset requests'),
  });
}

/**
 * The route's trigger (decision 101): runs `run` in this instance, on the next turn of the event
 * loop, never inside a request. Triggers during a run ask for one more run after it instead of a
 * parallel one (its batches may have been taken before their row was written); triggers before it
 * starts are covered by it. `idle` resolves when no run is scheduled or in progress (app close).
 */
export function backgroundTrigger(
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { trigger(): void; idle(): Promise<void> } {
  let active: Promise<void> | null = null;
  let again = false;
  const trigger = (): void => {
    if (active) {
      again = true;
      return;
    }
    active = new Promise((resolve) => setImmediate(resolve))
      .then(() => {
        again = false;
        return run();
      })
      .then(() => undefined, onError)
      .finally(() => {
        active = null;
        if (again) trigger();
      });
  };
  return {
    trigger,
    idle: async () => {
      while (active) await active;
    },
  };
}
