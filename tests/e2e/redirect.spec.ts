import { expect, test } from './fixtures.ts';
import { signInDemoUser } from './support/sign-in.ts';

/**
 * The redirect page (§2 accessurl_redirect) is no open redirect (decision 041):
 * the query's texts and a plain button only for this portal and the products' own URLs; any
 * other destination gets our warning with its host.
 */
const FOREIGN_TITLE = 'Atenção: você está saindo do portal';
const host = 'gestao-e2e.exemplo.com.br';

const redirectTo = (url: string) =>
  `/a/redirect?${new URLSearchParams({
    url,
    title: 'Portal do Cliente',
    message: 'Sua sessão expirou. Entre novamente para continuar.',
    buttonLabel: 'Entrar novamente',
  }).toString()}`;

test.beforeAll(async ({ browser }) => {
  // A product on its own host, saved by an admin through the staff API.
  const page = await browser.newPage();
  await signInDemoUser(page, 'admin@exemplo.com.br');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': csrf, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const saved = await page.request.post('/api/admin/gl_produto', {
    headers,
    data: { nome: 'Gestão E2E', url: `https://${host}/inicio`, ativo: true },
  });
  expect(saved.status()).toBe(200);
  // Staff cannot save a product URL that is not http(s).
  const refused = await page.request.post('/api/admin/gl_produto', {
    headers,
    data: { nome: 'Produto perigoso', url: 'javascript:alert(document.cookie)' },
  });
  expect(refused.status()).toBe(422);
  await page.close();
});

test("a product's own URL and a path of the portal show the query's texts and the button", async ({ page }) => {
  await page.goto(redirectTo(`https://${host}/inicio?x=1`));
  await expect(page.getByRole('heading', { name: 'Portal do Cliente' })).toBeVisible();
  await expect(page.getByText('Sua sessão expirou. Entre novamente para continuar.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toHaveAttribute('href', `https://${host}/inicio?x=1`);

  await page.goto(redirectTo('/painel'));
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toHaveAttribute('href', /\/painel$/);
});

for (const url of ['//evil.example/login', '/\\evil.example/login', 'https://evil.example/portal', `https://${host}.evil.example/`]) {
  test(`warns before ${url}, with its host and without the query's texts`, async ({ page }) => {
    await page.goto(redirectTo(url));
    await expect(page.getByRole('heading', { name: FOREIGN_TITLE })).toBeVisible();
    const foreignHost = new URL(url, 'https://portal.invalid').host;
    await expect(page.getByTestId('destino-host')).toHaveText(foreignHost);
    await expect(page.getByText('Sua sessão expirou. Entre novamente para continuar.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Entrar novamente' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Continuar para ${foreignHost}` })).toHaveAttribute('href', new RegExp(`^https?://${foreignHost.replaceAll('.', '\\.')}/`));
    // 'Voltar' on a first page goes to the portal's home (the login of product 1).
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/login\/1$/);
  });
}

test('a javascript: URL is refused as no URL at all', async ({ page }) => {
  await page.goto(redirectTo('javascript:alert(document.cookie)'));
  await expect(page.getByText('URL não informada.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toHaveCount(0);
});
