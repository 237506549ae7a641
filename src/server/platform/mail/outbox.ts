import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import { glEmailSaida } from '../db/schema.ts';
import { deleteInBatches } from '../db/batch-delete.ts';

/** One e-mail, as templates build it and transports send it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Writes a message to the outbox (gl_email_saida). Pass the transaction of the action that sends
 * it: the message exists exactly when the action committed, and the worker (worker.ts) delivers it.
 */
export async function enqueueMail(db: Queryable, message: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(glEmailSaida)
    .values(outboxRow(message))
    .returning({ id: glEmailSaida.id });
  if (!row) throw new Error('gl_email_saida: insert returned no row');
  return row.id;
}

/** Several messages in one insert (a billing run's notices), with the same guarantee as enqueueMail. */
export async function enqueueMails(db: Queryable, messages: readonly OutgoingMail[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(glEmailSaida).values(messages.map(outboxRow));
}

const outboxRow = (message: OutgoingMail) => ({
  destinatario: message.to,
  assunto: message.subject,
  corpo_html: message.html,
  corpo_texto: message.text,
});

/**
 * How many messages wait in the outbox and how old the oldest is, in seconds (for /metrics). Both
 * read through the queue's index on situacao; pending messages are few unless delivery stalls.
 */
export async function outboxBacklog(db: Queryable): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const result = (await db.execute<{ pending: number; oldest: number | null }>(sql`
    select count(*)::int as pending,
           extract(epoch from now() - min(datahora_criado))::float8 as oldest
      from gl_email_saida
     where situacao = 'pendente'
  `)) as { rows: { pending: number; oldest: number | null }[] };
  const row = result.rows[0];
  return { pending: row?.pending ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
}

/**
 * Sent and abandoned e-mails older than `retentionDays` (OUTBOX_RETENTION_DAYS, issue 37): the
 * outbox is a queue, not an archive. A message still to send is never purged. What a person's
 * data export (LGPD) lists of their e-mails is what the retention keeps. Returns how many went.
 */
export async function purgeOldOutbox(db: Queryable, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  return deleteInBatches(
    db,
    glEmailSaida,
    glEmailSaida.id,
    sql`${glEmailSaida.datahora_criado} < ${before} and ${glEmailSaida.situacao} <> 'pendente'`,
  );
}
