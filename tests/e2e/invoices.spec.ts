import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { E2E_INVOICE_TOKENS } from '../../src/server/modules/demo-seed/e2e-tokens.ts';
import { crc16, parseEmv } from '../../src/shared/pix/br-code.ts';
import { readPdf } from '../helpers/pdf-text.ts';
import { expect, test } from './fixtures.ts';

/**
 * The demo client's invoices (src/server/modules/demo-seed/demo-data.ts), made by the billing run (issue 35):
 * twelve monthly periods, newest first: the newest open (5), the 2nd and 4th before it overdue
 * (8), the rest paid (6) with an NFS-e numbered 2000 + (12 - its place). The server runs with
 * E2E_FIXED_TOKENS, so the token is known here.
 */
const LIST = `/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`;
const VIEW = 'Ver NFS-e';
const DOWNLOAD = 'NFS-e (PDF)';

const rows = (page: Page) => page.locator('table.app-invoice-table tbody tr');
/** The row of the invoice due `monthsAgo` months ago (the list is newest first). */
const row = (page: Page, monthsAgo: number) => rows(page).nth(monthsAgo);
const badge = (page: Page, name: RegExp) => page.getByRole('button', { name });

async function expectDisabled(action: Locator) {
  await expect(action).toHaveAttribute('aria-disabled', 'true');
  await expect(action).not.toHaveAttribute('href');
}

test('the demo client sees its invoices, newest first, with the masked CNPJ', async ({ page }) => {
  const response = await page.goto(LIST);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: 'Faturas de: Empresa Demonstração Ltda' })).toBeVisible();
  await expect(page.getByText('CNPJ: 11.222.333/0001-81')).toBeVisible();
  await expect(rows(page)).toHaveCount(12);
  await expect(row(page, 0).getByRole('img', { name: 'Fechada/Emitida' })).toBeVisible();
  await expect(row(page, 1).getByRole('cell').nth(3)).toHaveText('2011');
  await expect(row(page, 2).getByRole('img', { name: 'Vencida' })).toBeVisible();
  // Beside each icon, the situação in words (issue 39).
  await expect(row(page, 0).getByText('Em aberto', { exact: true })).toBeVisible();
  await expect(row(page, 1).locator('.app-situacao-words')).toHaveText('Paga');
  await expect(row(page, 2).getByText(/^Vencida há \d+ dias?$/)).toBeVisible();

  await row(page, 1).getByRole('img', { name: 'Paga' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Paga');
});

test('each filter badge shows its count and its rows', async ({ page }) => {
  await page.goto(LIST);
  await expect(rows(page)).toHaveCount(12);
  const expected: [RegExp, number][] = [
    [/^Fechada\/Emitida 1$/, 1],
    [/^Paga 9$/, 9],
    [/^Vencida 2$/, 2],
    [/^Todas 12$/, 12],
  ];
  for (const [name, count] of expected) {
    await badge(page, name).click();
    await expect(badge(page, name)).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page)).toHaveCount(count);
  }
  await badge(page, /^Vencida/).click();
  for (let index = 0; index < 2; index++) {
    await expect(rows(page).nth(index).getByRole('img', { name: 'Vencida' })).toBeVisible();
  }
  // The filter is in the address: a reload keeps it.
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
});

test('a row opens the read-only invoice details with its items', async ({ page }) => {
  await page.goto(LIST);
  await row(page, 4).getByRole('cell').nth(3).click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes da Fatura' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Descrição dos Serviços')).toBeVisible();
  await expect(dialog.getByText(/^Assinatura — Profissional \(Mensal\), período de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}, com os ajustes/)).toBeVisible();
  const items = dialog.locator('tbody tr');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByRole('cell')).toHaveText([
    /^PLANO-\d+$/,
    /^Assinatura — Profissional \(Mensal\), \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4} \(preço promocional\)$/,
    'mês',
    '1',
    'R$ 119,90',
  ]);
  // Quantity 0: blank (§2).
  await expect(items.nth(1).getByRole('cell')).toHaveText(['AJUSTE', 'Usuário adicional (cortesia)', 'UN', '', 'R$ 0,00']);
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();
});

