import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { OutgoingMail } from './outbox.ts';

/** A message as the worker hands it over: with the outbox row it comes from. */
interface OutboxMail extends OutgoingMail {
  /** gl_email_saida.id and datahora_criado: what makes the Message-ID. */
  outbox?: { id: number; createdAt: Date };
}

/** Where the worker hands a message. A rejected promise means "try again later". */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: OutboxMail): Promise<void>;
  close(): void;
}

/**
 * The Message-ID of an outbox row (RFC 5322 §3.6.4), the same at every attempt: if an instance dies
 * between the SMTP server's acceptance and marking the row sent, the second copy carries the same
 * id, which mail servers and clients use to recognise (and many to drop) a duplicate (decision 033).
 * The creation time keeps ids of two databases apart; the domain is the sender's.
 */
function outboxMessageId(outbox: { id: number; createdAt: Date }, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<portal-email-${outbox.id}.${outbox.createdAt.getTime()}@${domain}>`;
}

/** nodemailer's codes for "could not talk to the server at all" (as opposed to a refusal). */
const CONNECTION_ERROR_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH']);

/**
 * True when a send failed because the SMTP server is away (refused, unreachable, timed out, or
 * 421 "service not available"), not because it refused this message: the worker then stops its
 * batch instead of spending an attempt of every message on the outage.
 */
export function isSmtpUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) || responseCode === 421;
}

/**
 * SMTP through nodemailer. The timeouts keep one attempt well inside the worker's lease (worker.ts),
 * so a hanging server cannot make two instances send the same message. One pooled connection
 * carries message after message while the queue drains (decision 033: throughput). nodemailer is
 * loaded with the first message, not at every start (docs/decisions/093-start-time.md).
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= Promise.all([import('nodemailer'), import('nodemailer/lib/smtp-pool/index.js')]).then(
      ([{ default: nodemailer }, { default: SMTPPool }]) =>
        // Built as an SMTPPool: createTransport({ url, ... }) reads the URL alone and would silently
        // drop every other option (the pool and the timeouts); SMTPPool merges the two.
        nodemailer.createTransport(
          new SMTPPool({
            url,
            pool: true,
            maxConnections: 1,
            maxMessages: 100,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 30_000,
          }),
        ),
      (error: unknown) => {
        transporter = undefined; // the worker's next attempt loads it again
        throw error;
      },
    ));
  return {
    kind: 'smtp',
    send: async ({ outbox, ...message }) => {
      await (await connect()).sendMail({ from, ...message, ...(outbox && { messageId: outboxMessageId(outbox, from) }) });
    },
    close: () => void transporter?.then((opened) => opened.close(), () => undefined),
  };
}

/**
 * Development mailbox: nothing leaves the machine. The worker marks the message 'enviado' and it
 * stays readable in gl_email_saida, shown by GET /api/dev/caixa-postal (dev-mailbox-routes.ts).
 */
function createDevMailboxTransport(): MailTransport {
  return { kind: 'dev-mailbox', send: () => Promise.resolve(), close: () => undefined };
}

/** SMTP when configured; otherwise the development mailbox (config.ts refuses that in production). */
export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'isProduction'>): MailTransport {
  if (config.SMTP_URL) return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  if (config.isProduction) throw new Error('SMTP_URL: obrigatório em produção');
  return createDevMailboxTransport();
}
