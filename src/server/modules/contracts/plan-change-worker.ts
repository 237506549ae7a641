import { todayInSaoPaulo } from '#shared/dates';
import type { Database } from '../../platform/db/database.ts';
import { logJobError, runPeriodically, type JobLog } from '../../platform/jobs/periodic.ts';
import { rollOverEndedPeriods } from './period-rollover.ts';

export interface PlanChangeWorkerOptions {
  db: Database;
  log: JobLog;
  /** Poll interval; 0 polls never (tests call runOnce). Default 60 s. */
  intervalMs?: number;
  /** The clock (tests move it forward). */
  now?: () => Date;
}

export interface PlanChangeWorker {
  /** Rolls the ended periods over; resolves with how many periods began. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

/**
 * The roll-over of contract periods (decision 102; decision 020's scheduler of plan changes "at
 * the close", §4), run by every app instance: a period whose last day has passed in São Paulo
 * moves to the next one, a change scheduled for its close applied first (period-rollover.ts).
 * Contracts are claimed with FOR UPDATE SKIP LOCKED and a change is applied through a conditional
 * update: two instances never take the same contract, and a change is applied exactly once.
 */
export function startPlanChangeWorker(options: PlanChangeWorkerOptions): PlanChangeWorker {
  const { db, log } = options;
  const intervalMs = options.intervalMs ?? 60_000;
  const now = options.now ?? (() => new Date());

  async function runOnce(): Promise<number> {
    const at = now();
    const applied = await rollOverEndedPeriods(db, todayInSaoPaulo(at), at);
    if (applied) log.info({ periods: applied }, 'contract periods rolled over');
    return applied;
  }

  const loop = runPeriodically(runOnce, {
    name: 'plan_changes',
    intervalMs,
    onError: logJobError(log, 'plan change worker'),
  });
  return { runOnce, stop: () => loop.stop() };
}
