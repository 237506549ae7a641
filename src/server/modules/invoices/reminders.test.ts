import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { formatDate, formatMoney } from '#shared/format';
import {
  createUser,
  linkUserToClient,
  signedInAgent,
} from '../../../../tests/helpers/factories.ts';
import { createCliente, createFatura } from '../../../../tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { glCliente, glEmailSaida, pgFaturaLembrete } from '../../db/schema.ts';
import { startInvoiceReminders } from './reminders-worker.ts';
import { sendInvoiceReminders } from './reminders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const options = () => ({ providerName: t.config.PROVIDER_NAME, publicUrl: t.config.publicUrl });
const mailsTo = (emails: string[]) =>
  t.db.select().from(glEmailSaida).where(inArray(glEmailSaida.destinatario, emails));

describe('payment reminders (issue 20)', () => {
  it('two instances running the job send each reminder once: 3 days before the due date and the day after it', async () => {
    const today = todayInSaoPaulo();
    const cliente = await createCliente(t.db, { razao_social: 'Oficina do Zé Ltda' });
    const manager = await createUser(t.db);
    const user = await createUser(t.db);
    await linkUserToClient(t.db, manager.id, cliente.id, 10);
    await linkUserToClient(t.db, user.id, cliente.id, 20);
    const invoice = async (situacao: number, days: number, valor = '89.90') =>
      (
        await createFatura(t.db, cliente.id, {
          situacao,
          valor,
          data_vencimento: addDays(today, days),
        })
      ).id;
    const reminded = {
      inThreeDays: await invoice(5, 3, '120.00'),
      inTwoDays: await invoice(5, 2),
      overdue: await invoice(8, -1, '75.50'),
      overdueStillOpen: await invoice(5, -1),
    };
    const notReminded = [
      await invoice(5, 4), // too early
      await invoice(5, 0), // due today: neither before nor after
      await invoice(6, 2), // paid
      await invoice(6, -1), // paid
      await invoice(8, -30), // overdue long ago: no flood when the job starts
    ];

    // Two instances (two runners on the one database) taking turns and overlapping.
    const workers = [1, 2].map(() =>
      startInvoiceReminders({ db: t.db, ...options(), log: silent, intervalMs: 5 }),
    );
    try {
      await vi.waitFor(
        async () => expect(await t.db.select().from(pgFaturaLembrete)).toHaveLength(4),
        { timeout: 10_000, interval: 50 },
      );
      // More runs of both find nothing left to send.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }

    const lembretes = await t.db.select().from(pgFaturaLembrete);
    expect(lembretes.map((row) => `${row.pg_fatura_id}:${row.tipo}`).sort()).toEqual(
      [
        `${reminded.inThreeDays}:vencimento`,
        `${reminded.inTwoDays}:vencimento`,
        `${reminded.overdue}:atraso`,
        `${reminded.overdueStillOpen}:atraso`,
      ].sort(),
    );
    expect(lembretes.some((row) => notReminded.includes(row.pg_fatura_id))).toBe(false);

    const mails = await mailsTo([manager.email, user.email]);
    expect(mails.every((mail) => mail.destinatario === manager.email)).toBe(true);
    expect(mails).toHaveLength(4);
    const subjects = mails.map((mail) => mail.assunto).sort();
    expect(subjects).toEqual(
      [
        `Fatura vence em ${formatDate(addDays(today, 2))} - Portal do Cliente`,
        `Fatura vence em ${formatDate(addDays(today, 3))} - Portal do Cliente`,
        `Fatura vencida em ${formatDate(addDays(today, -1))} - Portal do Cliente`,
        `Fatura vencida em ${formatDate(addDays(today, -1))} - Portal do Cliente`,
      ].sort(),
    );
    const beforeDue = mails.find((mail) => mail.assunto.includes(formatDate(addDays(today, 3))));
    expect(beforeDue?.corpo_texto).toContain(
      `A fatura de Oficina do Zé Ltda no valor de ${formatMoney('120.00')} vence em ${formatDate(addDays(today, 3))}.`,
    );
    expect(beforeDue?.corpo_texto).toContain(`/cliente/${cliente.fatura_token}/fatura`);
    const late = mails.find((mail) => mail.corpo_texto.includes(formatMoney('75.50')));
    expect(late?.corpo_texto).toContain('e ainda não consta como paga');

    // The next day's run sends only what became due (the invoice then 3 days away, the one due
    // today now overdue), repeating none.
    expect(
      await sendInvoiceReminders(t.db, { ...options(), now: new Date(Date.now() + 86_400_000) }),
    ).toBe(2);
    expect(await mailsTo([manager.email])).toHaveLength(6);
  });

  it('staff turn reminders off per client in the back-office, and then none are sent', async () => {
    const today = todayInSaoPaulo();
    const cliente = await createCliente(t.db);
    const manager = await createUser(t.db);
    await linkUserToClient(t.db, manager.id, cliente.id, 10);
    await createFatura(t.db, cliente.id, { situacao: 5, data_vencimento: addDays(today, 3) });
    await createFatura(t.db, cliente.id, { situacao: 8, data_vencimento: addDays(today, -1) });

    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    const saved = await staff.request('PUT', `/api/admin/gl_cliente/${cliente.id}`, {
      body: {
        cpfcnpj: cliente.cpfcnpj,
        razao_social: cliente.razao_social,
        fatura_lembrete: false,
      },
    });
    expect(saved.status).toBe(200);
    const [stored] = await t.db.select().from(glCliente).where(eq(glCliente.id, cliente.id));
    expect(stored?.fatura_lembrete).toBe(false);

    await Promise.all([
      sendInvoiceReminders(t.db, options()),
      sendInvoiceReminders(t.db, options()),
    ]);
    expect(await mailsTo([manager.email])).toHaveLength(0);
  });
});
