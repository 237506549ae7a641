import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { formatDate, formatDecimal, formatMoney } from '../../src/shared/format.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { signUpNewPerson } from './support/new-person.ts';
import { apiHeaders, signInDemoUser } from './support/sign-in.ts';

/**
 * Recurring billing seen by a customer (decision 102): the preview before an immediate plan
 * change (§4 timing 1), the prorations it records, and the invoice staff's 'Emitir agora' issues
 * from them. The journey runs on a client of its own (a new person signed up on product 1): the
 * demo client's invoices are counted by invoices.spec and phone.spec, and its plan is changed by
 * plans.spec, so they stay untouched here.
 */
const PLANS = '/produto/1/planos';
const PROOF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface Issued {
  pg_fatura_id: number;
  valor: string;
  data_vencimento: string;
}

const choose = (page: Page, plan: string, payment: string) =>
  page.getByRole('button', { name: `Escolher ${plan} (${payment})` }).click();

/** One space for any run of whitespace (formatMoney's 'R$' is followed by a non-breaking one). */
const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A text as a pattern that takes any whitespace where it has one. */
const pattern = (text: string) =>
  normal(text)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '\\s');

/** The cells of each row, as a person reads them. */
async function readRows(rows: Locator): Promise<string[][]> {
  return Promise.all(
    (await rows.all()).map(async (row) => (await row.locator('th, td').allInnerTexts()).map(normal)),
  );
}

/** 'Emitir agora' for one contract through the staff API (decision 102), as staff's screen calls it. */
async function issueNow(staff: Page, contratoId: number): Promise<Issued> {
  const answer = await staff.request.post(`/api/admin/gl_contrato/${contratoId}/emitir_agora`, {
    headers: await apiHeaders(staff),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Issued }).data;
}

