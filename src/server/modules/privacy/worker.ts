import type { Database } from '../../db/database.ts';
import { isDatabaseUnavailable, loggableError } from '../../db/errors.ts';
import { runPeriodically } from '../../jobs/periodic.ts';
import { processDeletions, processExports } from './service.ts';

interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The privacy job (issue 19), run by every instance like the plan-change worker: exports left
 * for it (or abandoned by a stopped instance) and the deletions whose grace period is over. The
 * claims in service.ts make each request processed once, whichever instance takes it.
 */
export function startPrivacyWorker(options: {
  db: Database;
  providerName: string;
  log: WorkerLog;
  /** 0 never runs (tests call the service). */
  intervalMs: number;
}): { stop(): Promise<void> } {
  const { db, providerName, log } = options;
  const run = async () => {
    const exportacoes = await processExports(db, providerName);
    const exclusoes = await processDeletions({ db, providerName });
    if (exportacoes || exclusoes)
      log.info({ exportacoes, exclusoes }, 'privacy requests processed');
  };
  return runPeriodically(run, {
    intervalMs: options.intervalMs,
    onError: (error) =>
      isDatabaseUnavailable(error)
        ? log.warn(
            { err: loggableError(error) },
            'privacy worker: database unavailable, retrying at the next run',
          )
        : log.error({ err: loggableError(error) }, 'privacy worker run failed'),
  });
}
