import { expect, test } from './fixtures.ts';
import { OwnServer } from './support/own-server.ts';
import { ownServerPort } from './support/ports.ts';

/**
 * Issue 38 item 2: a portal that survives a lost connection. The portal these tests use is
 * their own, really stopped and started again (SIGTERM, as a restart does); the suite's server
 * is never touched.
 */
const LOST = 'Sem conexão com o servidor. Verifique sua internet; vamos tentar de novo.';
const BACK = 'Conexão restabelecida.';
// What §8 says about an answer without a body, and what the old client showed for no answer.
const DEVELOPER_TEXTS = /Verificar axios|erro interno|Unable to preload|Erro na página/;

const server = new OwnServer(ownServerPort);

test.describe.configure({ mode: 'serial' });
test.use({
  otherOrigins: [server.url],
  // Chromium reports every refused or cut request on the console, and a request that arrives
  // while the server shuts down is answered 503; here they are the point.
  // (One pattern: Playwright would read a second array item as the fixture's options.)
  expectedConsoleErrors: [/Failed to load resource: (net::ERR_\w+|the server responded with a status of 503)/],
});

test.beforeEach(async () => {
  test.setTimeout(90_000);
  await server.start(); // not running: the first test, or a test that failed while it was stopped
});
test.afterAll(async () => server.remove());

test('the server stops in the middle of the login: the form and what was typed stay, and it is finished once the server is back', async ({ page }) => {
  await page.goto(`${server.url}/login/1`);
  await page.getByLabel('E-mail').fill('gerente@exemplo.com.br');

  await server.stop();
  await page.getByLabel('Senha', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await expect(page.getByText(LOST)).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('gerente@exemplo.com.br');
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('demo1234');
  await expect(page.locator('body')).not.toContainText(DEVELOPER_TEXTS);

  await server.start();
  await expect(page.getByText(BACK)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(LOST)).toHaveCount(0);
  // A write is never resent for the person: still on the login until 'Entrar' again.
  await expect(page).toHaveURL(/\/login\/1$/);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  // 2FA is off for this person: the activation offer comes first (§2), so the sign-in went through.
  await expect(page.getByRole('button', { name: 'Continuar Login' })).toBeVisible();
});

test("a screen whose code cannot be downloaded keeps the one on screen, and opens once the server answers again", async ({ page }) => {
  await page.goto(`${server.url}/login/1`);
  await page.getByLabel('E-mail').fill('alguem@exemplo.com.br');

  await server.stop();
  await page.getByRole('navigation').getByRole('link', { name: 'Planos' }).click();
  await expect(page.getByText(LOST)).toBeVisible();
  // The login and what was typed are still there, not an error page.
  await expect(page.getByLabel('E-mail')).toHaveValue('alguem@exemplo.com.br');
  await expect(page.locator('body')).not.toContainText(DEVELOPER_TEXTS);

  await server.start();
  await expect(page).toHaveURL(/\/produto\/1\/planos$/, { timeout: 15_000 });
  // The screen and the data its route asked for while the server was away.
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(DEVELOPER_TEXTS);
});

test('after a new release renamed the code files, the page reloads itself once, at the screen being opened', async ({ page }) => {
  await page.goto(`${server.url}/login/1`);
  // The server answers, but the file the running page knows is gone, as after a deploy; the
  // page the server sends next is the new release's, whose files are there.
  let released = false;
  let refused = 0;
  await page.route(/\/assets\/plans-page-[\w-]+\.js$/, async (route) => {
    if (released) return route.continue();
    refused += 1;
    return route.fulfill({ status: 404, body: 'Not Found' });
  });
  await page.evaluate(() => Object.assign(window, { pageBeforeTheRelease: true }));
  const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
  await page.getByRole('navigation').getByRole('link', { name: 'Planos' }).click();
  await reloaded;
  released = true;
  await expect(page).toHaveURL(/\/produto\/1\/planos$/);
  await expect(page.getByRole('table').first()).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  // A new page from the server, not the old one patched.
  expect(await page.evaluate(() => 'pageBeforeTheRelease' in window)).toBe(false);
  await expect(page.locator('body')).not.toContainText(DEVELOPER_TEXTS);
});
