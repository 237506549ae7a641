import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#tests/helpers/smtp-sink.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { glEmailSaida } from '../db/schema.ts';
import { enqueueMail } from './outbox.ts';
import { button, composeMail, details, greeting } from './compose.ts';
import { createSmtpTransport } from './transport.ts';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs, startMailWorker, type MailWorker, type MailWorkerOptions } from './worker.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const FROM = 'Exemplo Sistemas <nao-responda@exemplo.com.br>';

let database: DatabaseHandle;
let sink: SmtpSink;
const workers: MailWorker[] = [];
let clock = Date.now();

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
});
// The workers' clock: a little ahead of the database's, so what a test enqueues is already due.
beforeEach(() => {
  clock = Date.now() + 5_000;
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await sink.stop();
  await database.close();
});

function worker(options: Partial<MailWorkerOptions> = {}): MailWorker {
  const created = startMailWorker({
    db: database.db,
    kind: database.kind,
    transport: createSmtpTransport(sink.url, FROM),
    log: silent,
    intervalMs: 0,
    now: () => new Date(clock),
    ...options,
  });
  workers.push(created);
  return created;
}

let sequence = 0;
function message(label: string) {
  sequence += 1;
  const to = `cliente${sequence}@exemplo.com.br`;
  // A mail like the temporary-password one (account/mails.ts): the platform knows no module's mails.
  const content = composeMail({
    providerName: 'Exemplo Sistemas',
    subject: 'Sua senha temporária de acesso - Exemplo Sistemas',
    blocks: [
      greeting('João da Silva'),
      details([
        { label: 'E-mail', value: to },
        { label: 'Senha temporária', value: `Tmp${sequence}xY`, monospace: true },
      ]),
      button('Entrar', 'http://localhost:3000/'),
    ],
  });
  return { to, ...content, subject: `${content.subject} [${label} ${sequence}]` };
}

const received = (subject: string) => sink.messages.filter((mail) => mail.header('subject') === subject);

async function row(id: number) {
  const [found] = await database.db.select().from(glEmailSaida).where(eq(glEmailSaida.id, id));
  if (!found) throw new Error(`no gl_email_saida ${id}`);
  return found;
}

