import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signUpNewPerson } from './support/new-person.ts';
import { e2ePort } from './support/ports.ts';
import { registerThroughApi } from './support/applications.ts';
import { startRelyingParty, type RelyingParty } from './support/relying-party.ts';
import { apiHeaders, signInDemoUser } from './support/sign-in.ts';
import { codeSource } from './support/totp-codes.ts';

/**
 * Single sign-on (issue 18, decision 087): two applications of product 1, each a real relying
 * party with openid-client on a local port, sign a person in through the portal's own screens.
 */
const ISSUER = `http://localhost:${e2ePort}/oidc`;
const rpPorts = [e2ePort + 20, e2ePort + 21] as const;

test.use({ otherOrigins: rpPorts.map((port) => `http://127.0.0.1:${port}`) });

let vendas: RelyingParty;
let agenda: RelyingParty;
test.beforeAll(async () => {
  vendas = await startRelyingParty('Vendas', rpPorts[0], ISSUER);
  agenda = await startRelyingParty('Agenda', rpPorts[1], ISSUER);
});
test.afterAll(async () => {
  await vendas.close();
  await agenda.close();
});

/** A 1×1 PNG. */
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Staff register an application of product 1 in the back-office and make its secret. */
async function registerInBackOffice(page: Page, name: string, rp: RelyingParty): Promise<void> {
  await page.goto('/admin/produtos/1');
  const applications = page.getByRole('region', {
    name: 'Aplicativos (login único OpenID Connect)',
  });
  await applications.getByRole('button', { name: '+ Adicionar' }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\/1\/aplicativos\/novo$/);
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page
    .getByLabel('Endereços de retorno (redirect_uri)')
    .fill('http://vendas.exemplo.com.br/callback');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // https outside localhost (decision 087): said in pt-BR, nothing saved.
  await expect(
    page.getByText(
      'Informe endereços completos, um por linha, com https (http só em localhost) e sem #fragmento.',
    ),
  ).toBeVisible();
  await page.getByLabel('Endereços de retorno (redirect_uri)').fill(rp.redirectUri);
  await page.getByLabel('Endereço de logout por back-channel').fill(rp.backchannelUri);
  // Its logo, shown on the steps of its sign-in (issue 38 item 6): a data:image passes the CSP.
  await page.getByLabel('URL do logotipo').fill(LOGO);
  // The provider's own application: its sign-in asks no consent (decision 097).
  await page.getByLabel('Aplicativo do próprio provedor (não pede consentimento)').check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro criado.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/produtos\/1\/aplicativos\/\d+$/);
  await expect(page.getByText('Ainda não há segredo')).toBeVisible();
  const clientId = (await page.locator('dd code').nth(1).textContent())?.trim() ?? '';
  expect(clientId).toMatch(/^app_/);
  await page.getByRole('button', { name: 'Gerar novo segredo' }).click();
  const secret = await page.getByLabel('Novo segredo (copie agora)').inputValue();
  expect(secret).toHaveLength(43);
  await rp.configure(clientId, secret);
}

