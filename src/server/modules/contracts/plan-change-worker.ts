import { and, asc, eq, lt } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import type { Database } from '../../db/database.ts';
import { glContratoEvento } from '../../db/schema.ts';
import { logJobError, runPeriodically, type JobLog } from '../../jobs/periodic.ts';
import { applyPlanChange } from './plan-change.ts';

/** Changes applied per transaction. */
const PLAN_CHANGE_BATCH_SIZE = 20;

export interface PlanChangeWorkerOptions {
  db: Database;
  log: JobLog;
  /** Poll interval; 0 polls never (tests call runOnce). Default 60 s. */
  intervalMs?: number;
  /** The clock (tests move it forward). */
  now?: () => Date;
}

export interface PlanChangeWorker {
  /** Applies the due changes; resolves with how many this run applied. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

/**
 * The scheduler of plan changes "at the close of the current plan" (§4; decision 020), run by
 * every app instance like the mail worker (decision 016). A change is due once its
 * agendamento_data (the period's last day) has passed in São Paulo. A run claims due changes with
 * FOR UPDATE SKIP LOCKED and applies them in the same transaction, each through a conditional
 * update (situacao = 'pendente'): two instances never take the same row, and a row is applied
 * exactly once. The new period starts the day after the old one ended.
 */
export function startPlanChangeWorker(options: PlanChangeWorkerOptions): PlanChangeWorker {
  const { db, log } = options;
  const intervalMs = options.intervalMs ?? 60_000;
  const now = options.now ?? (() => new Date());

  async function runOnce(): Promise<number> {
    const at = now();
    const today = todayInSaoPaulo(at);
    let applied = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: glContratoEvento.id, agendamento_data: glContratoEvento.agendamento_data })
          .from(glContratoEvento)
          .where(and(eq(glContratoEvento.situacao, 'pendente'), lt(glContratoEvento.agendamento_data, today)))
          .orderBy(asc(glContratoEvento.agendamento_data), asc(glContratoEvento.id))
          .limit(PLAN_CHANGE_BATCH_SIZE)
          .for('update', { skipLocked: true });
        let count = 0;
        for (const change of due) {
          if (change.agendamento_data && (await applyPlanChange(tx, change.id, addDays(change.agendamento_data, 1), at))) {
            count++;
          }
        }
        return { claimed: due.length, count };
      });
      applied += batch.count;
      if (batch.claimed < PLAN_CHANGE_BATCH_SIZE || batch.count === 0) break;
    }
    if (applied) log.info({ applied }, 'scheduled plan changes applied');
    return applied;
  }

  const loop = runPeriodically(runOnce, {
    intervalMs,
    onError: logJobError(log, 'plan change worker'),
  });
  return { runOnce, stop: () => loop.stop() };
}
