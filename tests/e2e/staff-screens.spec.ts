import { expect, test } from './fixtures.ts';
import { signInDemoUser } from './support/sign-in.ts';

/**
 * Issue 38 item 4: staff dialogs and fields say what they do, at a desktop's and a phone's width.
 * Nothing here changes the demo data: every dialog is cancelled and nothing is saved.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the delete dialog names the client, and its phone and CEP fields are masked as on the customer side', async ({ page }) => {
      await signInDemoUser(page, 'admin@exemplo.com.br');
      await page.goto('/admin/clientes');
      await page.getByRole('row', { name: /Empresa Demonstração Ltda/ }).click();
      await expect(page).toHaveURL(/\/admin\/clientes\/\d+$/);
      const celular = page.getByLabel('Celular');
      await expect(celular).toBeEnabled();

      // What the field holds is erased, then the digits typed, as a person would.
      await celular.press('Control+a');
      await celular.press('Backspace');
      await celular.pressSequentially('11987654321');
      await expect(celular).toHaveValue('(11) 98765-4321');
      const cep = page.getByLabel('CEP');
      await cep.press('Control+a');
      await cep.press('Backspace');
      await cep.pressSequentially('01310100');
      await expect(cep).toHaveValue('01310-100');

      await page.getByRole('button', { name: 'Excluir', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveAccessibleName('Excluir o cliente Empresa Demonstração Ltda?');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toHaveCount(0);
    });

    test('a refused delete names the record and says why, on the screen however far the page scrolled', async ({ page }) => {
      await signInDemoUser(page, 'admin@exemplo.com.br');
      await page.goto('/admin/planos');
      await page.locator('table.app-crud-table tbody tr').first().click();
      await expect(page).toHaveURL(/\/admin\/planos\/\d+$/);
      // A demo plan has payment options: its delete is refused (409).
      const excluir = page.getByRole('button', { name: 'Excluir', exact: true });
      await excluir.scrollIntoViewIfNeeded();
      if (viewport.width === 375) expect(await page.evaluate(() => window.scrollY), 'the page did not scroll').toBeGreaterThan(0);
      await excluir.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveAccessibleName(/^Excluir o plano .+\?$/);
      await dialog.getByRole('button', { name: 'Excluir' }).click();
      await expect(page.getByText('Não é possível excluir: este registro está em uso por outros cadastros.')).toBeInViewport();
    });

    test("the invoice list says it opens filtered to this month, and 'Mostrar todas' lifts the filter", async ({ page }) => {
      await signInDemoUser(page, 'admin@exemplo.com.br');
      await page.goto('/admin/faturas');
      const filter = page.getByRole('status').filter({ hasText: /^Mostrando as faturas com vencimento de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}\./ });
      await expect(filter).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Vencimento' })).toBeChecked();
      await filter.getByRole('button', { name: 'Mostrar todas' }).click();
      await expect(filter).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: 'Vencimento' })).not.toBeChecked();
    });

    test("a user's security section has no stray '#' after its title", async ({ page }) => {
      await signInDemoUser(page, 'admin@exemplo.com.br');
      await page.goto('/admin/usuarios');
      await page.getByRole('row', { name: /gerente@exemplo\.com\.br/ }).click();
      const heading = page.getByRole('heading', { name: /^Segurança/ });
      await expect(heading).toBeVisible();
      await expect(heading).not.toContainText('#');
    });
  });
}

test.describe('in a browser set to English', () => {
  test.use({ locale: 'en-US' });

  test("'Registrar pagamento recebido' takes the date and time as dd/mm/aaaa hh:mm, never the browser's own format", async ({ page }) => {
    await signInDemoUser(page, 'admin@exemplo.com.br');
    await page.goto('/admin/faturas');
    const status = page.getByRole('status').filter({ hasText: 'Mostrando as faturas' });
    await status.getByRole('button', { name: 'Mostrar todas' }).click();
    // An open invoice of the demo: its screen has the payment section.
    await page.getByRole('row', { name: /Fechada|Vencida/ }).first().click();
    const section = page.getByRole('region', { name: 'Registrar pagamento recebido' });
    const field = section.getByLabel('Pago em');
    await expect(field).toHaveValue(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    await expect(field).not.toHaveAttribute('type', 'datetime-local');
    await field.selectText();
    await field.press('Backspace');
    await field.pressSequentially('3102');
    // An impossible or unfinished date cannot be sent, and says why.
    await expect(section.getByRole('button', { name: 'Marcar como paga' })).toBeDisabled();
    await expect(section.getByText('Informe a data e a hora do pagamento (dd/mm/aaaa hh:mm).')).toBeVisible();
    await field.pressSequentially('20261430');
    await expect(field).toHaveValue('31/02/2026 14:30');
    await expect(section.getByRole('button', { name: 'Marcar como paga' })).toBeDisabled();
    await field.selectText();
    await field.pressSequentially('270220261430');
    await expect(field).toHaveValue('27/02/2026 14:30');
    await expect(section.getByRole('button', { name: 'Marcar como paga' })).toBeEnabled();
  });
});
