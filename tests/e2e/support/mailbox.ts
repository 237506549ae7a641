import { expect } from '@playwright/test';
import { smtpSinkHttpPort } from './ports.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

async function receivedMails(): Promise<ReceivedMail[]> {
  const response = await fetch(`http://127.0.0.1:${smtpSinkHttpPort}/messages`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Waits for the portal's outbox worker to deliver a message to the test mail server (it polls
 * every few seconds) and returns the newest one to that address whose subject matches.
 */
export async function waitForMail(to: string, subject: RegExp, options: { after?: number } = {}): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await receivedMails()).slice(options.after ?? 0);
        found = mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true);
  return found!;
}

/** How many messages the mail server holds now (pass as `after` to wait for a newer one). */
export async function mailCount(): Promise<number> {
  return (await receivedMails()).length;
}