test("a new client's immediate plan change: the preview's prorations and next invoice are what 'Emitir agora' bills, listed and e-mailed", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const person = await signUpNewPerson(page, 'faturamento');

  // §5 plan signup: a first paid plan, with the customer data. No contract yet, so no summary.
  await page.goto(PLANS);
  await choose(page, 'Profissional', 'Mensal');
  const signup = page.getByRole('form', { name: 'Complete seu cadastro' });
  await expect(signup).toBeVisible();
  await signup.getByLabel('CEP').fill('01310-100');
  await expect(signup.locator('#plano-cidade').locator('..').locator('..')).toContainText('São Paulo - SP');
  await signup.getByLabel('Logradouro').fill('Avenida Paulista');
  await signup.getByLabel('Número').fill('1000');
  await signup.getByLabel('Bairro').fill('Bela Vista');
  await signup.getByLabel('Pix').check();
  await expect(signup.getByLabel('Imediatamente')).toBeChecked();
  await expect(page.getByRole('region', { name: 'Resumo da mudança' })).toHaveCount(0);
  await signup.getByRole('button', { name: 'Assinar plano' }).click();
  await expect(page.getByText('Pronto! Sua conta já está no plano Profissional.')).toBeVisible();

  // The contract and the invoice link, from the session answer the screens hold.
  const session = await page.request.get('/api/sessao/web', { headers: await apiHeaders(page) });
  const { data } = (await session.json()) as {
    data: { contrato: { id: number } | null; cliente: { fatura_token: string | null } | null };
  };
  const contratoId = data.contrato?.id ?? 0;
  const token = data.cliente?.fatura_token ?? '';
  expect(contratoId).toBeGreaterThan(0);
  expect(token).not.toBe('');

  // Staff bill the first period now (the suite's server runs no billing run).
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  const first = await issueNow(staff, contratoId);
  const firstPrice = formatMoney(first.valor);

  // §4: another plan, timing 'now'. The summary shows what it bills before 'Confirmar'.
  await page.goto(PLANS);
  await expect(page.getByRole('row', { name: /Profissional/ }).locator('.badge', { hasText: 'Plano atual' })).toBeVisible();
  await choose(page, 'Empresarial', 'Mensal');
  const form = page.getByRole('form', { name: 'Complete seu cadastro' });
  await expect(form).toBeVisible();
  await form.getByLabel('Pix').check();
  const chooser = page.waitForEvent('filechooser');
  await form.getByText('Escolher arquivos', { exact: true }).click();
  await (await chooser).setFiles({ name: 'contrato-social.pdf', mimeType: 'application/pdf', buffer: PROOF });
  await form.getByLabel('Imediatamente').check();

  const summary = page.getByRole('region', { name: 'Resumo da mudança' });
  await expect(summary).toContainText(new RegExp(pattern(`Profissional (Mensal): ${firstPrice}`)));
  await expect(summary).toContainText(new RegExp(pattern(`Empresarial (Mensal): ${formatMoney('399.00')}`)));
  await expect(summary.getByText('Agora', { exact: true })).toBeVisible();
  const proration = summary.getByRole('table', { name: 'Ajustes proporcionais' });
  await expect(proration.locator('tbody tr')).toHaveCount(2);
  const prorationLines = await readRows(proration.locator('tbody tr'));
  // Changed on the period's first day: the whole period of the old price comes back as a
  // credit, and the whole period of the new one is charged (pro rata die, decision 102).
  expect(prorationLines[0]?.[0]).toMatch(/^Crédito proporcional — Profissional, \d+ dias$/);
  expect(prorationLines[0]?.[2]).toBe(normal(`${formatMoney(`-${first.valor}`)} (crédito)`));
  expect(prorationLines[1]?.[0]).toMatch(/^Empresarial, \d+ dias$/);
  expect(prorationLines[1]?.[2]).toBe(normal(formatMoney('399.00')));

  const next = summary.getByRole('table', { name: 'Próxima fatura' });
  // A net charge is billed at once on an invoice of its own: the prorations alone.
  const nextLines = await readRows(next.locator('tbody tr'));
  expect(nextLines).toEqual(prorationLines);
  const total = normal(await next.locator('tfoot td').innerText());
  expect(total).toBe(normal(formatMoney((Number('399.00') - Number(first.valor)).toFixed(2))));
  const dates = /^Emitida em (\d{2}\/\d{2}\/\d{4}), vence em (\d{2}\/\d{2}\/\d{4})$/.exec(
    normal(await summary.getByText(/^Emitida em /).innerText()),
  );
  expect(dates).not.toBeNull();
  const due = dates?.[2] ?? '';

  // The summary passes axe-core as accessibility.spec checks every screen (serious, critical).
  const { violations } = await new AxeBuilder({ page }).include('section[aria-labelledby="plano-resumo-titulo"]').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  await form.getByRole('button', { name: 'Confirmar mudança de plano' }).click();
  await expect(page).toHaveURL(/\/produto\/1\/planoMudancaSucesso$/);
  await expect(page.getByText('Pronto! Sua conta já está no plano Empresarial.')).toBeVisible();

  // 'Emitir agora' issues exactly the invoice the preview showed.
  const mailsBefore = await mailCount();
  const issued = await issueNow(staff, contratoId);
  expect(normal(formatMoney(issued.valor))).toBe(total);
  expect(formatDate(issued.data_vencimento)).toBe(due);
  await staffContext.close();

  // The person's invoice list, by the link their dashboard shows: the new invoice, with the
  // preview's lines and total in its details.
  await page.getByRole('link', { name: 'Ir para o painel' }).click();
  await page.getByRole('link', { name: 'Faturas', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cliente/${token}/fatura$`));
  const rows = page.locator('table.app-invoice-table tbody tr');
  await expect(rows).toHaveCount(2);
  const row = page.locator(`tr[data-fatura-id="${issued.pg_fatura_id}"]`);
  // The list's Valor column has no 'R$' (§2, §9: two decimals, decimal comma).
  await expect(row.getByRole('cell').nth(2)).toHaveText(formatDecimal(issued.valor));
  await row.getByRole('cell').nth(2).click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes da Fatura' });
  await expect(dialog).toBeVisible();
  const items = dialog.locator('tbody tr');
  await expect(items).toHaveCount(nextLines.length);
  // Código, Descrição, Unidade, Qtde., Valor; the preview's Descrição, Qtde., Valor (its
  // credits marked in words, the invoice's by the sign alone).
  const invoiceLines = (await readRows(items)).map(([, descricao, , qtde, valor]) => [descricao, qtde, valor]);
  expect(invoiceLines).toEqual(nextLines.map(([descricao, qtde, valor]) => [descricao, qtde, valor?.replace(/ \(crédito\)$/, '')]));
  await expect(dialog).toContainText(new RegExp(`Valor total\\s*${pattern(total)}`));

  // The issue notice to the client's manager, with the link to that list and the PIX code.
  const mail = await waitForMail(
    person.email,
    new RegExp(`^Nova fatura de ${pattern(total)}, vencimento em ${due.replace(/\//g, '\\/')} - `),
    { after: mailsBefore },
  );
  expect(mail.text).toContain(`${baseURL}/cliente/${token}/fatura`);
  expect(mail.text).toContain('PIX copia e cola');
});