test("'Exportar (CSV)' downloads the invoices the filter shows, as rows Excel in pt-BR reads (issue 39)", async ({ page }) => {
  await page.goto(`${LIST}?situacao=6`);
  await expect(rows(page)).toHaveCount(9);
  // Above the table, what is owed: the closed invoice and the two overdue ones.
  await expect(page.getByText(/^Total em aberto: R\$\s[\d.]+,\d{2}$/)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('faturas-empresa-demonstracao-ltda-paga.csv');
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Vencimento;Pago em;Valor (R$);Situação;NFS-e;Emissão da NFS-e;Descrição');
  const cells = lines.slice(1).map((line) => line.split(';'));
  expect(cells).toHaveLength(9);
  for (const cell of cells) {
    expect(cell[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(cell[2]).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    expect(cell[3]).toBe('Paga');
  }
  // The newest paid invoice's note, as the list shows it.
  expect(cells[0]![4]).toBe('2011');
});

test('the PDF action downloads the real PDF of the note', async ({ page }) => {
  await page.goto(LIST);
  const downloading = page.waitForEvent('download');
  await row(page, 1).getByRole('link', { name: DOWNLOAD }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('nfse-2011.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  // Downloading leaves the list where it was.
  await expect(rows(page)).toHaveCount(12);
});

test("'Fatura (PDF)' downloads the invoice as one page: the client, the total and a valid BR Code (issue 39)", async ({ page }) => {
  await page.goto(LIST);
  const amount = (await row(page, 0).locator('.app-invoice-amount').textContent())?.trim() ?? '';
  const downloading = page.waitForEvent('download');
  await row(page, 0).getByRole('link', { name: 'Fatura (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fatura-\d{4}-\d{2}-empresa-demonstracao-ltda\.pdf$/);
  const pdf = await readPdf(await readFile(await download.path()));
  expect(pdf.pages).toBe(1);
  expect(pdf.text).toContain('Empresa Demonstração Ltda');
  expect(pdf.text).toContain(`Total: R$ ${amount}`);
  // The copia e cola, wrapped over lines in the page: the PIX modal's BR Code, its CRC right.
  await row(page, 0).getByRole('button', { name: 'Pagar', exact: true }).click();
  const pix = page.getByRole('dialog', { name: 'Pagar com PIX' });
  const brCode = await pix.getByLabel('PIX copia e cola').inputValue();
  await pix.getByRole('button', { name: 'Fechar' }).click();
  expect(crc16(brCode.slice(0, -4))).toBe(brCode.slice(-4));
  expect(parseEmv(brCode)?.get('54')).toBe(amount.replace(/\./g, '').replace(',', '.'));
  const flat = (text: string) => text.replace(/\s+/g, '');
  expect(flat(pdf.text)).toContain(flat(brCode));

  // The same document from the details.
  await row(page, 0).getByRole('button', { name: /Ver detalhes da fatura/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes da Fatura' });
  await expect(dialog.getByRole('link', { name: 'Fatura (PDF)' })).toHaveAttribute('href', /\/fatura\.pdf$/);
  // An NFS-e action that cannot be taken says why.
  await dialog.getByRole('link', { name: VIEW }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('NFS-e ainda não emitida');
});

test("the demo client's open invoice on the Boleto account offers its boleto, 'em registro no banco' until the bank confirms it (issue 40)", async ({ page }) => {
  await page.goto(LIST);
  await row(page, 0).getByRole('button', { name: 'Boleto', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Boleto' });
  await expect(dialog.getByText('Banco do Brasil')).toBeVisible();
  await expect(dialog.getByText('Boleto em registro no banco.')).toBeVisible();
  await expect(dialog.getByLabel('Linha digitável')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Baixar boleto (PDF)' })).toHaveCount(0);
  // Paid invoices offer none.
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(row(page, 1).getByRole('button', { name: 'Boleto', exact: true })).toHaveCount(0);
});

test('the view action opens the city hall, or the national consultation of the key, in a new tab', async ({ page }) => {
  await page.goto(LIST);
  const cityHall = row(page, 1).getByRole('link', { name: VIEW });
  await expect(cityHall).toHaveAttribute('href', 'https://nfse.prefeitura.example/notas/2011');
  await expect(cityHall).toHaveAttribute('target', '_blank');
  await expect(cityHall).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(row(page, 6).getByRole('link', { name: VIEW })).toHaveAttribute(
    'href',
    /^https:\/\/www\.nfse\.gov\.br\/ConsultaPublica\/\?tpc=1&chave=\d{50}$/,
  );
  // A note with a PDF but no page anywhere, and one with a page but no PDF.
  await expectDisabled(row(page, 9).getByRole('link', { name: VIEW }));
  await expect(row(page, 9).getByRole('link', { name: DOWNLOAD })).toHaveAttribute('href', /\/nfse\.pdf$/);
  await expectDisabled(row(page, 10).getByRole('link', { name: DOWNLOAD }));
});

test('a note without links has both actions disabled', async ({ page }) => {
  await page.goto(LIST);
  const oldest = row(page, 11);
  await expect(oldest.getByRole('img', { name: 'Paga' })).toBeVisible();
  await expectDisabled(oldest.getByRole('link', { name: VIEW }));
  await expectDisabled(oldest.getByRole('link', { name: DOWNLOAD }));
  // An open invoice has no note, so no actions either.
  await expectDisabled(row(page, 0).getByRole('link', { name: VIEW }));
  await expectDisabled(row(page, 0).getByRole('link', { name: DOWNLOAD }));
  // A click on a disabled action goes nowhere: not to the details behind it either (item 8).
  // Opening the details asks for the invoice's items at once; no such request may follow.
  const detailsAsked: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/pg_fatura\/cliente\/[^/]+\/\d+$/.test(new URL(request.url()).pathname)) detailsAsked.push(request.url());
  });
  for (const label of [VIEW, DOWNLOAD]) {
    const box = await oldest.getByRole('link', { name: label }).boundingBox();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  }
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: 'Detalhes da Fatura' })).toHaveCount(0);
  expect(detailsAsked).toEqual([]);
});

test("an approval link that is unknown or used says so, authorises nothing, and points to the login of product 1", async ({ page }) => {
  await page.goto('/fatura/faturaEmitida/um-link-de-aprovacao-que-nao-existe-0123456789');
  await expect(page.getByText(/Este link de aprovação já foi usado ou não existe/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Fatura autorizada!' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/login\/1$/);
});
