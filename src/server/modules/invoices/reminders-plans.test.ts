import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { createCliente } from '#tests/helpers/invoice-factories.ts';
import { queryPlans } from '#tests/helpers/query-plans.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { postgresUrlOf } from '#tests/helpers/test-database.ts';
import { sendInvoiceReminders } from './reminders.ts';

/**
 * Issue 37: a reminders run (every 15 minutes, in every instance) reads the unpaid invoices of its
 * windows from an index that holds only unpaid ones, so with nothing to send it costs next to
 * nothing, however many paid invoices share those days. PostgreSQL only (its plans).
 */
let t: TestApp;
const plans = queryPlans();

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.kind !== 'postgres') return;
  const cliente = await createCliente(t.db, { fatura_lembrete: true });
  const today = todayInSaoPaulo();
  // A busy week: 3 000 paid invoices due in the reminders' windows, every one paid.
  await t.db.execute(sql`
    insert into pg_fatura (gl_cliente_id, situacao, data_vencimento, valor)
    select ${cliente.id}, 6, ${addDays(today, -7)}::date + (n % 11), 100.00 from generate_series(1, 3000) as n
  `);
  await t.db.execute(sql`analyze pg_fatura`);
  await plans.connect(await postgresUrlOf(t.database));
});
afterAll(async () => {
  await plans.close();
  await t.close();
});

describe('the reminders run at scale (issue 37)', () => {
  it('reads only unpaid invoices for both windows, from their partial index', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    plans.forget();
    expect(await sendInvoiceReminders(t.db, { providerName: 'Provedora', publicUrl: 'http://localhost' })).toBe(0);
    // 'atraso': closed or overdue, due in the last week; 'vencimento': closed, due in three days.
    for (const pattern of [/"situacao" in \(.*not exists/is, /"situacao" = \$\d+.*not exists/is]) {
      const plan = await plans.planOf(pattern);
      // Any of the partial indexes holding only unpaid invoices (issue 39 added the client's).
      expect(plan, String(pattern)).toMatch(/pg_fatura_(a_pagar|abertas)_(vencimento|cliente)_idx/);
      expect(plan, String(pattern)).not.toContain('pg_fatura_vencimento_idx');
    }
  });
});
