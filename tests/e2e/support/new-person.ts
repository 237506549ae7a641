import type { Page } from '@playwright/test';
import { randomCpf } from '../../helpers/documents.ts';
import { expect } from '../fixtures.ts';
import { mailCount, waitForMail } from './mailbox.ts';
import { apiHeaders, submitSignIn } from './sign-in.ts';

export interface NewPerson {
  nome: string;
  email: string;
  senha: string;
}

/**
 * Signs a new person up on product 1 through the screens (§4 conta_criar, the e-mailed temporary
 * password, conta_criar_senha) and leaves them signed in on the redirect page. For journeys that
 * change a user's security settings: the shared demo users stay as other tests expect them, even
 * when such a journey fails half-way. accounts.spec.ts checks each step of this path in detail.
 */
export async function signUpNewPerson(page: Page, label: string): Promise<NewPerson> {
  const person: NewPerson = {
    nome: `Pessoa ${label}`,
    email: `${label}.${Date.now().toString(36)}@exemplo.com.br`,
    senha: 'senha-nova-1',
  };
  await page.goto('/login/1/conta_criar');
  await page.getByLabel('Nome', { exact: true }).fill(person.nome);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Seu celular').fill('11987654321');
  await page.getByLabel('CPF ou CNPJ').fill(randomCpf());
  await page.getByRole('checkbox', { name: /Li e aceito os Termos de Uso e a Política de Privacidade/ }).check();
  const submit = page.getByRole('button', { name: 'Criar conta e continuar' });
  await expect(submit).toBeEnabled({ timeout: 15_000 });
  const before = await mailCount();
  await submit.click();
  await expect(page).toHaveURL(/\/login\/1\/conta_criar\/email/);
  const mail = await waitForMail(person.email, /Sua senha temporária de acesso/, { after: before });
  const temporary = /Senha temporária: (\S+)/.exec(mail.text)?.[1] ?? '';

  await submitSignIn(page, person.email, temporary);
  await expect(page).toHaveURL(/\/login\/1\/conta_criar_senha/);
  await page.getByLabel('Nova senha', { exact: true }).fill(person.senha);
  await page.getByLabel('Confirmação de senha').fill(person.senha);
  await page.getByRole('button', { name: 'Alterar e continuar' }).click();
  await page.getByRole('button', { name: 'Continuar login' }).click();
  await expect(page).toHaveURL(/\/a\/redirect\?/);
  return person;
}

/**
 * A new person who subscribes to Profissional (Mensal) on product 1, paid through the account
 * named `account` ('Pix', 'Boleto bancário'): a contract nobody billed yet. Returns the person,
 * the client's name (the person's, unless the form was changed) and its invoice list.
 */
export async function subscribeNewPerson(page: Page, label: string, account: string): Promise<NewPerson & { invoices: string }> {
  const person = await signUpNewPerson(page, label);
  await page.goto('/produto/1/planos');
  await page.getByRole('button', { name: 'Escolher Profissional (Mensal)' }).click();
  const signup = page.getByRole('form', { name: 'Complete seu cadastro' });
  await expect(signup).toBeVisible();
  await signup.getByLabel('CEP').fill('01310-100');
  await expect(signup.locator('#plano-cidade').locator('..').locator('..')).toContainText('São Paulo - SP');
  await signup.getByLabel('Logradouro').fill('Avenida Paulista');
  await signup.getByLabel('Número').fill('1000');
  await signup.getByLabel('Bairro').fill('Bela Vista');
  await signup.getByLabel(account).check();
  await signup.getByRole('button', { name: 'Assinar plano' }).click();
  await expect(page.getByText('Pronto! Sua conta já está no plano Profissional.')).toBeVisible();
  const session = await page.request.get('/api/sessao/web', { headers: await apiHeaders(page) });
  const { data } = (await session.json()) as { data: { cliente: { razao_social: string; fatura_token: string | null } | null } };
  expect(data.cliente?.fatura_token).toBeTruthy();
  expect(data.cliente?.razao_social).toBe(person.nome);
  return { ...person, invoices: `/cliente/${data.cliente?.fatura_token ?? ''}/fatura` };
}
