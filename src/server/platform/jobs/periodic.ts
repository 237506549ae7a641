import { isTransientDatabaseError, loggableError } from '../db/errors.ts';
import { jobDuration, jobErrors, jobLastSuccess } from '../observability/metrics.ts';

/** What a job logs with (a pino child logger). */
export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * A job's failed run: the database being away is expected (a restart, a failover) and only
 * warned about, the next run retries; anything else is an error. Secrets never reach the log
 * (loggableError drops a query's parameters).
 */
export function logJobError(
  log: Pick<JobLog, 'warn' | 'error'>,
  job: string,
): (error: unknown) => void {
  return (error) =>
    isTransientDatabaseError(error)
      ? log.warn(
          { err: loggableError(error) },
          `${job}: database unavailable or too slow, retrying at the next run`,
        )
      : log.error({ err: loggableError(error) }, `${job} run failed`);
}

/**
 * Runs a background job every `intervalMs` in this instance (docs/architecture.md): one
 * run at a time, the next timed from the end of the last, errors logged and the loop kept. The
 * timer never keeps the process alive by itself; shutdown calls stop(), which waits for the run
 * in progress. An interval of 0 never runs (tests call the job themselves). Each run's duration,
 * last success and errors go to /metrics under the job's name.
 */
export function runPeriodically(
  run: () => Promise<unknown>,
  options: { name: string; intervalMs: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;

  function schedule() {
    if (stopped || options.intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      const job = options.name;
      const endTimer = jobDuration.startTimer({ job });
      running = run()
        .then(
          () => {
            endTimer({ outcome: 'ok' });
            jobLastSuccess.set({ job }, Date.now() / 1000);
          },
          (error: unknown) => {
            endTimer({ outcome: 'error' });
            jobErrors.inc({ job });
            options.onError(error);
          },
        )
        .finally(() => {
          running = null;
          schedule();
        });
    }, options.intervalMs);
    timer.unref();
  }

  schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
