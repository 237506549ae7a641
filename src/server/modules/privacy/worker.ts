import type { Database } from '../../platform/db/database.ts';
import { logJobError, runPeriodically, type JobLog } from '../../platform/jobs/periodic.ts';
import { processDeletions } from './account-deletion.ts';
import { processExports } from './data-export.ts';

/**
 * The privacy job (issue 19), run by every instance like the plan-change worker: exports left
 * for it (or abandoned by a stopped instance) and the deletions whose grace period is over. The
 * claims in data-export.ts and account-deletion.ts make each request processed once, whichever
 * instance takes it.
 */
export function startPrivacyWorker(options: {
  db: Database;
  providerName: string;
  log: JobLog;
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
    name: 'privacy',
    intervalMs: options.intervalMs,
    onError: logJobError(log, 'privacy worker'),
  });
}
