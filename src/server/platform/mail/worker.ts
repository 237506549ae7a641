import { and, asc, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { isTransientDatabaseError, loggableError } from '../db/errors.ts';
import { glEmailSaida } from '../db/schema.ts';
import { runPeriodically } from '../jobs/periodic.ts';
import { isSmtpUnavailable, type MailTransport } from './transport.ts';

/** Messages claimed at a time; a run claims batch after batch while due messages remain. */
const MAIL_BATCH_SIZE = 10;
/** A claimed message is hidden from other instances this long; a crash frees it afterwards. */
const MAIL_LEASE_MS = 2 * 60_000;
/** Stop sending a batch this long before its lease ends: the rest is handed back. */
const LEASE_MARGIN_MS = 45_000;
/** After this many failed attempts a message is 'falhou' and no longer retried. */
export const MAIL_MAX_ATTEMPTS = 10;
const RETRY_BASE_MS = 30_000;
/** Between tries of marking a sent message while the database is away (issue 36). */
const MARK_RETRY_MS = 250;
/** How long a stopping instance still tries to mark a sent message before it gives up. */
const MARK_RETRY_AT_STOP_MS = 5_000;
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

type ClaimedMail = Awaited<ReturnType<ReturnType<typeof claimer>>>[number];

function claimer(db: Database, batchSize: number) {
  return (at: Date) =>
    // On PGlite (one connection) transactions take turns, so the claim is trivially exclusive;
    // on PostgreSQL SKIP LOCKED lets instances claim disjoint batches at the same moment.
    db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: glEmailSaida.id,
          datahora_criado: glEmailSaida.datahora_criado,
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
        // The lease. ultimo_erro is cleared while a message is leased, so the backlog retried
        // after an outage (rows with an error) never includes a message an instance is sending.
        await tx
          .update(glEmailSaida)
          .set({ datahora_proxima_tentativa: new Date(at.getTime() + MAIL_LEASE_MS), ultimo_erro: null })
          .where(inArray(glEmailSaida.id, rows.map((row) => row.id)));
      }
      return rows;
    });
}

