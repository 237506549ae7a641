import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { glEmailSaida } from '../db/schema.ts';
import { runPeriodically } from '../jobs/periodic.ts';
import type { MailTransport } from './transport.ts';

/** Messages claimed per run. */
export const MAIL_BATCH_SIZE = 10;
/** A claimed message is hidden from other instances this long; a crash frees it afterwards. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Stop sending a batch this long before its lease ends: the rest waits for the next claim. */
const LEASE_MARGIN_MS = 45_000;
/** After this many failed attempts a message is 'falhou' and no longer retried. */
export const MAIL_MAX_ATTEMPTS = 10;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;

/** Wait before the next try after `attempts` failures: 30 s · 2^(attempts-1), capped at 1 h. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailWorkerOptions {
  db: Database;
  kind: DatabaseHandle['kind'];
  transport: MailTransport;
  log: WorkerLog;
  /** Poll interval; 0 polls never (tests call runOnce). Default 5 s. */
  intervalMs?: number;
  batchSize?: number;
  /** The clock (tests move it forward). */
  now?: () => Date;
}

export interface MailWorker {
  /** Claims due messages and tries each once; resolves with how many were delivered. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

/** An error text to keep in ultimo_erro: short, with any credentials in a URL masked. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\/\/[^/@\s]*@/g, '//***@').slice(0, 500);
}

/**
 * The outbox worker (decision 016). Any number of instances may run it on one database: a run
 * claims due messages with FOR UPDATE SKIP LOCKED and, in the same transaction, moves their next
 * try past a lease, so no other instance takes them while this one sends, and a crash only delays
 * them. Then each is sent outside the transaction and marked 'enviado', or rescheduled with
 * backoff, or 'falhou' after MAIL_MAX_ATTEMPTS.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const now = options.now ?? (() => new Date());

  async function claim(at: Date) {
    // On PGlite (one connection) transactions take turns, so the claim is trivially exclusive;
    // on PostgreSQL SKIP LOCKED lets instances claim disjoint batches at the same moment.
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: glEmailSaida.id,
          destinatario: glEmailSaida.destinatario,
          assunto: glEmailSaida.assunto,
          corpo_html: glEmailSaida.corpo_html,
          corpo_texto: glEmailSaida.corpo_texto,
          tentativas: glEmailSaida.tentativas,
        })
        .from(glEmailSaida)
        .where(and(eq(glEmailSaida.situacao, 'pendente'), lte(glEmailSaida.datahora_proxima_tentativa, at)))
        .orderBy(asc(glEmailSaida.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(glEmailSaida)
          .set({ datahora_proxima_tentativa: new Date(at.getTime() + MAIL_LEASE_MS) })
          .where(inArray(glEmailSaida.id, rows.map((row) => row.id)));
      }
      return rows;
    });
  }

  async function runOnce(): Promise<number> {
    const claimedAt = now();
    const batch = await claim(claimedAt);
    let delivered = 0;
    for (const message of batch) {
      if (now().getTime() - claimedAt.getTime() > MAIL_LEASE_MS - LEASE_MARGIN_MS) break;
      const mine = and(eq(glEmailSaida.id, message.id), eq(glEmailSaida.situacao, 'pendente'));
      try {
        await transport.send({
          to: message.destinatario,
          subject: message.assunto,
          html: message.corpo_html,
          text: message.corpo_texto,
        });
      } catch (error) {
        const tentativas = message.tentativas + 1;
        const gaveUp = tentativas >= MAIL_MAX_ATTEMPTS;
        const ultimo_erro = describeError(error);
        await db
          .update(glEmailSaida)
          .set({
            tentativas,
            ultimo_erro,
            ...(gaveUp
              ? { situacao: 'falhou' }
              : { datahora_proxima_tentativa: new Date(now().getTime() + mailRetryDelayMs(tentativas)) }),
          })
          .where(mine);
        const level = gaveUp ? 'error' : 'warn';
        log[level]({ emailId: message.id, tentativas, erro: ultimo_erro }, gaveUp ? 'e-mail failed for good' : 'e-mail will be retried');
        continue;
      }
      await db
        .update(glEmailSaida)
        .set({ situacao: 'enviado', tentativas: message.tentativas + 1, datahora_enviado: now(), ultimo_erro: null })
        .where(mine);
      delivered++;
    }
    return delivered;
  }

  log.info({ database: options.kind, transport: transport.kind, intervalMs }, 'mail worker started');
  const loop = runPeriodically(runOnce, {
    intervalMs,
    onError: (error) => log.error({ err: error }, 'mail worker run failed'),
  });

  return {
    runOnce,
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
