import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { E2E_INVOICE_TOKENS } from '../../src/server/modules/demo-seed/e2e-tokens.ts';
import { expect, test } from './fixtures.ts';
import { signUpNewPerson, type NewPerson } from './support/new-person.ts';
import { apiHeaders, signInDemoUser, submitSignIn } from './support/sign-in.ts';
import { codeSource } from './support/totp-codes.ts';

/**
 * Privacy self-service under the LGPD (issue 19) through the screens: a copy of the data, the
 * deletion of the account with its grace period, and what staff see afterwards.
 */

/** The step-up dialog, if the session's proof is older than its window (decision 011). */
async function proveIfAsked(page: Page, person: NewPerson, done: ReturnType<Page['getByText']>) {
  const dialog = page.getByRole('dialog', { name: 'Confirme sua identidade' });
  await expect(dialog.or(done).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Senha').fill(person.senha);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
  }
}

test('a new person downloads a ZIP of their data, once, whose JSON holds their e-mail and consent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const person = await signUpNewPerson(page, 'lgpd-copia');
  await page.goto('/me/config');
  await page.getByRole('link', { name: 'Privacidade' }).click();
  await expect(page).toHaveURL(/\/me\/privacidade/);
  const consents = page.getByRole('region', { name: 'Consentimentos' });
  await expect(consents.getByRole('row', { name: /Termos de Uso/ })).toBeVisible();
  await expect(consents.getByRole('row', { name: /Política de Privacidade/ })).toBeVisible();

  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const ready = page.getByRole('link', { name: 'Baixar arquivo (ZIP)' });
  await proveIfAsked(
    page,
    person,
    page.getByText('Estamos preparando o arquivo com os seus dados.'),
  );
  await expect(ready).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), ready.click()]);
  expect(download.suggestedFilename()).toBe('meus-dados.zip');
  const files = unzipSync(new Uint8Array(await readFile((await download.path()) ?? '')));
  const data = JSON.parse(strFromU8(files['dados.json'] ?? new Uint8Array())) as {
    usuario: { email: string };
    consentimentos: { documento: string }[];
  };
  expect(data.usuario.email).toBe(person.email);
  expect(data.consentimentos.map((consent) => consent.documento).sort()).toEqual([
    'politica_privacidade',
    'termos_uso',
  ]);
  expect(strFromU8(files['resumo.html'] ?? new Uint8Array())).toContain(person.email);
  await expect(page.getByText('Arquivo baixado. Peça um novo quando quiser.')).toBeVisible();
});

test('a new person asks to delete their account, cancels, asks again; after the grace they cannot sign in, staff see the anonymised record, the invoices remain', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const person = await signUpNewPerson(page, 'lgpd-exclusao');
  // Also a user of the demo company, whose invoices must outlive the person.
  const staff = await browser.newPage();
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  const me = (await (await page.request.get('/api/sessao/web')).json()) as {
    data: { usuario: { id: number } };
  };
  const clients = await staff.request.get('/api/admin/gl_cliente?searchText=Empresa%20Demonstra');
  const { data: found } = (await clients.json()) as { data: { data: { id: number }[] } };
  const linked = await staff.request.post('/api/admin/gl_cliente_usuario', {
    headers: await apiHeaders(staff),
    data: { gl_cliente_id: found.data[0]?.id, gl_usuario_id: me.data.usuario.id, nivel: 20 },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  const invoices = staff.locator('table.app-invoice-table tbody tr');
  await staff.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
  await expect(invoices.first()).toBeVisible();
  const invoiceCount = await invoices.count();

  await page.goto('/me/privacidade');
  const deletion = page.getByRole('region', { name: 'Excluir minha conta' });
  await expect(
    deletion.getByText(/faturas e notas fiscais \(NFS-e\) das contas de cliente são guardadas/),
  ).toBeVisible();
  const submit = deletion.getByRole('button', { name: 'Excluir minha conta' });
  await expect(submit).toBeDisabled();
  await deletion.getByLabel('Senha').fill('senha-errada');
  await deletion.getByLabel(/Entendo que, depois de 7 dias/).check();
  await submit.click();
  await expect(deletion.getByText('Senha inválida.')).toBeVisible();
  await deletion.getByLabel('Senha').fill(person.senha);
  await submit.click();
  await expect(page.getByText(/^Exclusão agendada para \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  await expect(deletion.getByText(/A exclusão da sua conta está agendada para/)).toBeVisible();
  await deletion.getByRole('button', { name: 'Cancelar exclusão' }).click();
  await expect(
    page.getByText('Exclusão cancelada. Sua conta continua ativa.').first(),
  ).toBeVisible();

  // Asked again; the next sign-in offers to cancel before going on.
  await deletion.getByLabel('Senha').fill(person.senha);
  await deletion.getByLabel(/Entendo que, depois de 7 dias/).check();
  await deletion.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(deletion.getByRole('button', { name: 'Cancelar exclusão' })).toBeVisible();
  await page.goto('/me/config');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/1/);
  await submitSignIn(page, person.email, person.senha);
  await expect(page).toHaveURL(/\/me\/privacidade\?origin=login&pid=1/);
  await expect(page.getByRole('button', { name: 'Cancelar exclusão' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prosseguir com o Login' })).toBeVisible();

  // The grace period passes (the privacy job, run as 8 days later, through the development route).
  const run = await page.request.post('/api/dev/privacidade/processar', {
    headers: await apiHeaders(page),
    data: { dias: 8 },
  });
  expect(run.status(), await run.text()).toBe(200);
  await page.goto('/login/1');
  await submitSignIn(page, person.email, person.senha);
  await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();

  // Staff: the request done, the person anonymised, the company's invoices where they were.
  await staff.goto('/admin/privacidade');
  const requests = staff.getByRole('row', {
    name: new RegExp(`excluido-${me.data.usuario.id}@anonimo\\.invalid`),
  });
  // The cancelled request and the one carried out; the latter says what the deletion left behind.
  await expect(requests.filter({ hasText: 'Cancelado' })).toHaveCount(1);
  const done = requests.filter({ hasText: 'Concluído' });
  await expect(done).toContainText('Exclusão da conta');
  await expect(done).toContainText(`Clientes sem gerente após a exclusão: ${person.nome}`);
  await staff.goto('/admin/usuarios');
  await staff.getByRole('searchbox').fill(`excluido-${me.data.usuario.id}@`);
  await staff.getByRole('button', { name: 'Buscar' }).click();
  await expect(staff.getByRole('row', { name: /Pessoa excluída/ })).toBeVisible();
  await staff.goto(`/cliente/${E2E_INVOICE_TOKENS.empresaDemo}/fatura`);
  await expect(invoices).toHaveCount(invoiceCount);
  await staff.close();
});

test("with 2FA on, 'Excluir minha conta' asks for the code from the start, not after a first try with the password (issue 38)", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpNewPerson(page, 'lgpd-2fa');
  await page.goto('/me/twofa');
  await page.getByRole('button', { name: 'Ativar 2FA' }).click();
  let secret = '';
  const nextCode = codeSource(() => secret);
  secret = (await page.locator('code.app-twofa-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Código de verificação').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Validar e ativar' }).click();
  await page.getByRole('button', { name: 'Já guardei minhas chaves' }).click();

  await page.goto('/me/privacidade');
  const deletion = page.getByRole('form', { name: 'Excluir minha conta' });
  await expect(deletion.getByLabel('Senha')).toBeVisible();
  await expect(deletion.getByLabel('Código de verificação (2FA)')).toBeVisible();
});
