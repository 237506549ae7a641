import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { formatMoney } from '../../src/shared/format.ts';
import { expect, test, waitForApiIdle } from './fixtures.ts';
import { subscribeNewPerson } from './support/new-person.ts';
import { signInDemoUser } from './support/sign-in.ts';

/**
 * Administração → Faturamento as the demo admin (decision 102): the next run's forecast, the
 * last runs, 'Emitir agora' on one contract, and the invoice it issues (read-only items,
 * 'Cancelar fatura', listed as Cancelada). The contract is a new client's (a person signed up on
 * product 1 who subscribes to a paid plan here): the demo's contracts and invoices are read by
 * other specs and stay unbilled by this one.
 */

/** One space for any run of whitespace (formatMoney's 'R$' is followed by a non-breaking one). */
const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The cells of a row, as a person reads them. */
async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.locator('td').allInnerTexts()).map(normal);
}

/** 'R$ 1.648,90' → cents. */
function cents(money: string): number {
  const digits = /R\$\s*(-?[\d.]+,\d{2})/.exec(money)?.[1];
  if (!digits) throw new Error(`no amount in '${money}'`);
  return Math.round(Number(digits.replace(/\./g, '').replace(',', '.')) * 100);
}

/** The forecast sentence read back: how many contracts and what total. */
async function readForecast(page: Page): Promise<{ contratos: number; centavos: number }> {
  const forecast = page.getByTestId('previsao-faturamento');
  await expect(forecast).toHaveText(/^Próxima execução: \d+ contratos?, R\$/);
  const text = normal(await forecast.innerText());
  return { contratos: Number(/^Próxima execução: (\d+)/.exec(text)?.[1]), centavos: cents(text) };
}

/** axe-core on the screen as it is, as accessibility.spec checks every screen (serious, critical). */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  await waitForApiIdle(page);
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}

