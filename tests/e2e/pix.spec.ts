import { parseEmv } from '../../src/shared/pix/br-code.ts';
import { signPixNotification } from '../../src/server/modules/invoices/pix-signature.ts';
import { E2E_INVOICE_TOKENS } from '../../src/server/modules/demo-seed/e2e-tokens.ts';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { signInDemoUser } from './support/sign-in.ts';

/** Staff make a new secret of the account the demo company pays with, for the PSP. */
async function newWebhookSecret(browser: Browser): Promise<{ contaId: string; segredo: string }> {
  const staff = await browser.newPage();
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  await staff.goto('/admin/contas');
  await staff.getByRole('cell', { name: 'Boleto', exact: true }).click();
  const webhook = staff.getByRole('region', { name: 'Confirmação automática (webhook do PSP)' });
  await expect(webhook.getByText('/api/pg_fatura/webhook/pix')).toBeVisible();
  const contaId = (await webhook.locator('dd code').nth(1).textContent())?.trim() ?? '';
  await webhook.getByRole('button', { name: 'Gerar novo segredo' }).click();
  const segredo = await webhook.getByLabel('Novo segredo do webhook (copie agora)').inputValue();
  expect(segredo).toHaveLength(43);
  await staff.close();
  return { contaId, segredo };
}

/** The PSP's signed notice that the payment of a BR Code arrived. */
async function notifyPayment(request: APIRequestContext, conta: { contaId: string; segredo: string }, copiaECola: string) {
  const fields = parseEmv(copiaECola);
  const txid = /^05\d{2}(\w+)$/.exec(fields?.get('62') ?? '')?.[1];
  const body = JSON.stringify({
    pix: [{ endToEndId: `E00000000${Date.now()}0000000`.slice(0, 32), txid, valor: fields?.get('54'), horario: new Date().toISOString() }],
  });
  const response = await request.post('/api/pg_fatura/webhook/pix', {
    headers: {
      'content-type': 'application/json',
      'x-pix-conta': conta.contaId,
      'x-pix-assinatura': signPixNotification(conta.segredo, Math.floor(Date.now() / 1000), body),
    },
    data: body,
  });
  expect(response.status()).toBe(200);
}

