import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { formatLinhaDigitavel } from '#shared/boleto/febraban';
import { formatDate, formatMoney } from '#shared/format';
import {
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import {
  createCliente,
  createFatura,
  createPixContract,
} from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glCliente, glEmailSaida, pgBoleto, pgConta, pgFaturaLembrete } from '../../platform/db/schema.ts';
import { issueBoleto } from '../boleto/issue-boleto.ts';
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

/** Banco do Brasil's data of a payment account (issue 40), as issue-boleto.test.ts has it. */
const BANCO_DO_BRASIL = {
  boleto_banco: '001',
  boleto_agencia: '1234',
  boleto_agencia_dv: '3',
  boleto_conta: '12345678',
  boleto_conta_dv: '9',
  boleto_carteira: '18',
  boleto_convenio: '1234567',
  beneficiario_nome: 'Provedora Teste Ltda',
  beneficiario_cpfcnpj: '11444777000161',
};

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

  it('carry the linha digitável of a registered boleto, say when it is still in registration, and nothing without one (issue 40)', async () => {
    const today = todayInSaoPaulo();
    const cliente = await createCliente(t.db);
    const manager = await createUser(t.db);
    await linkUserToClient(t.db, manager.id, cliente.id, 10);
    // An account with Banco do Brasil's data, like the demo's 'Boleto' one.
    const { contrato, conta } = await createPixContract(t.db, cliente.id);
    await t.db.update(pgConta).set(BANCO_DO_BRASIL).where(eq(pgConta.id, conta.id));
    const invoice = (situacao: number, days: number, valor: string) =>
      createFatura(t.db, cliente.id, {
        gl_contrato_id: contrato.id,
        situacao,
        valor,
        data_vencimento: addDays(today, days),
      });
    const registered = await invoice(5, 3, '131.00');
    const inRegistration = await invoice(8, -1, '132.00');
    await invoice(5, 2, '133.00'); // no boleto made yet
    await issueBoleto(t.db, registered.id);
    const [made] = await t.db
      .update(pgBoleto)
      .set({ situacao: 'registrado' })
      .where(eq(pgBoleto.pg_fatura_id, registered.id))
      .returning();
    const pending = await issueBoleto(t.db, inRegistration.id);
    expect(pending?.situacao).toBe('em_registro');

    await sendInvoiceReminders(t.db, options());
    const mails = await mailsTo([manager.email]);
    expect(mails).toHaveLength(3);
    const about = (valor: string) =>
      mails.find((mail) => mail.corpo_texto.includes(formatMoney(valor)));
    const linha = formatLinhaDigitavel(made?.linha_digitavel ?? '');
    expect(linha).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const payable = about('131.00');
    expect(payable?.corpo_texto).toContain(
      `Para pagar por boleto, use a linha digitável abaixo no aplicativo ou no internet banking do seu banco:\n\n${linha}\n`,
    );
    expect(payable?.corpo_html).toContain(
      `font-family:monospace;word-break:break-all;">${linha}</p>`,
    );
    const sentence =
      'O boleto bancário desta fatura está em registro no banco; a linha digitável estará na lista de faturas assim que o banco confirmar o registro.';
    expect(payable?.corpo_texto).not.toContain(sentence);
    const late = about('132.00');
    expect(late?.corpo_texto).toContain(sentence);
    expect(late?.corpo_html).toContain(sentence);
    expect(late?.corpo_texto).not.toContain('Para pagar por boleto');
    expect(late?.corpo_texto).not.toContain(formatLinhaDigitavel(pending?.linha_digitavel ?? ''));
    expect(about('133.00')?.corpo_texto).not.toMatch(/boleto/i);
  });

  it("also go to the client's e-mail for invoices, greeted by the client's name, and not twice when it is a manager's (issue 41 item 2)", async () => {
    const today = todayInSaoPaulo();
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const invoiceEmail = `notas.${suffix}@oficina.com.br`;
    const cliente = await createCliente(t.db, { razao_social: 'Oficina do Zé Ltda', email_fatura: invoiceEmail });
    const manager = await createUser(t.db);
    const user = await createUser(t.db);
    await linkUserToClient(t.db, manager.id, cliente.id, 10);
    await linkUserToClient(t.db, user.id, cliente.id, 20);
    await createFatura(t.db, cliente.id, { situacao: 5, valor: '141.00', data_vencimento: addDays(today, 3) });
    // Another client whose e-mail for invoices is its manager's, written in capitals.
    const own = await createUser(t.db);
    const same = await createCliente(t.db, { email_fatura: own.email.toUpperCase() });
    await linkUserToClient(t.db, own.id, same.id, 10);
    await createFatura(t.db, same.id, { situacao: 8, valor: '142.00', data_vencimento: addDays(today, -1) });

    await sendInvoiceReminders(t.db, options());
    const mails = await mailsTo([manager.email, user.email, invoiceEmail]);
    expect(mails.map((mail) => mail.destinatario).sort()).toEqual([invoiceEmail, manager.email].sort());
    const toInvoices = mails.find((mail) => mail.destinatario === invoiceEmail);
    expect(toInvoices?.assunto).toBe(`Fatura vence em ${formatDate(addDays(today, 3))} - Portal do Cliente`);
    expect(toInvoices?.corpo_texto).toContain('Olá, Oficina do Zé Ltda.');
    expect(toInvoices?.corpo_texto).toContain(`/cliente/${cliente.fatura_token}/fatura`);
    expect(await mailsTo([own.email, own.email.toUpperCase()])).toHaveLength(1);
  });
});
