import { expect, test } from './fixtures.ts';

test('the root redirects to the login of product 1, with the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/1$/);
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('an unknown path shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/caminho/que/nao/existe');
  await expect(page.getByText('Ops... a página que você procura não existe ou foi movida de lugar.')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('link', { name: '› Ir para home' }).click();
  await expect(page).toHaveURL(/\/login\/1$/);
});

test('the placeholder landing page leads to the access panel', async ({ page }) => {
  await page.goto('/em-breve');
  await expect(page.getByText('Em breve, novidades.')).toBeVisible();
  await page.getByRole('link', { name: 'Acessar o painel' }).click();
  await expect(page).toHaveURL(/\/login\/1$/);
});

test('the served page carries the csrf-token meta tag matching the XSRF-TOKEN cookie', async ({ page, context }) => {
  await page.goto('/login/1');
  const meta = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(meta).toBeTruthy();
  expect(meta).toBe(cookie?.value);
});