/** The portal's login screen, reached from an application: e-mail, password and the 2FA code. */
async function signInWithCode(
  page: Page,
  email: string,
  password: string,
  code: () => Promise<string>,
) {
  await expect(page).toHaveURL(/\/login\/1\?interacao=/);
  await page.getByLabel('E-mail').fill(email);
  const checked = page.waitForResponse((response) =>
    response.url().includes('/api/gl_usuario/twofa/twofaCheckUsuario'),
  );
  await page.getByLabel('E-mail').blur();
  await checked;
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await expect(page.getByRole('checkbox', { name: 'Verificado' })).toBeChecked({ timeout: 15_000 });
  await page.getByLabel('Código de verificação (2FA)').fill(await code());
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** The application's page after the sign-in: the verified ID token's claims. */
async function claimsShown(page: Page, rp: RelyingParty): Promise<Record<string, unknown>> {
  await expect(page).toHaveURL(new RegExp(`^${rp.origin}/callback`));
  return JSON.parse((await page.locator('#claims').textContent()) ?? '{}') as Record<
    string,
    unknown
  >;
}

test('two applications sign a person in through the portal: 2FA, account selection, single sign-on, prompt=login, logout everywhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // Staff register the two applications (product 1).
  const staff = await browser.newPage();
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  await registerInBackOffice(staff, 'Vendas', vendas);
  await registerThroughApi(staff, 'Agenda', agenda);

  // A new person, with 2FA on and, besides their own account, access to a demo client's.
  const person = await signUpNewPerson(page, 'oidc');
  let secret = '';
  const nextCode = codeSource(() => secret);
  await page.goto('/me/twofa');
  await page.getByRole('button', { name: 'Ativar 2FA' }).click();
  secret = (await page.locator('code.app-twofa-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Código de verificação').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Validar e ativar' }).click();
  await page.getByRole('button', { name: 'Já guardei minhas chaves' }).click();
  const session = await page.request.get('/api/sessao/web');
  const { data: me } = (await session.json()) as { data: { usuario: { id: number } } };
  const staffHeaders = await apiHeaders(staff);
  const clients = await staff.request.get('/api/admin/gl_cliente?searchText=Nova%20Empresa');
  const { data: found } = (await clients.json()) as { data: { data: { id: number }[] } };
  const linked = await staff.request.post('/api/admin/gl_cliente_usuario', {
    headers: staffHeaders,
    data: { gl_cliente_id: found.data[0]?.id, gl_usuario_id: me.usuario.id, nivel: 20 },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  await page.goto('/me/config');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/1/);

  // The first application: the portal's login with 2FA, then the account selection, then back.
  await page.goto(`${vendas.origin}/entrar`);
  await signInWithCode(page, person.email, person.senha, () => nextCode(page));
  await expect(page).toHaveURL(/\/login\/1\/conta_selecionar/);
  // Every step of the sign-in names the application it returns to (issue 38 item 6).
  await expect(page.getByText('Entre para continuar em Vendas')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logotipo de Vendas' })).toHaveAttribute('src', LOGO);
  await page
    .getByRole('group', { name: 'Contas' })
    .getByRole('button', { name: /Nova Empresa S.A./ })
    .click();
  const first = await claimsShown(page, vendas);
  expect(first).toMatchObject({
    iss: ISSUER,
    sub: String(me.usuario.id),
    email: person.email,
    email_verified: true,
    name: person.nome,
    cliente: { razao_social: 'Nova Empresa S.A.', nivel: 20 },
  });

  // The second application: no password, straight back (single sign-on).
  await page.goto(`${agenda.origin}/entrar`);
  const second = await claimsShown(page, agenda);
  expect(second).toMatchObject({
    sub: String(me.usuario.id),
    cliente: { razao_social: 'Nova Empresa S.A.' },
  });

  // prompt=login: the password (and the code) again, whatever the portal session.
  const beforeForcedSignIn = Math.floor(Date.now() / 1000);
  await page.goto(`${vendas.origin}/entrar?prompt=login`);
  await signInWithCode(page, person.email, person.senha, () => nextCode(page));
  await page
    .getByRole('group', { name: 'Contas' })
    .getByRole('button', { name: /Nova Empresa S.A./ })
    .click();
  const again = await claimsShown(page, vendas);
  // The ID token says when the person signed in: after the application asked.
  expect(Number(again.auth_time)).toBeGreaterThanOrEqual(beforeForcedSignIn);

  // Logout at the portal: both applications are told by back-channel logout.
  await page.goto('/me/config');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/1/);
  await expect.poll(() => vendas.logouts.length).toBeGreaterThan(0);
  await expect.poll(() => agenda.logouts.length).toBe(1);
  for (const logout of [...vendas.logouts, ...agenda.logouts])
    expect(logout.sub).toBe(String(me.usuario.id));

  // And the next visit to an application asks for the sign-in again.
  await page.goto(`${agenda.origin}/entrar`);
  await signInWithCode(page, person.email, person.senha, () => nextCode(page));
  await page
    .getByRole('group', { name: 'Contas' })
    .getByRole('button', { name: /Nova Empresa S.A./ })
    .click();
  await claimsShown(page, agenda);

  // Logout asked by the application: the portal asks in pt-BR, then ends its own session too.
  await page.goto(`${agenda.origin}/sair`);
  await expect(page.getByRole('heading', { name: 'Sair do Portal do Cliente?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(agenda.postLogoutUri);
  await expect(page.getByRole('heading', { name: 'Agenda: você saiu' })).toBeVisible();
  const after = await page.request.get('/api/sessao/web');
  expect(((await after.json()) as { data: { usuario: unknown } }).data.usuario ?? null).toBeNull();
  await staff.close();
});
