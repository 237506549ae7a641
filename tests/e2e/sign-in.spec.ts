import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { codeSource } from './support/totp-codes.ts';

const PASSWORD = 'demo1234';

interface LoginOptions {
  /** A recovery key, or a function giving a TOTP code, called only when the field is filled. */
  code?: string | (() => Promise<string>);
  trustAs?: string;
  /** Expect the 2FA code field to show (true) or not (false) after leaving the e-mail field. */
  expectCodeField?: boolean;
}

/** Fills the login of product 1 like a person: e-mail, leave the field, password, code. */
async function submitLogin(page: Page, email: string, options: LoginOptions = {}) {
  await page.goto('/login/1');
  await page.getByLabel('E-mail').fill(email);
  // The 2FA check runs as the field is left; its answer decides whether the code field shows.
  const checked = page.waitForResponse((response) => response.url().includes('/api/gl_usuario/twofa/twofaCheckUsuario'));
  await page.getByLabel('E-mail').blur();
  await checked;
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  const codeField = page.getByLabel('Código de verificação (2FA)');
  if (options.expectCodeField === true) await expect(codeField).toBeVisible();
  if (options.expectCodeField === false) await expect(codeField).toHaveCount(0);
  if (options.code !== undefined) {
    // The captcha first (ALTCHA, solved in the browser, §5), so that the code is sent as soon as
    // it is typed; with 2FA on, 'Entrar' stays off until the code is given.
    await expect(page.getByRole('checkbox', { name: 'Verificado' })).toBeChecked({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeDisabled();
    await codeField.fill(typeof options.code === 'string' ? options.code : await options.code());
  }
  if (options.trustAs) {
    await page.getByLabel('Confiar neste dispositivo').check();
    await page.getByLabel('Nome do dispositivo').fill(options.trustAs);
  }
  // Enabled once the captcha (ALTCHA, solved in the browser) is ready (§5).
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** On localhost the portal shows the redirect page before the product's url (§4). */
async function followProductRedirect(page: Page) {
  await expect(page).toHaveURL(/\/a\/redirect\?/);
  await page.getByRole('link', { name: 'Acessar Portal Demo' }).click();
  await expect(page).toHaveURL(/\/painel/);
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
}

async function logout(page: Page) {
  await page.goto('/me/config');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/1/);
}

test('the demo manager signs in and lands on the dashboard', async ({ page }) => {
  await submitLogin(page, 'gerente@exemplo.com.br', { expectCodeField: false });
  // 2FA is off: the activation offer comes first (§2).
  await page.getByRole('button', { name: 'Continuar Login' }).click();
  await followProductRedirect(page);
  await expect(page.getByText('Empresa Demonstração Ltda')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Faturas', exact: true })).toHaveAttribute('href', /\/cliente\/[\w-]{32,}\/fatura$/);
  // The tokens the product url carries do not stay in the address bar.
  expect(page.url()).not.toContain('sessao_token');
});

test('a wrong password keeps the person on the login with the password focused', async ({ page }) => {
  await page.goto('/login/1');
  await page.getByLabel('E-mail').fill('gerente@exemplo.com.br');
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();
  await expect(page.getByLabel('Senha', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/login\/1$/);
});

test("a notice closes with the mouse on its 'Fechar'", async ({ page }) => {
  await page.goto('/login/1');
  await page.getByLabel('E-mail').fill('gerente@exemplo.com.br');
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos.' });
  await expect(notice).toBeVisible();
  // A real click at the ×, which reaches the page below unless the notice takes it.
  const close = notice.getByRole('button', { name: 'Fechar' });
  const box = await close.boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(notice).toHaveCount(0);
});

test("a successful sign-in leaves the failed attempt's notice behind", async ({ page }) => {
  await page.goto('/login/1');
  await page.getByLabel('E-mail').fill('gerente@exemplo.com.br');
  await page.getByLabel('E-mail').blur();
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  const enter = page.getByRole('button', { name: 'Entrar', exact: true });
  await expect(enter).toBeEnabled({ timeout: 15_000 });
  await enter.click();
  await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await expect(enter).toBeEnabled({ timeout: 15_000 });
  await enter.click();
  await page.getByRole('button', { name: 'Continuar Login' }).click();
  await expect(page).toHaveURL(/\/a\/redirect\?/);
  await expect(page.getByText('E-mail ou senha inválidos.')).toHaveCount(0);
});

test('a user with two clients is sent to account selection', async ({ page }) => {
  await submitLogin(page, 'multi@exemplo.com.br');
  // The 2FA offer (issue 38): one button a line, full width, at both sizes; 'Continuar Login'
  // not in the grey a disabled button has.
  const offer = page.getByRole('dialog');
  const buttons = ['Ativar agora', 'Lembrar em 30 dias', 'Continuar Login'].map((name) => offer.getByRole('button', { name }));
  for (const size of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
    await page.setViewportSize(size);
    // Measured once the modal's slide-in has ended: mid-transition its buttons move between
    // two measurements (seen on a loaded machine).
    await offer.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const boxes = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!));
    for (const [index, box] of boxes.entries()) {
      expect(Math.round(box.width), `button ${index + 1} at ${size.width} px`).toBe(Math.round(boxes[0]!.width));
      if (index > 0) expect(box.y, `button ${index + 1} at ${size.width} px`).toBeGreaterThanOrEqual(boxes[index - 1]!.y + boxes[index - 1]!.height);
    }
  }
  await expect(buttons[2]!).not.toHaveCSS('color', 'rgb(108, 117, 125)');
  await page.getByRole('button', { name: 'Lembrar em 30 dias' }).click();
  await expect(page).toHaveURL(/\/login\/1\/conta_selecionar/);
});

test('2FA: enrol, demand the code, trust a device, untrust it after the step-up, disable with a recovery key', async ({ page }) => {
  test.setTimeout(180_000);
  let secret = '';
  const nextCode = codeSource(() => secret);

  // Enrolment from the login's activation offer.
  await submitLogin(page, 'usuario@exemplo.com.br', { expectCodeField: false });
  await page.getByRole('button', { name: 'Ativar agora' }).click();
  await expect(page).toHaveURL(/\/me\/twofa\?.*askOnMount=1/);
  secret = (await page.locator('code.app-twofa-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Código de verificação').fill('000000');
  await page.getByRole('button', { name: 'Validar e ativar' }).click();
  await expect(page.getByText('Código inválido.').first()).toBeVisible();
  await page.getByLabel('Código de verificação').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Validar e ativar' }).click();
  await expect(page.getByText('2FA ativado com sucesso!').first()).toBeVisible();
  const keyItems = page.getByRole('list', { name: 'Suas chaves de recuperação' }).getByRole('listitem');
  await expect(keyItems).toHaveCount(10);
  // §8's success check mark never covers what the success produced (issue 38: it hid key #10).
  const flash = await page.getByRole('img', { name: 'Sucesso' }).boundingBox();
  expect(flash).not.toBeNull();
  for (const box of await Promise.all((await keyItems.all()).map((item) => item.boundingBox()))) {
    const apart = !flash || !box || box.x >= flash.x + flash.width || flash.x >= box.x + box.width || box.y >= flash.y + flash.height || flash.y >= box.y + box.height;
    expect(apart, `a recovery key at ${JSON.stringify(box)} is under the check mark ${JSON.stringify(flash)}`).toBe(true);
  }
  const keys = await keyItems.allTextContents();
  await page.getByRole('button', { name: 'Já guardei minhas chaves' }).click();
  await logout(page);

  // The next login demands the code; trusting the device names it.
  await submitLogin(page, 'usuario@exemplo.com.br', {
    expectCodeField: true,
    code: () => nextCode(page),
    trustAs: 'Notebook de teste',
  });
  await followProductRedirect(page);
  await logout(page);

  // On the trusted device the code is not asked.
  await submitLogin(page, 'usuario@exemplo.com.br', { expectCodeField: false });
  await followProductRedirect(page);

  // Removing the trusted device needs a fresh proof: a sign-in on a trusted device asked no
  // code, so the step-up dialog asks it now (security review item 2). Then the code is back.
  await page.goto('/me/twofa');
  const device = page.getByRole('row', { name: /Notebook de teste/ });
  await expect(device).toBeVisible();
  await device.getByRole('button', { name: 'Remover' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirme sua identidade' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByText(/digite o código de 6 dígitos do seu aplicativo autenticador/)).toBeVisible();
  const proof = stepUp.getByLabel('Código do aplicativo ou chave de recuperação');
  await proof.fill('000000');
  await stepUp.getByRole('button', { name: 'Confirmar' }).click();
  await expect(stepUp.getByText('Código inválido.')).toBeVisible();
  await expect(device).toBeVisible();
  await proof.fill(await nextCode(page));
  await stepUp.getByRole('button', { name: 'Confirmar' }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByText('Nenhum dispositivo confiável.')).toBeVisible();
  await logout(page);

  // The code is asked again; a recovery key answers it here, so that this test needs three time
  // steps only (a fourth TOTP code would wait up to 30 s for a step of its own).
  const [firstKey, , thirdKey] = keys;
  await submitLogin(page, 'usuario@exemplo.com.br', { expectCodeField: true, code: thirdKey ?? '' });
  await followProductRedirect(page);

  // A recovery key disables 2FA, which leaves the demo user as found. That a used or replaced
  // key fails afterwards is the next test's.
  await page.goto('/me/twofa');
  await page.getByRole('button', { name: 'Desativar 2FA' }).click();
  await page.getByLabel('Código do aplicativo ou chave de recuperação').fill(firstKey ?? '');
  await page.getByRole('button', { name: 'Confirmar desativação' }).click();
  await expect(page.getByText('2FA desativado com sucesso!').first()).toBeVisible();
});

test('a recovery key signs the person in once, in place of the code, says how many are left, and a used or replaced key fails', async ({ page }) => {
  test.setTimeout(150_000);
  // The user of two clients: the login ends on the account selection (§4). Its own 2FA, so this
  // test does not depend on the one above.
  const email = 'multi@exemplo.com.br';
  const selection = /\/login\/1\/conta_selecionar/;
  let secret = '';
  const nextCode = codeSource(() => secret);
  await submitLogin(page, email);
  // The 2FA activation offer shows unless an earlier test put it off for 30 days (§2).
  const later = page.getByRole('button', { name: 'Lembrar em 30 dias' });
  await expect(later.or(page.getByRole('group', { name: 'Contas' }))).toBeVisible();
  if (await later.isVisible()) await later.click();
  await expect(page).toHaveURL(selection);
  await page.goto('/me/twofa');
  await page.getByRole('button', { name: 'Ativar 2FA' }).click();
  secret = (await page.locator('code.app-twofa-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Código de verificação').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Validar e ativar' }).click();
  await expect(page.getByText('2FA ativado com sucesso!').first()).toBeVisible();
  const keyItems = page.getByRole('list', { name: 'Suas chaves de recuperação' }).getByRole('listitem');
  await expect(keyItems).toHaveCount(10);
  const [first = '', second = '', third = '', fourth = ''] = await keyItems.allTextContents();
  await page.getByRole('button', { name: 'Já guardei minhas chaves' }).click();
  await logout(page);

  // Typed in the code field, without its dashes and in lower case, as a person might.
  await submitLogin(page, email, { expectCodeField: true, code: first.replaceAll('-', '').toLowerCase() });
  await expect(page).toHaveURL(selection);
  await expect(page.getByText(/Restam 9 chaves não usadas\./).first()).toBeVisible();
  await logout(page);

  // Once only.
  await submitLogin(page, email, { expectCodeField: true, code: first });
  await expect(page.getByText('Código inválido.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/1$/);

  // A third key disables 2FA.
  await submitLogin(page, email, { expectCodeField: true, code: second });
  await expect(page).toHaveURL(selection);
  await expect(page.getByText(/Restam 8 chaves não usadas\./).first()).toBeVisible();
  await page.goto('/me/twofa');
  await page.getByRole('button', { name: 'Desativar 2FA' }).click();
  await page.getByLabel('Código do aplicativo ou chave de recuperação').fill(third);
  await page.getByRole('button', { name: 'Confirmar desativação' }).click();
  await expect(page.getByText('2FA desativado com sucesso!').first()).toBeVisible();

  // Turned on again, a used key and an old, replaced one both fail.
  await page.getByRole('button', { name: 'Ativar 2FA' }).click();
  secret = (await page.locator('code.app-twofa-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Código de verificação').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Validar e ativar' }).click();
  await expect(page.getByText('2FA ativado com sucesso!').first()).toBeVisible();
  await expect(keyItems).toHaveCount(10);
  const newKeys = await keyItems.allTextContents();
  await page.getByRole('button', { name: 'Já guardei minhas chaves' }).click();
  await page.getByRole('button', { name: 'Desativar 2FA' }).click();
  for (const oldKey of [third, fourth]) {
    await page.getByLabel('Código do aplicativo ou chave de recuperação').fill(oldKey);
    await page.getByRole('button', { name: 'Confirmar desativação' }).click();
    await expect(page.getByText('Código inválido.').first()).toBeVisible();
  }
  // Leave the demo user as found: 2FA off.
  await page.getByLabel('Código do aplicativo ou chave de recuperação').fill(newKeys[0] ?? '');
  await page.getByRole('button', { name: 'Confirmar desativação' }).click();
  await expect(page.getByText('2FA desativado com sucesso!').first()).toBeVisible();
});

test("the login form stays where it is when the product's name arrives (no layout shift)", async ({ page }) => {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/gl_produto/1/edit', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login/1');
  const form = page.getByRole('form', { name: 'Entrar' });
  await expect(page.getByText('Carregando o produto...')).toBeVisible();
  const loading = await form.boundingBox();
  release();
  await expect(page.locator('p.lead', { hasText: 'Portal Demo' })).toBeVisible();
  const loaded = await form.boundingBox();
  expect(loading).not.toBeNull();
  expect(loaded?.y).toBe(loading?.y);
});