describe('mail outbox worker', () => {
  it('never sends a message whose transaction rolled back', async () => {
    const mail = message('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await worker().runOnce();
    expect(received(mail.subject)).toHaveLength(0);
    expect(await database.db.select().from(glEmailSaida).where(eq(glEmailSaida.assunto, mail.subject))).toHaveLength(0);
  });

  it('delivers a committed message through SMTP and marks it sent', async () => {
    const mail = message('entrega');
    const id = await database.db.transaction((tx) => enqueueMail(tx, mail));
    expect(await worker().runOnce()).toBe(1);

    const [delivered] = received(mail.subject);
    expect(delivered?.to).toEqual([mail.to]);
    expect(delivered?.header('to')).toBe(mail.to);
    expect(delivered?.header('subject')).toBe(mail.subject);
    expect(delivered?.header('from')).toContain('nao-responda@exemplo.com.br');
    expect(delivered?.text()).toContain('Olá, João da Silva.');
    expect(delivered?.text()).toContain('Senha temporária: Tmp');
    expect(await row(id)).toMatchObject({ situacao: 'enviado', tentativas: 1, ultimo_erro: null });
    expect((await row(id)).datahora_enviado).toBeInstanceOf(Date);
  });

  it('keeps the message while SMTP is down and delivers it once, after the backoff, when it is back', async () => {
    const mail = message('queda');
    const id = await database.db.transaction((tx) => enqueueMail(tx, mail));
    const mailer = worker();
    await sink.stop();
    try {
      expect(await mailer.runOnce()).toBe(0);
    } finally {
      await sink.start();
    }
    const failed = await row(id);
    expect(failed).toMatchObject({ situacao: 'pendente', tentativas: 1 });
    expect(failed.ultimo_erro).toMatch(/ECONNREFUSED/);
    expect(failed.datahora_proxima_tentativa.getTime()).toBe(clock + mailRetryDelayMs(1));

    // Back up, but the time has not come: nothing is sent yet.
    expect(await mailer.runOnce()).toBe(0);
    expect(received(mail.subject)).toHaveLength(0);

    clock += mailRetryDelayMs(1);
    expect(await mailer.runOnce()).toBe(1);
    expect(await mailer.runOnce()).toBe(0);
    expect(received(mail.subject)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ situacao: 'enviado', tentativas: 2 });
  });

  it('backs off exponentially, capped at an hour, and gives up after the last attempt', async () => {
    expect([1, 2, 3, 4].map(mailRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(mailRetryDelayMs(MAIL_MAX_ATTEMPTS)).toBe(60 * 60_000);

    const mail = message('desiste');
    const id = await database.db.transaction((tx) => enqueueMail(tx, mail));
    await database.db.update(glEmailSaida).set({ tentativas: MAIL_MAX_ATTEMPTS - 1 }).where(eq(glEmailSaida.id, id));
    const failing = worker({
      transport: { kind: 'smtp', send: () => Promise.reject(new Error('550 smtp://user:segredo@mx.exemplo rejected')), close: () => undefined },
    });
    expect(await failing.runOnce()).toBe(0);
    const gaveUp = await row(id);
    expect(gaveUp).toMatchObject({ situacao: 'falhou', tentativas: MAIL_MAX_ATTEMPTS });
    expect(gaveUp.ultimo_erro).toBe('550 smtp://***@mx.exemplo rejected');
  });

  it('hides a claimed message from other instances for the lease, and a crashed claim is retaken later', async () => {
    const mail = message('lease');
    const id = await database.db.transaction((tx) => enqueueMail(tx, mail));
    // A worker that "crashes" while sending: the claim committed, the send never finished.
    const crashing = worker({ transport: { kind: 'smtp', send: () => new Promise(() => undefined), close: () => undefined } });
    void crashing.runOnce();
    await expect.poll(async () => (await row(id)).datahora_proxima_tentativa.getTime() > clock).toBe(true);

    const other = worker();
    expect(await other.runOnce()).toBe(0);
    clock += 2 * 60_000;
    expect(await other.runOnce()).toBe(1);
    expect(received(mail.subject)).toHaveLength(1);
    workers.splice(workers.indexOf(crashing), 1); // its run never ends; do not wait for it
  });

  it('lets two instances run at once without sending any message twice', async () => {
    const mails = Array.from({ length: 30 }, () => message('concorrencia'));
    const ids = await database.db.transaction(async (tx) => {
      const created: number[] = [];
      for (const mail of mails) created.push(await enqueueMail(tx, mail));
      return created;
    });
    const first = worker({ batchSize: 4 });
    const second = worker({ batchSize: 4 });
    let delivered = 0;
    for (let round = 0; round < 30; round++) {
      const counts = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
      delivered += counts.reduce((sum, n) => sum + n, 0);
      if (counts.every((n) => n === 0)) break;
    }
    expect(delivered).toBe(mails.length);
    for (const mail of mails) expect(received(mail.subject)).toHaveLength(1);
    const rows = await database.db.select().from(glEmailSaida).where(inArray(glEmailSaida.id, ids));
    expect(rows.every((found) => found.situacao === 'enviado' && found.tentativas === 1)).toBe(true);
  });

  // Decision 033: one message per outbox row, and throughput while the queue drains.
  it('gives every outbox row a stable Message-ID, so a second copy of it is recognisable', async () => {
    const mail = message('message-id');
    const id = await database.db.transaction((tx) => enqueueMail(tx, mail));
    await worker().runOnce();
    // The instance died between the SMTP acceptance and marking the row: it is sent again.
    await database.db.update(glEmailSaida).set({ situacao: 'pendente', datahora_proxima_tentativa: new Date(clock - 1000) }).where(eq(glEmailSaida.id, id));
    await worker().runOnce();
    const copies = received(mail.subject);
    expect(copies).toHaveLength(2);
    expect(copies[0]?.header('message-id')).toMatch(new RegExp(`^<portal-email-${id}\\.\\d+@exemplo\\.com\\.br>$`));
    expect(copies[1]?.header('message-id')).toBe(copies[0]?.header('message-id'));
  });

  it('drains the whole due queue in one run, batch after batch', async () => {
    const mails = Array.from({ length: 35 }, () => message('vazao'));
    await database.db.transaction(async (tx) => {
      for (const mail of mails) await enqueueMail(tx, mail);
    });
    expect(await worker().runOnce()).toBeGreaterThanOrEqual(mails.length);
    for (const mail of mails) expect(received(mail.subject)).toHaveLength(1);
  });

  it('while SMTP is down, tries one message per run and lets the rest wait without spending attempts', async () => {
    const mails = Array.from({ length: 3 }, () => message('fora-do-ar'));
    const ids = await database.db.transaction(async (tx) => {
      const created: number[] = [];
      for (const mail of mails) created.push(await enqueueMail(tx, mail));
      return created;
    });
    await sink.stop();
    try {
      expect(await worker().runOnce()).toBe(0);
    } finally {
      await sink.start();
    }
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((found) => found.tentativas)).toEqual([1, 0, 0]);
    for (const found of rows) {
      expect(found.situacao).toBe('pendente');
      expect(found.ultimo_erro).toMatch(/ECONNREFUSED/);
      expect(found.datahora_proxima_tentativa.getTime()).toBe(clock + mailRetryDelayMs(1));
    }
    clock += mailRetryDelayMs(1);
    expect(await worker().runOnce()).toBe(3);
  });

  it('retries the whole backlog as soon as one send succeeds again after an outage', async () => {
    // A backlog from a long outage: several failed attempts each, next tries far ahead.
    const backlog = Array.from({ length: 5 }, () => message('acumulado'));
    const backlogIds = await database.db.transaction(async (tx) => {
      const created: number[] = [];
      for (const mail of backlog) created.push(await enqueueMail(tx, mail));
      return created;
    });
    await database.db
      .update(glEmailSaida)
      .set({ tentativas: 5, ultimo_erro: 'connect ECONNREFUSED', datahora_proxima_tentativa: new Date(clock + 60 * 60_000) })
      .where(inArray(glEmailSaida.id, backlogIds));
    const probe = message('sonda');
    await database.db.transaction((tx) => enqueueMail(tx, probe));
    const mailer = worker();
    await sink.stop();
    try {
      expect(await mailer.runOnce()).toBe(0);
    } finally {
      await sink.start();
    }
    clock += mailRetryDelayMs(1);
    expect(await mailer.runOnce()).toBe(1 + backlog.length);
    for (const mail of [...backlog, probe]) expect(received(mail.subject)).toHaveLength(1);
  });

  it('stops after the message in hand when asked to, and hands the rest of its batch back at once', async () => {
    const mails = Array.from({ length: 6 }, () => message('parada'));
    const ids = await database.db.transaction(async (tx) => {
      const created: number[] = [];
      for (const mail of mails) created.push(await enqueueMail(tx, mail));
      return created;
    });
    const smtp = createSmtpTransport(sink.url, FROM);
    // Stopped once the first message went out (not after a fixed wait, which a busy machine outlasts).
    let firstSent = () => {};
    const sentOnce = new Promise<void>((resolve) => (firstSent = resolve));
    const slow = worker({
      transport: {
        kind: 'smtp',
        send: async (mail) => {
          await new Promise((resolve) => setTimeout(resolve, 150));
          await smtp.send(mail);
          firstSent();
        },
        close: () => smtp.close(),
      },
    });
    const run = slow.runOnce();
    await sentOnce;
    await slow.stop();
    const delivered = await run;
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThan(mails.length);
    const rows = await Promise.all(ids.map(row));
    expect(rows.filter((found) => found.situacao === 'enviado')).toHaveLength(delivered);
    // The unsent are due again now, for another instance, not after the lease.
    for (const found of rows.filter((candidate) => candidate.situacao === 'pendente')) {
      expect(found.datahora_proxima_tentativa.getTime()).toBeLessThanOrEqual(clock);
    }
    expect(await worker().runOnce()).toBe(mails.length - delivered);
  });
});
