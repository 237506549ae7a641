import type { Locator, Page } from '@playwright/test';
import { E2E_INVOICE_TOKENS } from '../../src/server/modules/demo-seed/e2e-tokens.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 38: the login, a plan change and the invoice list done with the keyboard alone, as a
 * person who cannot use a mouse would: Tab and Shift+Tab to move, Enter and Space to act, the
 * arrows inside a group of options, Escape to close. No click, no fill.
 */

const MAX_TABS = 60;

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus; fails when it never gets it (unreachable by keyboard). */
async function tabTo(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${what}: not reached with ${MAX_TABS} presses of Tab`);
}

/** Tabs into a group of radio buttons and moves with the arrows to `option`, which the arrows check. */
async function pickRadio(page: Page, group: Locator, option: Locator, what: string): Promise<void> {
  await expect(group, what).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await group.evaluate((element) => element.contains(document.activeElement))) break;
    await page.keyboard.press('Tab');
  }
  // Tabbing into a group with nothing checked focuses without checking: Space checks.
  await page.keyboard.press('Space');
  for (let presses = 0; presses < 10 && !(await option.isChecked()); presses++) await page.keyboard.press('ArrowDown');
  await expect(option, what).toBeChecked();
}

test('the login, with the keyboard alone', async ({ page }) => {
  await page.goto('/login/1');
  await tabTo(page, page.getByLabel('E-mail'), 'E-mail');
  await page.keyboard.type('gerente@exemplo.com.br');
  await tabTo(page, page.getByLabel('Senha', { exact: true }), 'Senha');
  await page.keyboard.type('demo1234');
  const enter = page.getByRole('button', { name: 'Entrar', exact: true });
  // Enabled once the captcha is solved in the browser (§5).
  await expect(enter).toBeEnabled({ timeout: 15_000 });
  await tabTo(page, enter, 'Entrar');
  await page.keyboard.press('Enter');
  // The 2FA offer takes the focus and keeps it; its buttons are reached by Tab.
  const offer = page.getByRole('dialog');
  await expect(offer).toBeVisible();
  await expect.poll(() => offer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await tabTo(page, offer.getByRole('button', { name: 'Continuar Login' }), 'Continuar Login');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/a\/redirect\?/);
});

test('a plan change, with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/login/1');
  await tabTo(page, page.getByLabel('E-mail'), 'E-mail');
  await page.keyboard.type('gerente@exemplo.com.br');
  await tabTo(page, page.getByLabel('Senha', { exact: true }), 'Senha');
  await page.keyboard.type('demo1234');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  // 'Continuar Login', not 'Lembrar em 30 dias': the offer must still come in the next tests.
  await tabTo(page, page.getByRole('dialog').getByRole('button', { name: 'Continuar Login' }), 'Continuar Login');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/a\/redirect\?/);

  await page.goto('/produto/1/planos');
  await tabTo(page, page.getByRole('button', { name: 'Escolher Profissional (Anual)' }), 'Escolher Profissional (Anual)');
  await page.keyboard.press('Enter');
  // The form opens below the table and its title takes the focus: Tab goes on inside the form.
  const form = page.getByRole('form', { name: 'Complete seu cadastro' });
  await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeFocused();
  const pix = form.getByLabel('Pix');
  await pickRadio(page, form.locator('fieldset', { has: page.getByLabel('Pix') }), pix, 'the payment account');
  const atClose = form.getByLabel(/No fechamento do plano atual/);
  await pickRadio(page, form.locator('fieldset', { has: page.getByLabel(/No fechamento do plano atual/) }), atClose, 'the timing');
  await tabTo(page, form.getByRole('button', { name: 'Confirmar mudança de plano' }), 'Confirmar mudança de plano');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/produto\/1\/planoMudancaSucesso$/);

  // Undone the same way, so the demo manager's plan is as the other tests expect it.
  await tabTo(page, page.getByRole('link', { name: 'Ver planos' }), 'Ver planos');
  await page.keyboard.press('Enter');
  const cancel = page.locator('#mudanca-pendente').getByRole('button', { name: 'Cancelar mudança' });
  await tabTo(page, cancel, 'Cancelar mudança');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Mudança de plano cancelada.')).toBeVisible();
});

test('the invoice list, with the keyboard alone: details open, close with Escape, and focus comes back', async ({ page }) => {
  await page.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
  const details = page.getByRole('button', { name: /Ver detalhes da fatura/ }).first();
  await tabTo(page, details, 'Ver detalhes da fatura');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Detalhes da Fatura' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(details).toBeFocused();
});
