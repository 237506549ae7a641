import { expect, test } from './fixtures.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { signInDemoUser } from './support/sign-in.ts';

/** The account security center (decisions 070-072). */
test("'Sessões ativas': one browser ends another's session; that one's next call is refused and it lands on the login", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ins, each solving a captcha.
  test.setTimeout(90_000);
  const email = 'usuario@exemplo.com.br';
  await signInDemoUser(page, email);
  const sessionsOf = (p: typeof page) => p.getByRole('region', { name: 'Sessões ativas' }).getByRole('row');
  // Sessions earlier tests left open end first, with 'Encerrar todas as outras'.
  await page.goto('/me/seguranca');
  await expect(sessionsOf(page).filter({ hasText: 'Esta sessão' })).toHaveCount(1);
  const endOthers = page.getByRole('button', { name: 'Encerrar todas as outras' });
  if (await endOthers.isVisible()) {
    await endOthers.click();
    await page.getByRole('dialog', { name: 'Encerrar todas as outras sessões?' }).getByRole('button', { name: 'Encerrar todas as outras' }).click();
    await expect(page.getByText('Nenhuma outra sessão aberta.')).toBeVisible();
  }
  const other = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const second = await other.newPage();
  const before = await mailCount();
  await signInDemoUser(second, email);
  // A browser the person never used: they are told by e-mail (decision 071).
  const alert = await waitForMail(email, /Novo acesso à sua conta/, { after: before });
  expect(alert.text).toContain('/me/seguranca#sessoes');
  // The second browser has its screen open while the first ends its session.
  await second.goto('/me/seguranca');
  await expect(sessionsOf(second)).toHaveCount(3);

  await page.goto('/me/seguranca');
  const rows = sessionsOf(page);
  await expect(rows).toHaveCount(3);
  const current = rows.filter({ hasText: 'Esta sessão' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome');
  const otherRow = rows.filter({ hasNotText: 'Esta sessão' }).filter({ has: page.getByRole('button') });
  await otherRow.getByRole('button', { name: /^Encerrar Chrome/ }).click();
  await expect(page.getByText('Sessão encerrada.')).toBeVisible();
  await expect(page.getByText('Nenhuma outra sessão aberta.')).toBeVisible();
  await expect(rows).toHaveCount(2);

  // The ended browser's next call (here: trying to end the first one's session) is refused
  // ('Usuário não logado.', §8) and the page goes home, which is the login.
  const refused = second.waitForResponse((response) => response.url().includes('/encerrar'));
  await second.getByRole('button', { name: /^Encerrar Chrome/ }).click();
  expect((await refused).status()).toBe(401);
  await expect(second).toHaveURL(/\/login\/1$/);
  await expect(second.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await other.close();

  // The first browser is still signed in, with its one session.
  await page.reload();
  await expect(sessionsOf(page)).toHaveCount(2);
  await expect(page.getByText('Esta sessão')).toBeVisible();
  // Both sign-ins are in the history, newest first.
  const history = page.getByRole('region', { name: 'Histórico de acessos' });
  await expect(history.getByRole('row').nth(1)).toContainText('Entrada com senha');
  await expect(history.getByRole('row').nth(2)).toContainText('Entrada com senha');
});