/** Issue 39: the Painel leads with what is owed, on a computer and on a phone. */
for (const size of [
  { name: 'a computer', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`on ${size.name}, the manager's Painel says what the demo client owes, how much is overdue and since when`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    // What the invoice list says is owed: the Painel must say the same.
    await page.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
    const total = (await page.getByText(/^Total em aberto: /).textContent())?.replace('Total em aberto: ', '') ?? '';
    const overdue = page.locator('table.app-invoice-table tbody tr').filter({ has: page.getByRole('img', { name: 'Vencida' }) });
    await expect(overdue).toHaveCount(2);
    const oldestDays = /\d+/.exec((await overdue.last().locator('.app-situacao-words').textContent()) ?? '')?.[0];

    await signInDemoUser(page, 'gerente@exemplo.com.br');
    await page.goto('/painel');
    const owed = page.locator('.app-owed-card');
    await expect(owed.getByRole('heading', { name: 'Em aberto' })).toBeVisible();
    await expect(owed.getByText(total, { exact: true })).toBeVisible();
    await expect(owed.getByText('3 faturas em aberto')).toBeVisible();
    await expect(owed.getByText(`2 faturas vencidas, a mais antiga há ${oldestDays} dias`)).toBeVisible();
    await expect(owed.getByRole('button', { name: 'Pagar' })).toBeVisible();
    await expect(page.getByText(/^Renovação em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByText('Forma de pagamento: Boleto')).toBeVisible();
  });
}

/** Issue 20: the demo client pays an open or overdue invoice by PIX from its invoice list. */
test("the demo client's open and overdue invoices offer PIX: the QR code and the copia-e-cola text of the invoice's amount", async ({
  page,
}) => {
  await page.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
  const rows = page.locator('table.app-invoice-table tbody tr');
  await expect(rows.first()).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pagar', exact: true });
  // The current invoice (open) and the two overdue ones; paid ones offer nothing.
  await expect(pay).toHaveCount(3);
  const overdue = rows.filter({ has: page.getByRole('img', { name: 'Vencida' }) }).first();
  const amount = (await overdue.locator('.app-invoice-amount').textContent())?.trim() ?? '';
  // The demo's accounts charge 2 % and 1 % a month (issue 39): the row says the amount today.
  const updated = /atualizado: (\S+)/.exec((await overdue.locator('td').nth(2).textContent()) ?? '')?.[1] ?? '';
  expect(updated).not.toBe('');
  await overdue.getByRole('button', { name: 'Pagar', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Pagar com PIX' });
  await expect(dialog.getByRole('img', { name: 'QR Code PIX desta fatura' })).toBeVisible();
  await expect(dialog.getByText(`R$ ${amount}`)).toBeVisible();
  await expect(dialog.getByText(`R$ ${updated}`)).toBeVisible();
  const code = await dialog.getByLabel('PIX copia e cola').inputValue();
  const fields = parseEmv(code);
  expect(fields?.get('54')).toBe(updated.replace('.', '').replace(',', '.'));
  expect(fields?.get('26')).toContain('br.gov.bcb.pix');
  // Its details (the row) stay closed: the action is not a click on the row.
  await expect(page.getByRole('dialog', { name: 'Detalhes da Fatura' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
});

test('staff register the payment of an overdue invoice: the list shows it paid and the manager gets the receipt', async ({
  page,
  browser,
}) => {
  const list = `/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`;
  await page.goto(list);
  const rows = page.locator('table.app-invoice-table tbody tr');
  const overdue = rows.filter({ has: page.getByRole('img', { name: 'Vencida' }) }).first();
  await expect(overdue).toBeVisible();
  const id = await overdue.getAttribute('data-fatura-id');
  const overdueBefore = await rows
    .filter({ has: page.getByRole('img', { name: 'Vencida' }) })
    .count();

  const staff = await browser.newPage();
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  await staff.goto(`/admin/faturas/${id}`);
  const section = staff.getByRole('region', { name: 'Registrar pagamento recebido' });
  const before = await mailCount();
  await section.getByRole('button', { name: 'Marcar como paga' }).click();
  await expect(
    staff.getByText('Pagamento registrado; o recibo foi enviado aos gerentes do cliente.').first(),
  ).toBeVisible();
  // Paid now: the action is gone.
  await expect(section).toHaveCount(0);
  const mail = await waitForMail('gerente@exemplo.com.br', /Pagamento recebido/, { after: before });
  expect(mail.text).toContain('Recebemos o pagamento de');
  await staff.close();

  await page.reload();
  await expect(rows.filter({ has: page.getByRole('img', { name: 'Vencida' }) })).toHaveCount(
    overdueBefore - 1,
  );
  await expect(
    page.locator(`tr[data-fatura-id="${id}"]`).getByRole('img', { name: 'Paga' }),
  ).toBeVisible();
  await expect(
    page.locator(`tr[data-fatura-id="${id}"]`).getByRole('button', { name: 'Pagar', exact: true }),
  ).toHaveCount(0);
});

test("a PSP's signed notification pays the demo client's overdue invoice: the list shows it paid and the manager gets the receipt", async ({
  page,
  browser,
  request,
}) => {
  const { contaId, segredo } = await newWebhookSecret(browser);

  // The customer's QR code names the invoice (txid) and the amount the PSP reports back.
  await page.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
  const overdue = page
    .locator('table.app-invoice-table tbody tr')
    .filter({ has: page.getByRole('img', { name: 'Vencida' }) })
    .first();
  await expect(overdue).toBeVisible();
  const id = await overdue.getAttribute('data-fatura-id');
  await overdue.getByRole('button', { name: 'Pagar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagar com PIX' });
  const fields = parseEmv(await dialog.getByLabel('PIX copia e cola').inputValue());
  // Field 62 holds one sub-field, 05 (the txid): "05" + its length + the value.
  const txid = /^05\d{2}(\w+)$/.exec(fields?.get('62') ?? '')?.[1];
  expect(txid).toBe(`FATURA${String(id).padStart(10, '0')}`);

  const body = JSON.stringify({
    pix: [
      {
        endToEndId: `E00000000${Date.now()}0000000`.slice(0, 32),
        txid,
        valor: fields?.get('54'),
        horario: new Date().toISOString(),
      },
    ],
  });
  const before = await mailCount();
  const forged = await request.post('/api/pg_fatura/webhook/pix', {
    headers: {
      'content-type': 'application/json',
      'x-pix-conta': contaId,
      'x-pix-assinatura': signPixNotification('outro-segredo', Math.floor(Date.now() / 1000), body),
    },
    data: body,
  });
  expect(forged.status()).toBe(401);
  const signed = await request.post('/api/pg_fatura/webhook/pix', {
    headers: {
      'content-type': 'application/json',
      'x-pix-conta': contaId,
      'x-pix-assinatura': signPixNotification(segredo, Math.floor(Date.now() / 1000), body),
    },
    data: body,
  });
  expect(signed.status()).toBe(200);
  const answer = (await signed.json()) as { data: { recebidos: { resultado: string }[] } };
  expect(answer.data.recebidos[0]?.resultado).toBe('confirmada');

  // The customer still looking at the QR code sees the confirmation arrive, then the row paid.
  await expect(
    dialog.getByText('Pagamento confirmado. Obrigado! A fatura já aparece como paga.'),
  ).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  const mail = await waitForMail('gerente@exemplo.com.br', /Pagamento recebido/, { after: before });
  expect(mail.text).toContain('Recebemos o pagamento de');
  const row = page.locator(`tr[data-fatura-id="${id}"]`);
  await expect(row.getByRole('img', { name: 'Paga' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);

  // Staff see the notified payment among the PIX received, linked to its invoice.
  const back = await browser.newPage();
  await signInDemoUser(back, 'admin@exemplo.com.br');
  await back.goto('/admin/recebimentos-pix');
  const received = back.getByRole('row').filter({ hasText: `${id} · Empresa Demonstração Ltda` });
  await expect(received.getByRole('cell', { name: 'Fatura paga' })).toBeVisible();
  await received.getByRole('link', { name: `${id} · Empresa Demonstração Ltda` }).click();
  await expect(back).toHaveURL(new RegExp(`/admin/faturas/${id}$`));
  await back.close();
});

test("staff turn a client's payment reminders off and on again on the client's page", async ({
  page,
}) => {
  await signInDemoUser(page, 'admin@exemplo.com.br');
  await page.goto('/admin/clientes');
  const client = page.getByRole('cell', { name: 'Empresa Demonstração Ltda', exact: true });
  await client.click();
  const reminders = page.getByLabel('Enviar aos gerentes lembretes de pagamento das faturas', {
    exact: false,
  });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro salvo.').first()).toBeVisible();
  // Saving goes back to the list; the client's page shows what was stored.
  await client.click();
  await expect(reminders).not.toBeChecked();
  await reminders.check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro salvo.').first()).toBeVisible();
  await client.click();
  await expect(reminders).toBeChecked();
});

test("an invoice's details print alone, on one page, with the client's name and without the site around them", async ({
  page,
}) => {
  await page.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
  await page
    .locator('table.app-invoice-table tbody tr')
    .first()
    .getByRole('button', { name: /Ver detalhes da fatura/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes da Fatura' });
  await expect(dialog.getByRole('table')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
  await page.emulateMedia({ media: 'print' });
  await expect(dialog.getByText('Cliente: Empresa Demonstração Ltda')).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  // One page: a PDF lists one /Type /Page object per page.
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
});

test("the manager pays the demo client's next invoice from the Painel, and sees it confirmed there (issue 39)", async ({ page, browser, request }) => {
  const conta = await newWebhookSecret(browser);
  await signInDemoUser(page, 'gerente@exemplo.com.br');
  await page.goto('/painel');
  const owed = page.locator('.app-owed-card');
  // The demo client's account also issues boletos (issue 40): 'Pagar' offers both.
  await owed.getByRole('button', { name: 'Pagar', exact: true }).click();
  await page.getByRole('button', { name: 'Pagar com PIX', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagar com PIX' });
  const copiaECola = await dialog.getByLabel('PIX copia e cola').inputValue();
  await notifyPayment(request, conta, copiaECola);
  await expect(dialog.getByText('Pagamento confirmado. Obrigado! A fatura já aparece como paga.')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(owed.getByText('Nenhuma fatura em aberto.')).toBeVisible();
});