test("Faturamento: forecast and runs; 'Emitir agora' on a new client's contract; its invoice read-only, cancelled and listed as Cancelada", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The customer in a context of their own; the staff screens under test get the fixtures' page
  // (a console error or a call to another host fails the test).
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  const cliente = await subscribeNewPerson(customer, `emitir-${Date.now().toString(36)}`, 'Pix');

  const staff = page;
  await signInDemoUser(staff, 'admin@exemplo.com.br');

  // The staff area's menu leads there.
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Faturamento' }).click();
  await expect(staff).toHaveURL(/\/admin\/faturamento$/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Faturamento' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Últimas execuções', exact: true })).toBeVisible();
  const before = await readForecast(staff);
  // The new contract is due now (nothing billed yet), so the next run would bill it.
  expect(before.contratos).toBeGreaterThanOrEqual(1);
  await expectAccessible(staff, '/admin/faturamento');

  // The new client's contract, found by its name: nothing billed yet, next period = this one.
  const contracts = staff.getByRole('region', { name: 'Contratos ativos', exact: true });
  await contracts.getByRole('searchbox').fill(cliente.nome);
  await contracts.getByRole('button', { name: 'Buscar' }).click();
  const row = contracts.getByRole('row', { name: new RegExp(cliente.nome) });
  await expect(row).toHaveCount(1);
  const [nome, plano, , periodo, faturadoAte, proximo] = await cellsOf(row);
  expect([nome, plano, faturadoAte]).toEqual([cliente.nome, 'Profissional (Mensal)', '-']);
  const [inicio = '', fim = ''] = (periodo ?? '').split(' a ');
  expect(proximo).toBe(inicio);

  // 'Emitir agora' asks first and says what it does.
  await row.getByRole('button', { name: `Emitir agora: ${cliente.nome}` }).click();
  const dialog = staff.getByRole('dialog', { name: 'Emitir a próxima fatura agora?' });
  await expect(dialog).toContainText(`A próxima fatura do contrato de ${cliente.nome} (Profissional (Mensal)) será emitida agora`);
  await expectAccessible(staff, "the 'Emitir agora' dialog");
  await dialog.getByRole('button', { name: 'Emitir agora' }).click();
  const issuedNotice = staff.getByText(/^Fatura de R\$\s[\d.]+,\d{2} emitida\.$/);
  await expect(issuedNotice).toBeVisible();
  const issued = cents(await issuedNotice.innerText());
  await expect(dialog).toBeHidden();

  // The contract is billed to the end of its period; the forecast no longer counts it.
  await expect(row.locator('td').nth(4)).toHaveText(fim);
  await expect.poll(async () => (await readForecast(staff)).contratos).toBe(before.contratos - 1);
  // The forecast prices each contract as the run bills it (the promotional price while it
  // lasts): the total drops by exactly the invoice issued.
  const dropped = before.centavos - (await readForecast(staff)).centavos;
  expect(dropped).toBe(issued);

  // The run it made is the newest: manual, one invoice of that amount, no errors.
  const runs = staff.getByRole('region', { name: 'Últimas execuções', exact: true });
  const newest = runs.locator('tbody tr').first();
  await expect(newest.locator('td').nth(1)).toHaveText('Manual');
  const [quando, tipo, faturas, total, , erros] = await cellsOf(newest);
  expect(quando).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  expect([tipo, faturas, cents(total ?? ''), erros]).toEqual(['Manual', '1', issued, '0']);

  // The invoice list: the client's new invoice, from the billing run.
  await staff.goto('/admin/faturas');
  await staff.getByRole('checkbox', { name: 'Vencimento' }).uncheck();
  await staff.getByRole('searchbox').fill(cliente.nome);
  await staff.getByRole('button', { name: 'Buscar' }).click();
  await waitForApiIdle(staff);
  const invoiceRow = staff.getByRole('row', { name: new RegExp(cliente.nome) });
  await expect(invoiceRow).toHaveCount(1);
  const listed = await cellsOf(invoiceRow);
  expect(listed.slice(3, 6)).toEqual(['Fechada/Emitida', normal(formatMoney((issued / 100).toFixed(2))), 'Faturamento recorrente']);
  await invoiceRow.click();
  await expect(staff).toHaveURL(/\/admin\/faturas\/\d+$/);
  const invoiceUrl = staff.url();

  // Read-only items: said so, nothing to add, no item page, no 'Excluir'.
  await expect(staff.getByText('Origem: Faturamento recorrente')).toBeVisible();
  const items = staff.getByRole('region', { name: 'Itens', exact: true });
  // The period's item (its description shortened in the table, whole in its title).
  const item = items.getByRole('row', { name: /^\S+ Assinatura — Profissional \(Mensal\)/ });
  await expect(item).toHaveCount(1);
  await expect(item.locator('td').nth(1).locator('span')).toHaveAttribute(
    'title',
    // The promotional price, when the option has one, is said after the period.
    new RegExp(`^Assinatura — Profissional \\(Mensal\\), ${inicio} a ${fim}( \\(preço promocional\\))?$`),
  );
  await expect(items.getByText('Faturas do faturamento não são alteradas: cancele e emita outra.')).toBeVisible();
  await expect(items.getByRole('button', { name: '+ Adicionar' })).toHaveCount(0);
  await item.click();
  await expect(staff).toHaveURL(invoiceUrl);
  await expect(staff.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await expectAccessible(staff, "a billed invoice's edit screen");

  // 'Cancelar fatura' asks first; then the invoice is Cancelada, with nothing left to change.
  await staff.getByRole('button', { name: 'Cancelar fatura' }).click();
  const cancel = staff.getByRole('dialog', { name: 'Cancelar esta fatura?' });
  await expect(cancel).toContainText('A fatura passa a Cancelada e continua listada');
  await cancel.getByRole('button', { name: 'Cancelar fatura' }).click();
  await expect(staff.getByText('Fatura cancelada. Emita uma nova, se for o caso.')).toBeVisible();
  await expect(staff.getByLabel('Situação', { exact: true })).toHaveValue('9');
  await expect(staff.getByLabel('Situação', { exact: true }).locator('option:checked')).toHaveText('Cancelada');
  await expect(staff.getByRole('button', { name: 'Cancelar fatura' })).toHaveCount(0);
  await expect(staff.getByRole('button', { name: 'Salvar' })).toHaveCount(0);

  // Still listed, as Cancelada.
  await staff.goto('/admin/faturas');
  await staff.getByRole('checkbox', { name: 'Vencimento' }).uncheck();
  await staff.getByRole('searchbox').fill(cliente.nome);
  await staff.getByRole('button', { name: 'Buscar' }).click();
  await waitForApiIdle(staff);
  await expect(invoiceRow.locator('td').nth(3)).toHaveText('Cancelada');

  // The client's own list keeps it under 'Todas' (the default), as Cancelada.
  await customer.goto(cliente.invoices);
  const customerRows = customer.locator('table.app-invoice-table tbody tr');
  await expect(customerRows).toHaveCount(1);
  await expect(customerRows.first().getByRole('img', { name: 'Cancelada' })).toBeVisible();
  await expect(customerRows.first().getByRole('button', { name: /^Ver detalhes da fatura com vencimento em / })).toBeVisible();
  await customerContext.close();
});
