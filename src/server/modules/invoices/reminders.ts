import { and, between, eq, inArray, notExists, sql } from 'drizzle-orm';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { formatDate, formatMoney } from '#shared/format';
import { SITUACAO } from '#shared/schemas/invoices';
import type { Database } from '../../platform/db/database.ts';
import { glCliente, pgBoleto, pgFatura, pgFaturaLembrete } from '../../platform/db/schema.ts';
import { enqueueMails } from '../../platform/mail/outbox.ts';
import { invoiceReminderMail, mailBoleto } from './mails.ts';
import { invoiceEmailRecipient } from './invoice-recipients.ts';
import { clientManagers, invoiceListUrl, UNPAID_SITUACOES } from './payment.ts';

type ReminderKind = 'vencimento' | 'atraso';

/** Open invoices are reminded this many days before their due date (issue 20). */
const DAYS_BEFORE_DUE = 3;
/**
 * The day after the due date an unpaid invoice is reminded; an instance that was down catches up
 * for a week, never more, so turning the job on does not mail every old overdue invoice.
 */
const CATCH_UP_DAYS = 7;
/** Invoices handled per kind and run; the next run takes the rest. */
const BATCH = 200;

/**
 * Which invoices are due a reminder today (America/Sao_Paulo): 'vencimento' for the open ones due
 * in the next DAYS_BEFORE_DUE days, 'atraso' for the unpaid ones whose due date passed (from the
 * day after), of clients whose reminders are on, not reminded of that kind yet.
 */
function dueReminders(db: Database, tipo: ReminderKind, today: string) {
  const window =
    tipo === 'vencimento'
      ? between(pgFatura.data_vencimento, addDays(today, 1), addDays(today, DAYS_BEFORE_DUE))
      : between(pgFatura.data_vencimento, addDays(today, -CATCH_UP_DAYS), addDays(today, -1));
  return db
    .select({ id: pgFatura.id })
    .from(pgFatura)
    .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
    .where(
      and(
        window,
        tipo === 'vencimento'
          ? eq(pgFatura.situacao, SITUACAO.fechada)
          : inArray(pgFatura.situacao, UNPAID_SITUACOES),
        eq(glCliente.fatura_lembrete, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pgFaturaLembrete)
            .where(
              and(eq(pgFaturaLembrete.pg_fatura_id, pgFatura.id), eq(pgFaturaLembrete.tipo, tipo)),
            ),
        ),
      ),
    )
    .orderBy(pgFatura.id)
    .limit(BATCH);
}

/**
 * One reminder: its row (a unique index on invoice and kind) and the e-mails to the managers and
 * to the client's e-mail for invoices (issue 41 item 2; not twice when it is a manager's) commit
 * together, so with any number of instances running the job each reminder is sent once; the
 * invoice is re-read in the transaction, so one paid in the meantime is not reminded. Its boleto
 * (issue 40) is told as it stands then: the linha digitável once registered, 'em registro' before.
 */
async function sendReminder(
  db: Database,
  faturaId: number,
  tipo: ReminderKind,
  options: { providerName: string; publicUrl: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(pgFaturaLembrete)
      .values({ pg_fatura_id: faturaId, tipo })
      .onConflictDoNothing()
      .returning({ id: pgFaturaLembrete.id });
    if (!claimed) return false;
    const [fatura] = await tx
      .select({
        clienteId: pgFatura.gl_cliente_id,
        situacao: pgFatura.situacao,
        valor: pgFatura.valor,
        vencimento: pgFatura.data_vencimento,
        razaoSocial: glCliente.razao_social,
        token: glCliente.fatura_token,
        lembrete: glCliente.fatura_lembrete,
        emailFatura: glCliente.email_fatura,
        boletoSituacao: pgBoleto.situacao,
        linhaDigitavel: pgBoleto.linha_digitavel,
      })
      .from(pgFatura)
      .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
      // Its boleto, if it has one (one per invoice): the reminder carries the linha digitável.
      .leftJoin(pgBoleto, eq(pgBoleto.pg_fatura_id, pgFatura.id))
      .where(eq(pgFatura.id, faturaId));
    if (!fatura || !UNPAID_SITUACOES.includes(fatura.situacao) || !fatura.lembrete) return false;
    const boleto = mailBoleto(fatura.boletoSituacao, fatura.linhaDigitavel);
    const managers = await clientManagers(tx, fatura.clienteId);
    const recipients = [...managers, ...invoiceEmailRecipient(fatura.emailFatura, fatura.razaoSocial, managers)];
    await enqueueMails(
      tx,
      recipients.map((recipient) => ({
        to: recipient.email,
        ...invoiceReminderMail({
          providerName: options.providerName,
          nome: recipient.nome,
          razaoSocial: fatura.razaoSocial,
          valor: formatMoney(fatura.valor),
          vencimento: formatDate(fatura.vencimento),
          tipo,
          invoicesUrl: invoiceListUrl(options.publicUrl, fatura.token),
          boleto,
        }),
      })),
    );
    return true;
  });
}

/** The reminders job's run (every REMINDERS_INTERVAL_MS in each instance): how many were sent. */
export async function sendInvoiceReminders(
  db: Database,
  options: { providerName: string; publicUrl: string; now?: Date },
): Promise<number> {
  const today = todayInSaoPaulo(options.now ?? new Date());
  let sent = 0;
  for (const tipo of ['vencimento', 'atraso'] as const) {
    for (const { id } of await dueReminders(db, tipo, today)) {
      if (await sendReminder(db, id, tipo, options)) sent += 1;
    }
  }
  return sent;
}
