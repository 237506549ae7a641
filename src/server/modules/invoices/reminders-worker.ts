import type { Database } from '../../platform/db/database.ts';
import { logJobError, runPeriodically, type JobLog } from '../../platform/jobs/periodic.ts';
import { sendInvoiceReminders } from './reminders.ts';

/**
 * The payment reminders job (issue 20), run by every instance: reminders.ts claims each reminder
 * in the database, so two instances never send one twice.
 */
export function startInvoiceReminders(options: {
  db: Database;
  providerName: string;
  publicUrl: string;
  log: JobLog;
  /** 0 never runs (tests call sendInvoiceReminders). */
  intervalMs: number;
}): { stop(): Promise<void> } {
  const { db, log } = options;
  const run = async () => {
    const lembretes = await sendInvoiceReminders(db, options);
    if (lembretes) log.info({ lembretes }, 'invoice reminders sent');
  };
  return runPeriodically(run, {
    name: 'reminders',
    intervalMs: options.intervalMs,
    onError: logJobError(log, 'invoice reminders'),
  });
}
