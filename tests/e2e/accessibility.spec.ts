import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_FATURA_TOKENS } from '../../src/server/db/e2e-tokens.ts';
import { expect, test, waitForApiIdle } from './fixtures.ts';
import { signInDemoUser, submitSignIn } from './support/sign-in.ts';

/**
 * Axe-core on every screen, on a desktop and on a 375 px phone. A serious or critical
 * violation fails the test and names the rule and the elements, so the fix is one search away.
 */

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

/** Waits until the screen has settled (its data loaded, no loading bar), then runs axe on it. */
async function expectAccessibleAtThisSize(page: Page, screen: string, settled: boolean): Promise<void> {
  // A resize starts no API call: once settled at the first size, the screen stays so.
  if (!settled) await waitForApiIdle(page);
  await expect(page.locator('.app-loading-bar')).toHaveCount(0);
  await expect(page.locator('main h1, [role="dialog"] .modal-title').first()).toBeVisible();
  // The settled look, not the pointer's: a control left under the mouse by the last click (or
  // moved under it by the new layout) would be measured in its hover colours.
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/**
 * The screen as it is, at both sizes: one visit, the page resized in place (the layout follows
 * CSS media queries, as it would on a phone), so each screen is loaded once, not twice.
 */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  for (const [index, size] of SIZES.entries()) {
    await page.setViewportSize(size.viewport);
    await expectAccessibleAtThisSize(page, `${screen} on a ${size.name}`, index > 0);
  }
}

async function visit(page: Page, path: string): Promise<void> {
  await page.setViewportSize(SIZES[0].viewport);
  await page.goto(path);
  await expectAccessible(page, path);
}

test.describe('axe-core on a desktop and on a phone', () => {
  // Bootstrap turns its colour transitions off for reduced motion: axe then never measures a
  // button half-way between two states (it did, once, on a loaded machine).
  test.use({ reducedMotion: 'reduce' });
  // Each test walks through many screens, and axe takes a moment on each.
  test.describe.configure({ timeout: 180_000 });

  test('the screens a visitor reaches', async ({ page }) => {
    for (const path of [
      '/login/1',
      '/login/1/conta_criar',
      '/login/recuperar_email/1',
      '/login/recuperar_token/um-token-que-nao-existe',
      '/produto/1/planos',
      '/em-breve',
      '/termos-de-uso',
      '/politica-de-privacidade',
      '/fatura/faturaEmitida/um-token-que-nao-existe',
      // The consent screen of an application's request that is gone (the live one: connected-apps.spec).
      '/login/1/autorizar_aplicativo?interacao=um-pedido-que-nao-existe',
      `/cliente/${E2E_FATURA_TOKENS.empresaDemo}/fatura`,
    ]) {
      await visit(page, path);
    }
    await page.locator('table.app-invoice-table tbody tr').nth(4).getByRole('button', { name: /Ver detalhes da fatura/ }).click();
    await expect(page.getByRole('dialog', { name: 'Detalhes da Fatura' })).toBeVisible();
    await expectAccessible(page, 'the invoice details');
  });

  test('the screens of a signed-in customer', async ({ page }) => {
    await signInDemoUser(page, 'gerente@exemplo.com.br');
    for (const path of ['/painel', '/me/config', '/me/meusdados', '/me/twofa', '/me/seguranca', '/me/privacidade', '/produto/1/planos']) {
      await visit(page, path);
    }
    await page.setViewportSize(SIZES[0].viewport);
    await page.getByRole('button', { name: /^Escolher/ }).first().click();
    await expect(page.getByRole('button', { name: 'Trocar' })).toBeVisible();
    await expectAccessible(page, 'the plan form');
  });

  test('the account selection', async ({ page }) => {
    await submitSignIn(page, 'multi@exemplo.com.br');
    await page.getByRole('button', { name: 'Continuar Login' }).click();
    await expect(page).toHaveURL(/conta_selecionar/);
    await expectAccessible(page, 'the account selection');
  });

  test('the plans of a level-20 person (no power to choose)', async ({ page }) => {
    await signInDemoUser(page, 'usuario@exemplo.com.br');
    await visit(page, '/produto/1/planos');
  });

  test.describe('a load error', () => {
  // The simulated failure is reported on the console by Chromium; here it is the point.
  test.use({ expectedConsoleErrors: [/the server responded with a status of 500/] });
  test("a screen whose data failed to load: the error banner and its 'Tentar novamente' (issue 38)", async ({ page }) => {
    await signInDemoUser(page, 'gerente@exemplo.com.br');
    // The server answered, with a failure: the screen says so and offers to ask again.
    await page.route('**/api/gl_usuario/me/sessoes', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'Falha simulada.', errors: null, data: null }) }),
    );
    await page.setViewportSize(SIZES[0].viewport);
    await page.goto('/me/seguranca');
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expectAccessible(page, 'a load error');
  });
  });

  test('the back-office', async ({ page }) => {
    await signInDemoUser(page, 'admin@exemplo.com.br');
    const sections = ['produtos', 'planos', 'contas', 'clientes', 'usuarios', 'faturas', 'cidades', 'mudancas-plano'];
    await visit(page, '/admin');
    for (const section of sections) {
      await visit(page, `/admin/${section}`);
      if (section === 'mudancas-plano') continue;
      // The first record's edit screen: every form the back-office builds.
      await page.setViewportSize(SIZES[0].viewport);
      await page.locator('main table tbody tr').first().click();
      await expect(page).toHaveURL(new RegExp(`/admin/${section}/\\d+`));
      await expectAccessible(page, `/admin/${section}/:id`);
    }
  });
});

