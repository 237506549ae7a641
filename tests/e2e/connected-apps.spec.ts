import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signUpNewPerson } from './support/new-person.ts';
import { e2ePort } from './support/ports.ts';
import { startRelyingParty, type RelyingParty } from './support/relying-party.ts';
import { registerThroughApi } from './support/applications.ts';
import { signInDemoUser } from './support/sign-in.ts';

/**
 * A partner's application (issue 34, decision 097): a real relying party (openid-client) asks the
 * person's consent once, shows up under 'Aplicativos conectados', and loses its tokens at once
 * when the person revokes it.
 */
const ISSUER = `http://localhost:${e2ePort}/oidc`;
const RP_PORT = e2ePort + 22;
const NAME = 'Agenda Parceira';
/** The scopes asked with a refresh token: offline_access needs prompt=consent (the library). */
const OFFLINE = `scope=${encodeURIComponent('openid profile email offline_access')}&prompt=consent`;

test.use({ otherOrigins: [`http://127.0.0.1:${RP_PORT}`] });

let partner: RelyingParty;
test.beforeAll(async () => {
  partner = await startRelyingParty(NAME, RP_PORT, ISSUER);
});
test.afterAll(async () => {
  await partner.close();
});

async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
    `axe on ${what}`,
  ).toEqual([]);
}

test("a partner's application asks consent once, is listed and is revoked at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Staff register the partner's application: not the provider's own.
  const staff = await browser.newPage();
  await signInDemoUser(staff, 'admin@exemplo.com.br');
  await registerThroughApi(staff, NAME, partner, { primeiraParte: false });
  await staff.close();

  const person = await signUpNewPerson(page, 'parceiro');
  await page.context().clearCookies();

  // The application sends the person to the portal, which says who is asking.
  // At a phone's width, the login and the 2FA offer name the application in view (issue 38 item 6).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${partner.origin}/entrar`);
  await expect(page).toHaveURL(/\/login\/1\?interacao=/);
  await expect(page.getByText(`Entre para continuar em ${NAME}`)).toBeInViewport();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('E-mail').blur();
  await page.getByLabel('Senha', { exact: true }).fill(person.senha);
  const enter = page.getByRole('button', { name: 'Entrar', exact: true });
  await expect(enter).toBeEnabled({ timeout: 15_000 });
  await enter.click();
  // The 2FA offer, a step of the same sign-in, names the application too (issue 38 item 6).
  await expect(page.getByRole('dialog').getByText(`Entre para continuar em ${NAME}`)).toBeInViewport();
  await page.getByRole('button', { name: 'Continuar Login' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The consent screen: the application, what it asks; 'Cancelar' refuses.
  await expect(page).toHaveURL(/\/login\/1\/autorizar_aplicativo\?interacao=/);
  await expect(
    page.getByRole('heading', { name: `Permitir que ${NAME} acesse a sua conta?` }),
  ).toBeVisible();
  await expect(page.getByText('Seu endereço de e-mail')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the consent screen');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(new RegExp(`^${partner.origin}/callback`));
  await expect(page.locator('#erro')).toHaveText('access_denied');

  // Asked again (with a refresh token this time), 'Permitir' lets the application in.
  await page.goto(`${partner.origin}/entrar?${OFFLINE}`);
  await expect(page).toHaveURL(/\/login\/1\/autorizar_aplicativo\?interacao=/);
  await expect(
    page.getByText(
      'Continuar acessando esses dados quando você não estiver usando o aplicativo, até você revogar o acesso',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Permitir' }).click();
  await expect(page).toHaveURL(new RegExp(`^${partner.origin}/callback`));
  await expect(page.locator('#claims')).toContainText(person.email);

  // The same request again goes straight through: the consent is remembered.
  await page.goto(`${partner.origin}/entrar?${OFFLINE}`);
  await expect(page).toHaveURL(new RegExp(`^${partner.origin}/callback`));
  await expect(page.locator('#claims')).toContainText(person.email);
  await page.goto(`${partner.origin}/renovar`);
  await expect(page.locator('#renovacao')).toHaveText('renovado');

  // The security screen lists it, with the consent among the changes.
  await page.goto('/me/seguranca');
  const connected = page.getByRole('region', { name: 'Aplicativos conectados', exact: true });
  await expect(connected.getByRole('row', { name: new RegExp(NAME) })).toContainText(
    'Identificação, Nome, E-mail, Acesso contínuo',
  );
  const changes = page.getByRole('region', { name: 'Alterações de segurança', exact: true });
  await expect(changes).toContainText(`Aplicativo autorizado: ${NAME}`);
  await expectNoSeriousAxeViolations(page, 'the security screen');

  // 'Revogar acesso': the application's next refresh is refused.
  await connected.getByRole('button', { name: `Revogar acesso ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revogar o acesso de ${NAME}?` });
  await dialog.getByRole('button', { name: 'Revogar acesso' }).click();
  await expect(page.getByText(`O acesso de ${NAME} foi revogado.`)).toBeVisible();
  await expect(page.getByText('Nenhum aplicativo conectado.')).toBeVisible();
  await expect(changes).toContainText(`Acesso de aplicativo revogado: ${NAME}`);

  await page.goto(`${partner.origin}/renovar`);
  await expect(page.locator('#renovacao')).toHaveText('recusado: invalid_grant');

  // Its next sign-in asks again.
  await page.goto(`${partner.origin}/entrar`);
  await expect(page).toHaveURL(/\/login\/1\/autorizar_aplicativo\?interacao=/);
});
