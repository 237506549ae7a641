import type { Page } from '@playwright/test';
import { daysBetween } from '../../src/shared/dates.ts';
import { expect, test } from './fixtures.ts';
import { OwnServer } from './support/own-server.ts';
import { clockServerPort } from './support/ports.ts';
import { issueNowAsAdmin } from './support/issue-now.ts';
import { subscribeNewPerson } from './support/new-person.ts';
import { apiHeaders, submitSignIn } from './support/sign-in.ts';

/**
 * Cancelling a subscription online (issue 41). The withdrawal right is a new person's, on the
 * suite's portal. The cancellation at the period's close is the demo manager's on a portal of its
 * own, started again with its jobs' clock past the period's end (JOBS_CLOCK_OFFSET_DAYS), as the
 * close would find it: the suite's demo client keeps its contract for the other specs.
 */

const server = new OwnServer(clockServerPort);
test.afterAll(async () => server.remove());

interface SessionContract {
  contrato: { id: number; periodo_fim: string } | null;
  cliente: { fatura_token: string } | null;
}

async function sessionOf(page: Page): Promise<SessionContract> {
  const answer = await page.request.get('/api/sessao/web', { headers: await apiHeaders(page) });
  return ((await answer.json()) as { data: SessionContract }).data;
}

/** From the Painel to the cancellation, at the close (the default), with a reason; its protocol. */
async function cancelAtClose(page: Page): Promise<string> {
  await page.goto('/painel');
  await page.getByRole('link', { name: 'Cancelar assinatura' }).click();
  const form = page.getByRole('form', { name: 'Cancelar assinatura' });
  await expect(form.getByRole('radio', { name: /^No fim do período atual/ })).toBeChecked();
  await form.getByLabel('Motivo (opcional)').selectOption({ label: 'Não estou usando' });
  await form.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  const protocolo = (await page.getByTestId('protocolo').innerText()).trim();
  expect(protocolo).toMatch(/^CAN\d{14}$/);
  return protocolo;
}

test("an individual who subscribed online today withdraws at once (CDC art. 49), and staff see the paid invoice to refund", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  const cliente = await subscribeNewPerson(customer, `arrependimento-${Date.now().toString(36)}`, 'Pix');

  // Staff bill it now and register its payment: there is something to refund.
  const staff = page;
  await issueNowAsAdmin(staff, cliente.nome);
  await customer.goto(cliente.invoices);
  const faturaId = await customer.locator('table.app-invoice-table tbody tr').first().getAttribute('data-fatura-id');
  await staff.goto('/admin');
  const paid = await staff.request.post(`/api/admin/pg_fatura/${faturaId}/pagamento`, {
    headers: await apiHeaders(staff),
    data: { datahora_confirmado: new Date().toISOString() },
  });
  expect(paid.status()).toBe(200);

  // The customer: the withdrawal right instead of a choice of when; cancelled at once.
  await customer.goto('/painel');
  await customer.getByRole('link', { name: 'Cancelar assinatura' }).click();
  const form = customer.getByRole('form', { name: 'Cancelar assinatura' });
  await expect(form.getByText(/pelo direito de arrependimento \(Código de Defesa do Consumidor, art\. 49\)/)).toBeVisible();
  await expect(form.getByRole('radio')).toHaveCount(0);
  await form.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(customer.getByRole('heading', { name: 'Assinatura cancelada' })).toBeVisible();
  const protocolo = (await customer.getByTestId('protocolo').innerText()).trim();
  expect((await sessionOf(customer)).contrato).toBeNull();
  await customerContext.close();

  // Staff: the request with its reason and kind, and the paid invoice to refund, marked once done.
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Cancelamentos' }).click();
  const requests = staff.getByRole('region', { name: 'Pedidos de cancelamento' });
  const request = requests.getByRole('row', { name: new RegExp(protocolo) });
  await expect(request).toContainText('Arrependimento (CDC art. 49)');
  await expect(request).toContainText('Efetivado');
  const refunds = staff.getByRole('region', { name: 'Reembolsos a fazer' });
  const refund = refunds.getByRole('row', { name: new RegExp(cliente.nome) });
  await expect(refund).toContainText('A reembolsar');
  await refund.getByRole('button', { name: `Marcar como reembolsado: ${cliente.nome}` }).click();
  await staff.getByRole('dialog', { name: 'Marcar como reembolsado' }).getByRole('button', { name: 'Marcar como reembolsado' }).click();
  await expect(staff.getByText('Reembolso registrado como feito.')).toBeVisible();
  await expect(refund).toContainText('Reembolsado');
});

test.describe('at the close of the period, on a portal of its own', () => {
  test.use({ otherOrigins: [server.url] });

  test("the manager cancels, withdraws, cancels again; once the period closes the contract ends and no invoice follows", async ({ browser }) => {
    test.setTimeout(180_000);
    await server.start();
    const context = await browser.newContext({ baseURL: server.url });
    const manager = await context.newPage();
    await submitSignIn(manager, 'gerente@exemplo.com.br');
    // Signed in, the portal offers 2FA to this demo user: later.
    await manager.getByRole('button', { name: 'Lembrar em 30 dias' }).click();
    await expect(manager).not.toHaveURL(/\/login\//);

    const first = await cancelAtClose(manager);
    await manager.goto('/painel');
    const banner = manager.locator('.app-pending-cancellation');
    await expect(banner).toContainText(`Protocolo ${first}.`);
    await banner.getByRole('button', { name: 'Desistir do cancelamento' }).click();
    await expect(manager.getByText('Cancelamento desfeito. Sua assinatura continua normalmente.')).toBeVisible();
    await expect(banner).toHaveCount(0);
    const second = await cancelAtClose(manager);
    expect(second).not.toBe(first);

    // The invoices now: the next period's, billed ahead, is still listed as due.
    const session = await sessionOf(manager);
    const periodoFim = session.contrato?.periodo_fim ?? '';
    const invoices = `/cliente/${session.cliente?.fatura_token}/fatura`;
    await manager.goto(invoices);
    const rows = manager.locator('table.app-invoice-table tbody tr');
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    await expect(rows.first().getByRole('img', { name: 'Cancelada' })).toHaveCount(0);

    // The portal again, its jobs a day past the period's end.
    await server.stop();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await server.start({
      JOBS_CLOCK_OFFSET_DAYS: String(daysBetween(today, periodoFim) + 1),
      PLAN_CHANGE_INTERVAL_MS: '500',
      BILLING_INTERVAL_MS: '500',
    });
    await expect.poll(async () => (await sessionOf(manager)).contrato, { timeout: 30_000 }).toBeNull();
    await manager.goto('/painel');
    await expect(manager.getByText('Nenhum contrato ativo para esta conta.')).toBeVisible();
    // No invoice after the period: the one billed ahead is cancelled, none is added.
    await manager.goto(invoices);
    await expect(rows).toHaveCount(before);
    await expect(rows.first().getByRole('img', { name: 'Cancelada' })).toBeVisible();
    await context.close();
  });
});
