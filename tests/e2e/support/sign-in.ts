import type { Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from '../fixtures.ts';

/** The demo users' password (src/server/modules/demo-seed/demo-data.ts). */
const DEMO_PASSWORD = 'demo1234';

/** Fills and submits the login of product 1 like a person: e-mail, leave the field, password. */
export async function submitSignIn(page: Page, email: string, senha: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login/1');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('E-mail').blur();
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  const enter = page.getByRole('button', { name: 'Entrar', exact: true });
  // Enabled once the captcha (ALTCHA, solved in the browser) is ready (§5).
  await expect(enter).toBeEnabled({ timeout: 15_000 });
  await enter.click();
}

/** What the ALTCHA widget sends as `recaptcha`: base64 of JSON {challenge, solution}. */
async function solvedCaptcha(page: Page): Promise<string> {
  const answer = await page.request.get('/api/captcha/desafio');
  expect(answer.ok()).toBe(true);
  const { data: challenge } = (await answer.json()) as { data: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Signs a demo user without 2FA in for a test whose subject is not the sign-in (that one is
 * sign-in.spec.ts, through the screen): the browser's cookie jar gets the session from
 * `POST /api/acesso/login`, with the captcha solved here, as the Epic Stack's tests create their
 * session without the login form. The page is left on the portal's root, ready for `goto`.
 */
export async function signInDemoUser(page: Page, email: string): Promise<void> {
  // The served page sets the XSRF-TOKEN cookie the login call must echo (decision 002).
  await page.goto('/login/1');
  const answer = await page.request.post('/api/acesso/login', {
    headers: await apiHeaders(page),
    data: { email, senha: DEMO_PASSWORD, recaptcha: await solvedCaptcha(page), gl_produto_id: 1 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The headers the portal's API expects from a page's own cookies: its XSRF token (decision 002). */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': csrf, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
}
