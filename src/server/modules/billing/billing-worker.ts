import type { Database } from '../../platform/db/database.ts';
import { logJobError, runPeriodically, type JobLog } from '../../platform/jobs/periodic.ts';
import { runBilling, type BillingOptions } from './billing-run.ts';

/**
 * The billing run every `intervalMs` in this instance (decision 102; 0: never, tests call
 * runBilling). Instances share the work through FOR UPDATE SKIP LOCKED.
 */
export function startBillingWorker(options: {
  db: Database;
  log: JobLog;
  intervalMs: number;
  billing: Omit<BillingOptions, 'log'>;
  /** The clock (JOBS_CLOCK_OFFSET_DAYS moves it in browser tests). */
  now?: () => Date;
}): { stop(): Promise<void> } {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  return runPeriodically(
    async () => {
      const report = await runBilling(db, { ...options.billing, log }, now());
      if (report.faturas > 0 || report.vencidas > 0 || report.erros > 0) {
        log.info({ ...report, ultimoErro: undefined }, 'billing run');
      }
    },
    { name: 'billing', intervalMs: options.intervalMs, onError: logJobError(log, 'billing') },
  );
}
