import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** The demo users' password (src/server/db/demo-seed.ts). */
const DEMO_PASSWORD = 'demo1234';

/** Fills and submits the login of product 1 like a person: e-mail, leave the field, password. */
export async function submitSignIn(page: Page, email: string, senha: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login/1');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('E-mail').blur();
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  const enter = page.getByRole('button', { name: 'Entrar', exact: true });
  // Enabled once the captcha (ALTCHA, solved in the browser) is ready (§5).
  await expect(enter).toBeEnabled({ timeout: 15_000 });
  await enter.click();
}

/**
 * Signs a demo user without 2FA in and waits until the login is done: the 2FA activation offer
 * is put off (§2) and the §4 routing ends on the redirect page of localhost.
 */
export async function signInDemoUser(page: Page, email: string): Promise<void> {
  await submitSignIn(page, email);
  await page.getByRole('button', { name: 'Continuar Login' }).click();
  await expect(page).toHaveURL(/\/a\/redirect\?/);
}
