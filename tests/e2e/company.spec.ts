import { expect, test } from './fixtures.ts';
import { subscribeNewPerson } from './support/new-person.ts';

/**
 * 'Dados da empresa' (issue 41 item 2): a manager keeps the client's billing details outside the
 * plan change, with the plan signup's masks and CEP lookup. A new person's client, so the demo
 * client's data stay as the other specs read them.
 */
test("a manager changes the client's address through the CEP lookup and sets an e-mail for invoices", async ({ page }) => {
  test.setTimeout(90_000);
  await subscribeNewPerson(page, `empresa-${Date.now().toString(36)}`, 'Pix');
  await page.goto('/painel');
  await page.getByRole('navigation', { name: 'Atalhos' }).getByRole('link', { name: 'Dados da empresa' }).click();
  const form = page.getByRole('form', { name: 'Dados da empresa' });
  await expect(form.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');

  // Another CEP: the lookup finds its city (the test server's offline CEP provider knows the
  // capitals' ranges, not their streets, which the manager types).
  await form.getByLabel('CEP').fill('20040-020');
  await expect(form.locator('#empresa-cidade').locator('..').locator('..')).toContainText('Rio de Janeiro - RJ');
  await form.getByLabel('Logradouro').fill('Avenida Rio Branco');
  await form.getByLabel('Número').fill('50');
  await form.getByLabel('Bairro').fill('Centro');
  await form.getByLabel('E-mail para faturas (opcional)').fill('financeiro@exemplo.com.br');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Dados da empresa salvos.')).toBeVisible();

  // Kept: the page read again shows them.
  await page.reload();
  await expect(form.getByLabel('Logradouro')).toHaveValue('Avenida Rio Branco');
  await expect(form.locator('#empresa-cidade').locator('..').locator('..')).toContainText('Rio de Janeiro - RJ');
  await expect(form.getByLabel('Número')).toHaveValue('50');
  await expect(form.getByLabel('CEP')).toHaveValue('20040-020');
  await expect(form.getByLabel('E-mail para faturas (opcional)')).toHaveValue('financeiro@exemplo.com.br');
});
