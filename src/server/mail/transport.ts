import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { OutgoingMail } from './outbox.ts';

/** Where the worker hands a message. A rejected promise means "try again later". */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer. The timeouts keep one attempt well inside the worker's lease (worker.ts),
 * so a hanging server cannot make two instances send the same message.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}

/**
 * Development mailbox: nothing leaves the machine. The worker marks the message 'enviado' and it
 * stays readable in gl_email_saida, shown by GET /api/dev/caixa-postal (dev-mailbox-routes.ts).
 */
export function createDevMailboxTransport(): MailTransport {
  return { kind: 'dev-mailbox', send: () => Promise.resolve(), close: () => undefined };
}

/** SMTP when configured; otherwise the development mailbox (config.ts refuses that in production). */
export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'isProduction'>): MailTransport {
  if (config.SMTP_URL) return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  if (config.isProduction) throw new Error('SMTP_URL: obrigatório em produção');
  return createDevMailboxTransport();
}