/**
 * The outbox worker (decisions 016 and 033). Any number of instances may run it on one database:
 * a run claims due messages with FOR UPDATE SKIP LOCKED and, in the same transaction, moves their
 * next try past a lease, so no other instance takes them while this one sends, and a crash only
 * delays them. Each is sent outside the transaction, with a Message-ID of its own row, and marked
 * 'enviado' right after, or rescheduled with backoff, or 'falhou' after MAIL_MAX_ATTEMPTS. A run
 * claims batch after batch while due messages remain. When the SMTP server is away the run stops
 * at the first message (its attempt counts; the rest of the batch waits the first backoff without
 * spending one), and the first send that succeeds after that brings the whole backlog forward.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  const claim = claimer(db, batchSize);
  let stopping = false;
  /** When stop() was called (real time), to bound the marking retries at shutdown. */
  let stoppingSince = 0;
  /** This instance saw the SMTP server away and has not sent anything since. */
  let smtpDown = false;

  const pending = (id: number) => and(eq(glEmailSaida.id, id), eq(glEmailSaida.situacao, 'pendente'));

  /** Hands claimed, unsent messages back: due at `at`, no attempt counted. */
  async function handBack(messages: ClaimedMail[], at: Date, ultimo_erro: string | null = null) {
    if (messages.length === 0) return;
    await db
      .update(glEmailSaida)
      .set({ datahora_proxima_tentativa: at, ...(ultimo_erro && { ultimo_erro }) })
      .where(and(inArray(glEmailSaida.id, messages.map((message) => message.id)), eq(glEmailSaida.situacao, 'pendente')));
  }

  /** After an outage: the messages waiting for a retry are due now. */
  async function retryBacklog() {
    const at = now();
    const moved = await db
      .update(glEmailSaida)
      .set({ datahora_proxima_tentativa: at })
      .where(and(eq(glEmailSaida.situacao, 'pendente'), isNotNull(glEmailSaida.ultimo_erro), gt(glEmailSaida.datahora_proxima_tentativa, at)))
      .returning({ id: glEmailSaida.id });
    log.info({ retried: moved.length }, 'SMTP is back: the waiting e-mails are retried now');
  }

  /**
   * Marks a message the SMTP server accepted as sent, trying again while the database is away (a
   * restart, a failover): left unmarked, it would be sent again once its lease ends. The mark is
   * idempotent (only a 'pendente' row changes). Only a stopping instance gives up, after
   * MARK_RETRY_AT_STOP_MS (docs/operations.md says when a second copy can still go out).
   */
  async function markSent(message: ClaimedMail): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        await db
          .update(glEmailSaida)
          .set({ situacao: 'enviado', tentativas: message.tentativas + 1, datahora_enviado: now(), ultimo_erro: null })
          .where(pending(message.id));
        if (tries > 1) log.info({ emailId: message.id, tries }, 'e-mail marked sent after the database came back');
        return;
      } catch (error) {
        if (!isTransientDatabaseError(error)) throw error;
        if (stopping && Date.now() - stoppingSince > MARK_RETRY_AT_STOP_MS) {
          log.error({ emailId: message.id, err: loggableError(error) }, 'e-mail sent but not marked: it may be sent again');
          throw error;
        }
        if (tries === 1) log.warn({ emailId: message.id, err: loggableError(error) }, 'e-mail sent; marking it waits for the database');
        await new Promise((resolve) => setTimeout(resolve, MARK_RETRY_MS));
      }
    }
  }

  /** Sends one claimed batch; says how many went out and whether to claim another. */
  async function sendBatch(batch: ClaimedMail[], claimedAt: Date): Promise<{ delivered: number; more: boolean }> {
    let delivered = 0;
    let backlogDue = false;
    for (const [index, message] of batch.entries()) {
      if (stopping || now().getTime() - claimedAt.getTime() > MAIL_LEASE_MS - LEASE_MARGIN_MS) {
        await handBack(batch.slice(index), now());
        return { delivered, more: false };
      }
      try {
        await transport.send({
          to: message.destinatario,
          subject: message.assunto,
          html: message.corpo_html,
          text: message.corpo_texto,
          outbox: { id: message.id, createdAt: message.datahora_criado },
        });
      } catch (error) {
        const tentativas = message.tentativas + 1;
        const gaveUp = tentativas >= MAIL_MAX_ATTEMPTS;
        const ultimo_erro = describeError(error);
        const retryAt = new Date(now().getTime() + mailRetryDelayMs(tentativas));
        await db
          .update(glEmailSaida)
          .set({ tentativas, ultimo_erro, ...(gaveUp ? { situacao: 'falhou' } : { datahora_proxima_tentativa: retryAt }) })
          .where(pending(message.id));
        const level = gaveUp ? 'error' : 'warn';
        log[level]({ emailId: message.id, tentativas, erro: ultimo_erro }, gaveUp ? 'e-mail failed for good' : 'e-mail will be retried');
        if (isSmtpUnavailable(error)) {
          smtpDown = true;
          await handBack(batch.slice(index + 1), new Date(now().getTime() + mailRetryDelayMs(1)), ultimo_erro);
          return { delivered, more: false };
        }
        continue;
      }
      // Right after the server's acceptance: the shorter this gap, the rarer a second copy.
      await markSent(message);
      delivered++;
      if (smtpDown) {
        smtpDown = false;
        await retryBacklog();
        backlogDue = true;
      }
    }
    return { delivered, more: backlogDue || batch.length === batchSize };
  }

  async function runOnce(): Promise<number> {
    let delivered = 0;
    while (!stopping) {
      const claimedAt = now();
      const batch = await claim(claimedAt);
      if (batch.length === 0) break;
      const result = await sendBatch(batch, claimedAt);
      delivered += result.delivered;
      if (!result.more) break;
    }
    return delivered;
  }

  log.info({ database: options.kind, transport: transport.kind, intervalMs }, 'mail worker started');
  const loop = runPeriodically(runOnce, {
    name: 'mail',
    intervalMs,
    // A database outage is logged as what it is; the next run tries again (docs/operations.md).
    onError: (error) =>
      isTransientDatabaseError(error)
        ? log.warn({ err: loggableError(error) }, 'mail worker: database unavailable, retrying at the next run')
        : log.error({ err: loggableError(error) }, 'mail worker run failed'),
  });

  return {
    runOnce,
    stop: async () => {
      // The run in progress ends after the message in hand and hands the rest of its batch back.
      stopping = true;
      stoppingSince = Date.now();
      await loop.stop();
      transport.close();
    },
  };
}
