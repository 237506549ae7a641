import { get } from 'node:http';
import { expect } from '@playwright/test';
import { smtpSinkHttpPort } from './ports.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

// node:http rather than fetch: fetch refuses the Fetch standard's "bad ports" (4190 is one), and
// the sink's port follows E2E_PORT.
function receivedMails(): Promise<ReceivedMail[]> {
  return new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${smtpSinkHttpPort}/messages`, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(body) as ReceivedMail[]);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    }).on('error', reject);
  });
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
