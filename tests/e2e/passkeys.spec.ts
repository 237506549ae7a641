import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signUpNewPerson } from './support/new-person.ts';

/**
 * Passkeys (docs/decisions/072-passkeys.md) with Chromium's virtual authenticator
 * (CDP WebAuthn domain): a platform authenticator with user verification that answers at once.
 */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function logout(page: Page): Promise<void> {
  await page.goto('/me/config');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/1$/);
}

/**
 * From the next page load on, the browser offers no passkey autofill, so only the button can
 * start a sign-in: Chromium's virtual authenticator answers an autofill request at once, as if
 * the person had picked the passkey, and it would race the button.
 */
async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

/** Signed in: a person with no plan yet lands on the §4 welcome (direcionar_produto). */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login\/1\/direcionar_produto$/);
  await expect(page.getByRole('heading', { name: 'Seja Bem-vindo(a)' })).toBeVisible();
}

test('a passkey: register it, sign in with it alone (autofill and button), see it used, remove it with the step-up, and it no longer signs in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await addVirtualAuthenticator(page);
  // A person of its own: a passkey counts as 2FA, and the demo users must keep the activation offer.
  const person = await signUpNewPerson(page, 'chave');

  await page.goto('/me/twofa');
  const section = page.getByRole('region', { name: 'Chaves de acesso' });
  await expect(section.getByText('Nenhuma chave de acesso registrada.')).toBeVisible();
  await section.getByLabel('Nome da chave').fill('Chave de teste');
  await section.getByRole('button', { name: 'Adicionar chave de acesso' }).click();
  await expect(page.getByText('Chave de acesso registrada.', { exact: true })).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: 'Chave de teste' });
  await expect(row).toContainText('Nunca usada');

  // Signed out, the e-mail field's autofill offers the passkey, and it alone signs in: no
  // password, no code, no 2FA offer (it counts as 2FA).
  await page.goto('/me/config');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectSignedIn(page);

  // The same with the button.
  await withoutPasskeyAutofill(page);
  await logout(page);
  await page.getByRole('button', { name: 'Entrar com chave de acesso' }).click();
  await expectSignedIn(page);

  await page.goto('/me/twofa');
  await expect(row).not.toContainText('Nunca usada');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}.*\d{2}\/\d{2}\/\d{4}/);

  // Removing it asks the step-up: a passkey sign-in is no proof of the password.
  await row.getByRole('button', { name: 'Remover Chave de teste' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirme sua identidade' });
  await dialog.getByLabel('Senha').fill(person.senha);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Chave de acesso removida.')).toBeVisible();
  await expect(section.getByText('Nenhuma chave de acesso registrada.')).toBeVisible();

  // The authenticator still holds it; the portal no longer knows it.
  await logout(page);
  await page.getByRole('button', { name: 'Entrar com chave de acesso' }).click();
  await expect(
    page.getByText('Não foi possível entrar com a chave de acesso. Tente novamente ou entre com sua senha.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\/1$/);
});
