import type { Locator, Page } from '@playwright/test';
import { E2E_INVOICE_TOKENS } from '../../src/server/modules/demo-seed/e2e-tokens.ts';
import { expect, test } from './fixtures.ts';
import { signInDemoUser } from './support/sign-in.ts';

/**
 * A 375 px phone: the plans table, the invoice list, the invoice details and a
 * back-office list show every column on the screen (stacked cards below Bootstrap's md, each
 * cell led by its column's header), and the page never scrolls sideways.
 */
const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 } });

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

/** Every cell of the row lies within the screen's width, and the labelled ones show their header. */
async function expectRowOnScreen(row: Locator, labels: string[]) {
  // The cells a person sees: a compact card leaves some to the details (display: none).
  const cells = row.locator(':scope > td:visible, :scope > th:visible');
  const count = await cells.count();
  for (let index = 0; index < count; index++) {
    const cell = cells.nth(index);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeVisible();
    const box = await cell.boundingBox();
    expect(box, 'a cell has no box').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH + 0.5);
  }
  const shown = await row.locator(':scope > td[data-label]:visible').evaluateAll((tds) =>
    tds.map((td) => getComputedStyle(td, '::before').content),
  );
  expect(shown).toEqual(labels.map((label) => `"${label}: "`));
}

/** 'R$ 119,90' on one line: the element is not broken across lines. */
async function expectOneLine(element: Locator) {
  expect(await element.evaluate((node) => node.getClientRects().length)).toBe(1);
}

test('the plans table: every column of every plan on the screen, prices in one piece', async ({ page }) => {
  await page.goto('/produto/1/planos');
  await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(3);
  for (let index = 0; index < 3; index++) {
    await expectRowOnScreen(rows.nth(index), ['Usuários', 'Dispositivos', 'Pagamento', 'Detalhes']);
  }
  const professional = page.getByRole('row', { name: /Profissional/ });
  await expectOneLine(professional.locator('del'));
  await expectOneLine(professional.getByText('R$ 119,90'));
  const choose = page.getByRole('button', { name: 'Escolher Profissional (Anual)' });
  await choose.scrollIntoViewIfNeeded();
  await expect(choose).toBeInViewport();
  await expectNoSideScroll(page);
});

test('the invoice list and its details: a compact card per invoice, Qtde. and Valor on the screen', async ({ page }) => {
  await page.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
  const rows = page.locator('table.app-invoice-table tbody tr');
  await expect(rows).toHaveCount(12);
  // Issue 39: due date, amount, situação and one action; the rest is in the details.
  const columns = ['Vencimento', 'Valor (R$)', 'Situação', 'Ações'];
  for (const index of [0, 4, 11]) await expectRowOnScreen(rows.nth(index), columns);
  for (const hidden of ['Pago em', 'NFS-e', 'Emissão da NFS-e']) {
    await expect(rows.nth(3).locator(`td[data-label="${hidden}"]`)).toBeHidden();
  }
  await expect(rows.nth(0).getByRole('button', { name: 'Pagar', exact: true })).toBeVisible();
  await expect(rows.nth(0).getByRole('link', { name: 'Fatura (PDF)' })).toBeHidden();
  for (const cell of [rows.nth(3).getByRole('img', { name: 'Paga' }), rows.nth(3).getByRole('link', { name: 'Fatura (PDF)' })]) {
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport();
  }
  // 3 451 px for the twelve cards before; each is now a few lines.
  for (const index of [0, 3]) expect((await rows.nth(index).boundingBox())?.height ?? 999).toBeLessThan(170);
  await expectNoSideScroll(page);

  await rows.nth(4).getByRole('button', { name: /Ver detalhes da fatura/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes da Fatura' });
  const items = dialog.locator('tbody tr');
  await expect(items).toHaveCount(2);
  for (let index = 0; index < 2; index++) {
    await expectRowOnScreen(items.nth(index), ['Código', 'Descrição', 'Unidade', 'Qtde.', 'Valor']);
  }
  await expectOneLine(items.nth(0).locator('td').last());
  await expectNoSideScroll(page);
});

test('a back-office list: every column of its rows on the screen', async ({ page }) => {
  test.setTimeout(60_000);
  await signInDemoUser(page, 'admin@exemplo.com.br');
  await page.goto('/admin/clientes');
  const rows = page.locator('table.app-crud-table tbody tr');
  await expect(rows.first()).toContainText('@');
  for (const index of [0, 1]) {
    await expectRowOnScreen(rows.nth(index), ['ID', 'Razão social', 'CPF/CNPJ', 'E-mail', 'Cidade']);
  }
  await expectNoSideScroll(page);
  await page.goto('/admin/faturas');
  await expect(page.locator('table.app-crud-table')).toBeVisible();
  await expectNoSideScroll(page);
});