test('every customer form marks its required fields with * and the tooltip, and only those', async ({ page }) => {
  await page.goto('/login/1');
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-required', 'true');
  const marker = page.locator('label[for="login-email"] + span');
  await expect(marker).toHaveText('*');
  await marker.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Campo obrigatório.');

  await signInDemoUser(page, 'gerente@exemplo.com.br');
  await page.goto('/produto/1/planos');
  await page.getByRole('button', { name: 'Escolher Profissional (Anual)' }).click();
  const form = page.getByRole('form', { name: 'Complete seu cadastro' });
  await expect(form).toBeVisible();
  for (const id of ['cpfcnpj', 'razao-social', 'email', 'celular', 'cep', 'logradouro', 'numero', 'bairro', 'cidade']) {
    await expect(form.locator(`#plano-${id}`), id).toHaveAttribute('aria-required', 'true');
    await expect(form.locator(`label[for="plano-${id}"] + span`), id).toHaveText('*');
  }
  for (const id of ['fixo', 'complemento']) {
    await expect(form.locator(`#plano-${id}`), id).not.toHaveAttribute('aria-required');
    await expect(form.locator(`label[for="plano-${id}"] + span`), id).toHaveCount(0);
  }

  await page.goto('/me/meusdados');
  for (const label of ['Nome', 'Apelido', 'Telefone celular']) {
    await expect(page.getByLabel(label, { exact: true }), label).toHaveAttribute('aria-required', 'true');
  }
  // ID and E-mail are shown, not edited: the read-only plain style, not a field's box.
  for (const id of ['#meusdados-id', '#meusdados-email']) {
    await expect(page.locator(id)).toHaveClass('form-control-plaintext');
    await expect(page.locator(id)).toHaveAttribute('readonly', '');
  }
});

test('the top bar: the client name takes no focus; the phone menu button says whether it is open', async ({ page }) => {
  await signInDemoUser(page, 'gerente@exemplo.com.br');
  await page.goto('/painel');
  const clientName = page.locator('.app-nav-client');
  await expect(clientName).toBeVisible();
  await expect(clientName).not.toHaveAttribute('tabindex');

  await page.setViewportSize({ width: 375, height: 812 });
  const open = page.getByRole('button', { name: 'Abrir menu' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  const close = page.getByRole('button', { name: 'Fechar menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await close.click();
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('one page width rule: single-form screens are a centred column, the others use the full width', async ({ page }) => {
  const centre = async (selector: string) => {
    const box = (await page.locator(selector).first().boundingBox())!;
    const width = page.viewportSize()!.width;
    return Math.abs(box.x + box.width / 2 - width / 2);
  };
  for (const path of ['/login/1', '/login/1/conta_criar', '/login/recuperar_email/1']) {
    await page.goto(path);
    await expect(page.locator('.app-login')).toBeVisible();
    expect(await centre('.app-login'), path).toBeLessThan(20);
  }
  await signInDemoUser(page, 'gerente@exemplo.com.br');
  for (const path of ['/me/meusdados', '/me/seguranca', '/produto/1/planos']) {
    await page.goto(path);
    const heading = page.locator('main h1');
    await expect(heading).toBeVisible();
    const section = (await page.locator('main section').first().boundingBox())!;
    const container = (await page.locator('main .container').boundingBox())!;
    expect(Math.round(section.width), path).toBeGreaterThanOrEqual(Math.round(container.width) - 30);
  }
});

test('every focusable control shows a solid focus ring of at least 3:1, not a pale glow (WCAG 2.2, issue 38)', async ({ page }) => {
  await page.goto('/login/1');
  const ringOf = (name: string) =>
    page.getByLabel(name, { exact: true }).evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
  for (const field of ['E-mail', 'Senha']) {
    await page.getByLabel(field, { exact: true }).focus();
    const ring = await ringOf(field);
    expect(ring.style, field).toBe('solid');
    expect(ring.width, field).toBeGreaterThanOrEqual(2);
    // The ring's colour against the white page: the relative luminance contrast (WCAG 1.4.11).
    const [r, g, b] = (ring.color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    expect((1 + 0.05) / (luminance + 0.05), field).toBeGreaterThanOrEqual(3);
  }
});

