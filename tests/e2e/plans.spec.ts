import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInDemoUser } from './support/sign-in.ts';

/**
 * The plans page of product 1 with the demo data (src/server/modules/demo-seed/demo-data.ts): Gratuito (free),
 * Profissional (Mensal with a promotion, Anual) and Empresarial (requires proofs); three payment
 * accounts; the demo manager's client is on Profissional Mensal for the current month.
 */
const PLANS = '/produto/1/planos';
const PROOF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const choose = (page: Page, plan: string, payment: string) =>
  page.getByRole('button', { name: `Escolher ${plan} (${payment})` }).click();

const banner = (page: Page) => page.locator('#mudanca-pendente');

test('a visitor sees the plans with prices and details, and choosing one asks them to sign in', async ({ page }) => {
  await page.goto(PLANS);
  await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  const professional = page.getByRole('row', { name: /Profissional/ });
  // The promotional price beside the normal one, 'R$' with decimal comma (§9).
  await expect(professional.locator('del')).toHaveText('R$ 149,90');
  await expect(professional.getByText('R$ 119,90')).toBeVisible();
  await expect(page.getByRole('row', { name: /Gratuito/ }).getByText('Grátis')).toBeVisible();
  await expect(page.getByRole('row', { name: /Empresarial/ }).getByRole('cell', { name: 'Ilimitados', exact: true })).toBeVisible();
  // Markdown details, rendered (bold as <strong>).
  await expect(professional.locator('strong', { hasText: 'ilimitados' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cadastre-se' })).toBeVisible();

  await choose(page, 'Profissional', 'Anual');
  const modal = page.getByRole('dialog', { name: 'Ainda não é Cliente?' });
  await expect(modal).toBeVisible();
  await modal.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/login\/1$/);
});

test("a level-20 user is told 'Contate seu Gerente' above the table, 'Escolher' disabled with that tooltip", async ({ page }) => {
  await signInDemoUser(page, 'usuario@exemplo.com.br');
  await page.goto(PLANS);
  const notice = page.getByRole('heading', { name: 'Contate seu Gerente' });
  await expect(notice).toBeVisible();
  const button = page.getByRole('button', { name: 'Escolher Empresarial (Mensal)' });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  const [noticeBox, tableBox] = [await notice.boundingBox(), await page.locator('table').boundingBox()];
  expect(noticeBox!.y).toBeLessThan(tableBox!.y);
  await button.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Contate seu Gerente');
  // Playwright waits for an aria-disabled button to be enabled; a person can still click it.
  await button.click({ force: true });
  await expect(page.getByRole('form', { name: 'Complete seu cadastro' })).toHaveCount(0);
});

test('the demo manager schedules the plan with proofs for the close, sees it pending, and cancels it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInDemoUser(page, 'gerente@exemplo.com.br');
  await page.goto(PLANS);
  await expect(page.getByRole('row', { name: /Profissional/ }).locator('.badge', { hasText: 'Plano atual' })).toBeVisible();
  // The plan and period the contract has cannot be chosen again; its other period can (issue 38).
  await expect(page.getByRole('button', { name: 'Plano atual: Profissional (Mensal)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Escolher Profissional (Anual)' })).toBeEnabled();
  await choose(page, 'Empresarial', 'Mensal');
  const form = page.getByRole('form', { name: 'Complete seu cadastro' });
  await expect(form).toBeVisible();
  // The form opens below the table: it is scrolled into view and its title takes the focus.
  const title = page.getByRole('heading', { name: 'Complete seu cadastro' });
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  // The client's data comes filled in (Empresa Demonstração: a company).
  await expect(form.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-81');
  await expect(form.getByLabel('Razão social')).toHaveValue('Empresa Demonstração Ltda');
  await expect(page.getByTestId('plano-escolhido')).toContainText('Empresarial — Mensal: R$ 399,00');

  // Missing fields: the §5 message, nothing sent.
  await form.getByLabel('Logradouro').fill('');
  await form.getByRole('button', { name: 'Confirmar mudança de plano' }).click();
  await expect(page.getByText('Preencha os campos que estão faltando.')).toBeVisible();
  await expect(form.getByText('Selecione uma forma de pagamento.')).toBeVisible();
  // The missing proof is said under its field with the others (it waited for them before).
  await expect(form.getByLabel('Comprovantes')).toHaveAccessibleDescription(/Este plano exige o envio de comprovantes/);

  // CEP lookup (offline provider in the browser tests): the city of the CEP's range.
  await form.getByLabel('CEP').fill('70040-010');
  await expect(form.locator('#plano-cidade').locator('..').locator('..')).toContainText('Brasília - DF');
  await form.getByLabel('CEP').fill('01310-100');
  await expect(form.locator('#plano-cidade').locator('..').locator('..')).toContainText('São Paulo - SP');
  await form.getByLabel('Logradouro').fill('Avenida Paulista');

  await form.getByLabel('Pix').check();
  // The file picker speaks pt-BR (decision 051) and opens the browser's chooser.
  await expect(form.getByLabel('Comprovantes')).toHaveAccessibleDescription(/Nenhum arquivo selecionado\./);
  const chooser = page.waitForEvent('filechooser');
  await form.getByText('Escolher arquivos', { exact: true }).click();
  await (await chooser).setFiles({ name: 'contrato-social.pdf', mimeType: 'application/pdf', buffer: PROOF });
  await expect(form.getByLabel('Comprovantes')).toHaveAccessibleDescription(/contrato-social\.pdf/);
  await form.getByLabel(/No fechamento do plano atual/).check();
  await form.getByRole('button', { name: 'Confirmar mudança de plano' }).click();

  await expect(page).toHaveURL(/\/produto\/1\/planoMudancaSucesso$/);
  await expect(page.getByText(/A mudança para o plano Empresarial foi agendada para \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  // Back on the plans page, the pending change is shown and blocks another choice.
  await page.getByRole('link', { name: 'Ver planos' }).click();
  await expect(banner(page)).toContainText('Novo plano: Empresarial (Mensal).');
  await expect(banner(page)).toContainText(/Agendada para \d{2}\/\d{2}\/\d{4}\./);
  await choose(page, 'Gratuito', 'Mensal');
  await expect(banner(page)).toHaveAttribute('data-flashing', 'true');
  await expect(banner(page)).not.toHaveAttribute('data-flashing', 'true', { timeout: 3000 });
  await expect(page.getByRole('form', { name: 'Complete seu cadastro' })).toHaveCount(0);

  // Staff see the pending change with its proof, which downloads as it was sent.
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staff = await staffContext.newPage();
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  await staff.goto('/admin/mudancas-plano');
  const row = staff.getByRole('row', { name: /Empresa Demonstração Ltda Empresarial/ });
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    row.getByRole('link', { name: 'contrato-social.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('contrato-social.pdf');
  expect(readFileSync(await download.path()).toString()).toBe(PROOF.toString());
  await staffContext.close();

  // A full reload keeps it: it comes from the server.
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Cancelar mudança' }).click();
  await expect(page.getByText('Mudança de plano cancelada.')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test("'Escolher' clicked before the session is known waits for it: the manager gets the form, not the visitor modal", async ({ page }) => {
  test.setTimeout(60_000);
  await signInDemoUser(page, 'gerente@exemplo.com.br');
  // The session answers late (the issue delayed it 1.5 s): held here until the choice is made.
  let answer = () => undefined as void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/sessao/web', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(PLANS);
  const button = page.getByRole('button', { name: 'Escolher Empresarial (Mensal)' });
  await button.click();
  // Not known yet: the button spins and nothing is decided.
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  answer();
  const form = page.getByRole('form', { name: 'Complete seu cadastro' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Ainda não é Cliente?' })).toHaveCount(0);
  await expect(button).not.toHaveAttribute('aria-busy');

  // Switching the kind of person never leaves the company's name as a person's name (item 8).
  await expect(form.getByLabel('Razão social')).toHaveValue('Empresa Demonstração Ltda');
  await form.getByLabel('Pessoa física').check();
  await expect(form.getByLabel('Nome completo')).toHaveValue('');
  await expect(form.getByLabel('CPF')).toHaveValue('');
  await form.getByLabel('Pessoa jurídica').check();
  await expect(form.getByLabel('Razão social')).toHaveValue('Empresa Demonstração Ltda');
  await expect(form.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-81');
});

test('an immediate change shows on the dashboard', async ({ page }) => {
  await signInDemoUser(page, 'gerente@exemplo.com.br');
  await page.goto(PLANS);
  await choose(page, 'Gratuito', 'Mensal');
  const form = page.getByRole('form', { name: 'Complete seu cadastro' });
  // A free plan preselects the virtual free account (§4).
  await expect(form.getByLabel('Gratuito')).toBeChecked();
  await form.getByLabel('Imediatamente').check();
  await form.getByRole('button', { name: 'Confirmar mudança de plano' }).click();
  await expect(page.getByText('Pronto! Sua conta já está no plano Gratuito.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o painel' }).click();
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
  await expect(page.getByText('Gratuito', { exact: true })).toBeVisible();
});

test('the plans page paints its top bar before its code runs and names its screen code for the browser to fetch at once (decision 090)', async ({
  request,
}) => {
  const html = await (await request.get(PLANS)).text();
  expect(html).toMatch(/<span class="navbar-brand">[^<_]+<\/span>/);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/plans-page-[\w-]+\.js">/);
  expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/plans-page-[\w-]+\.css">/);
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/gl_produto/1/public_planos">');
  // Other pages carry only the entry's own preloads.
  expect(await (await request.get('/painel')).text()).not.toContain('plans-page-');
});

test('the plans page fetches what its HTML preloads once: its data and its stylesheets are not asked for again by its code (decision 092)', async ({
  page,
}) => {
  const requested = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/gl_produto/') || pathname.endsWith('.css')) {
      requested.set(pathname, (requested.get(pathname) ?? 0) + 1);
    }
  });
  await page.goto(PLANS);
  await expect(page.getByRole('table')).toContainText('Profissional');
  await page.waitForLoadState('networkidle');
  expect(requested.get('/api/gl_produto/1/public_planos')).toBe(1);
  expect(requested.get('/api/gl_produto/1/edit')).toBe(1);
  const stylesheets = [...requested].filter(([pathname]) => pathname.endsWith('.css'));
  expect(stylesheets.length).toBeGreaterThan(0);
  for (const [pathname, count] of stylesheets) expect({ pathname, count }).toEqual({ pathname, count: 1 });
});
