import type { Page } from '@playwright/test';
import { expect, test, waitForApiIdle } from './fixtures.ts';
import { signInDemoUser } from './support/sign-in.ts';

/**
 * Issue 38 item 3: at a phone's width (375 px) no screen scrolls sideways. Every route is opened
 * with its data loaded and the page's width compared with the window's; one report lists every
 * screen that is wider, with how wide.
 */
test.use({ viewport: { width: 375, height: 812 } });

const INVOICE_TOKEN = 'e2e_empresa_demo_fatura'.padEnd(43, '0');

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function measure(page: Page, paths: readonly string[], wider: Map<string, number>) {
  for (const path of paths) {
    await page.goto(path);
    await waitForApiIdle(page);
    const width = await pageWidth(page);
    if (width > 375) wider.set(path, width);
  }
}

test('no screen is wider than a 375 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  const wider = new Map<string, number>();
  await measure(
    page,
    [
      '/login/1',
      '/login/1/conta_criar',
      '/login/recuperar_email/1',
      '/produto/1/planos',
      '/em-breve',
      '/termos-de-uso',
      '/politica-de-privacidade',
      `/cliente/${INVOICE_TOKEN}/fatura`,
      '/pagina-que-nao-existe',
    ],
    wider,
  );

  // A second session, so the sessions table has a row with 'Encerrar'.
  const other = await page.context().browser()!.newContext();
  await signInDemoUser(await other.newPage(), 'gerente@exemplo.com.br');
  await signInDemoUser(page, 'gerente@exemplo.com.br');
  await measure(page, ['/painel', '/me/config', '/me/meusdados', '/me/twofa', '/me/seguranca', '/me/privacidade'], wider);
  await other.close();

  await signInDemoUser(page, 'multi@exemplo.com.br');
  await measure(page, ['/login/1/conta_selecionar'], wider);

  await signInDemoUser(page, 'admin@exemplo.com.br');
  const lists = [
    'produtos',
    'planos',
    'contas',
    'clientes',
    'usuarios',
    'faturas',
    'faturamento',
    'recebimentos-pix',
    'cidades',
    'mudancas-plano',
    'privacidade',
    'documentos-legais',
    'auditoria',
  ];
  for (const list of lists) {
    await measure(page, [`/admin/${list}`], wider);
    // The list's first record, where the list has one and opens it: its edit screen.
    const first = page.locator('table.app-crud-table tbody tr').first();
    if ((await first.count()) === 0) continue;
    await first.click();
    if (new URL(page.url()).pathname === `/admin/${list}`) continue;
    await waitForApiIdle(page);
    const width = await pageWidth(page);
    if (width > 375) wider.set(new URL(page.url()).pathname, width);
  }
  expect(Object.fromEntries(wider)).toEqual({});
});
