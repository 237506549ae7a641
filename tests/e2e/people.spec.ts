import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { signUpNewPerson, subscribeNewPerson } from './support/new-person.ts';
import { submitSignIn } from './support/sign-in.ts';

/**
 * The account's people (issue 41 item 3, decision 114): a manager invites by e-mail, the invited
 * person follows the e-mailed link, and lands in the account with the level chosen; the manager
 * removes them. A new person's client on Profissional (five users), so the demo client's people
 * stay as the other specs expect them.
 */

async function openPeople(page: Page) {
  await page.goto('/painel');
  await page.getByRole('navigation', { name: 'Atalhos' }).getByRole('link', { name: 'Pessoas da conta' }).click();
  await expect(page.getByRole('heading', { name: 'Pessoas da conta' })).toBeVisible();
}

/** Invites `email` at `level` on the people page and answers the link of the e-mail sent. */
async function invite(page: Page, email: string, level: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Convidar pessoa' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Nível').selectOption({ label: level });
  const before = await mailCount();
  await form.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Convites pendentes', exact: true })).toContainText(email);
  const mail = await waitForMail(email, /^Convite para a conta /, { after: before });
  const link = /https?:\/\/\S+\/convite\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return new URL(link!).pathname;
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('a manager invites a new person, who signs up from the e-mailed link and lands in the account as a supervisor; the manager removes them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const manager = await subscribeNewPerson(page, `pessoas-${Date.now().toString(36)}`, 'Pix');
  await openPeople(page);
  const people = page.getByRole('region', { name: 'Pessoas', exact: true });
  await expect(people).toContainText(manager.email);
  await expect(page.getByText('Seu plano permite até 5 usuários; em uso: 1 (pessoas e convites pendentes).')).toBeVisible();

  const email = `convidada.${Date.now().toString(36)}@exemplo.com.br`;
  const path = await invite(page, email, 'Supervisor');

  // The invited person, in a browser of their own: no account yet, so the link's sign-up.
  const guest = await freshPage(browser, baseURL);
  await guest.goto(path);
  await expect(guest.getByRole('heading', { name: `Convite para ${manager.nome}` })).toBeVisible();
  const signup = guest.getByRole('form', { name: 'Criar sua conta' });
  await expect(signup.getByLabel('E-mail')).toHaveValue(email);
  await expect(signup.getByLabel('E-mail')).toBeDisabled();
  await signup.getByLabel('Nome').fill('Carla Convidada');
  await signup.getByLabel('Seu celular').fill('11987654321');
  await signup.getByLabel('Senha', { exact: true }).fill('convite-senha-1');
  await signup.getByLabel('Confirmação de senha').fill('convite-senha-1');
  await signup.getByRole('checkbox', { name: /Li e aceito os Termos de Uso e a Política de Privacidade/ }).check();
  await signup.getByRole('button', { name: 'Criar conta e entrar' }).click();
  await expect(guest.getByText(`Pronto! Agora você faz parte de ${manager.nome}.`)).toBeVisible();
  // Signed in, in the account (it has a contract: on to the product, through the local redirect page).
  await expect(guest).toHaveURL(/\/a\/redirect\?/);
  await guest.goto('/conta/pessoas');
  const mine = guest.getByRole('region', { name: 'Pessoas', exact: true }).getByRole('row').filter({ hasText: email });
  await expect(mine).toContainText('(você)');
  await expect(mine).toContainText('Supervisor');
  // The link worked once.
  await guest.goto(path);
  await expect(guest.getByText('Este convite não é mais válido', { exact: false })).toBeVisible();

  // The manager sees them, and removes them.
  await page.reload();
  const row = people.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Carla Convidada');
  await expect(row).toContainText('Supervisor');
  await expect(page.getByRole('region', { name: 'Convites pendentes', exact: true })).not.toContainText(email);
  const before = await mailCount();
  await row.getByRole('button', { name: 'Remover Carla Convidada' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover pessoa?' });
  await confirm.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByText('Carla Convidada não faz mais parte da conta.')).toBeVisible();
  await expect(people).not.toContainText(email);
  await waitForMail(email, /^Você não faz mais parte de /, { after: before });

  // Their session no longer reaches the account.
  await guest.goto('/conta/pessoas');
  await expect(guest.getByText('Selecione uma conta para ver as pessoas da conta.')).toBeVisible();
  await guest.context().close();
});

test('someone with an account signs in from the link and accepts', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  // A client with no plan yet: nothing limits its people.
  const manager = await signUpNewPerson(page, `convite-${Date.now().toString(36)}`);
  const guest = await freshPage(browser, baseURL);
  const invited = await signUpNewPerson(guest, `aceita-${Date.now().toString(36)}`);
  await guest.context().clearCookies();

  await openPeople(page);
  const path = await invite(page, invited.email, 'Usuário');

  await guest.goto(path);
  await expect(guest.getByText(`Você já tem uma conta com o e-mail ${invited.email}. Entre para aceitar o convite.`)).toBeVisible();
  await guest.getByRole('button', { name: 'Entrar para aceitar' }).click();
  await expect(guest).toHaveURL(/\/login\/1/);
  await submitSignIn(guest, invited.email, invited.senha);
  // A person without 2FA is offered it first (§4); then the sign-in comes back to the invitation.
  const proceed = guest.getByRole('button', { name: 'Continuar Login' });
  const accept = guest.getByRole('button', { name: 'Aceitar convite' });
  await expect(proceed.or(accept)).toBeVisible();
  if (await proceed.isVisible()) await proceed.click();
  await expect(guest).toHaveURL(new RegExp(`${path}$`));
  await guest.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(guest.getByText(`Pronto! Agora você faz parte de ${manager.nome}.`)).toBeVisible();

  await page.reload();
  const row = page.getByRole('region', { name: 'Pessoas', exact: true }).getByRole('row').filter({ hasText: invited.email });
  await expect(row).toContainText('Usuário');
  await guest.context().close();
});
