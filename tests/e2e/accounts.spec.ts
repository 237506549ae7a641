import type { Page } from '@playwright/test';
import { randomCpf } from '../helpers/documents.ts';
import { expect, test, waitForApiIdle } from './fixtures.ts';
import { mailCount, waitForMail } from './support/mailbox.ts';
import { submitSignIn } from './support/sign-in.ts';

/**
 * The account journeys (decisions 017, 018) through the UI, against the real server and a real SMTP server
 * (support/smtp-sink-server.ts): sign-up with the e-mailed temporary password, the password prompt
 * for a known e-mail, recovery through the e-mailed link, account selection, Meus dados.
 * The journeys of one person run in order and share the account they create.
 */
/** A password a person might paste: more than the §5 limit of 32 characters. */
const TOO_LONG = 'uma-senha-longa-demais-com-40-caracteres';

const person = {
  nome: 'Helena Duarte',
  email: `helena.${Date.now().toString(36)}@exemplo.com.br`,
  celular: '11987654321',
  cpf: randomCpf(),
  senha: '',
};

/** The login of product 1, with the in-browser captcha solved (§5: the button waits for it). */
async function fillSignUp(page: Page, values: { nome: string; email: string; celular: string; cpf: string }) {
  await page.getByLabel('Nome', { exact: true }).fill(values.nome);
  await page.getByLabel('E-mail').fill(values.email);
  await page.getByLabel('Seu celular').fill(values.celular);
  await page.getByLabel('CPF ou CNPJ').fill(values.cpf);
}

test.describe.serial('a new person', () => {
  test('signs up, reads the temporary password by e-mail, sets a new one and reaches the product', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/login/1');
    // The page settled, the captcha not loaded yet (it loads as the form is first touched): the
    // press on the link starts it, and the widget arriving must not move the link from under the
    // pointer (it did, and the click landed on nothing).
    await waitForApiIdle(page);
    await page.getByRole('link', { name: 'Cadastre-se' }).click();
    await expect(page).toHaveURL(/\/login\/1\/conta_criar$/);
    await expect(page.getByRole('heading', { name: 'Criar uma conta' })).toBeVisible();

    await fillSignUp(page, person);
    // A CPF: no company name (§2, only for a CNPJ).
    await expect(page.getByLabel('Nome da empresa')).toHaveCount(0);
    const submit = page.getByRole('button', { name: 'Criar conta e continuar' });
    // §5: off until the terms are accepted.
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /Li e aceito os Termos de Uso e a Política de Privacidade/ }).check();
    await expect(submit).toBeEnabled({ timeout: 15_000 });
    const before = await mailCount();
    await submit.click();

    await expect(page).toHaveURL(/\/login\/1\/conta_criar\/email/);
    await expect(page.getByRole('heading', { name: 'Senha enviada para seu e-mail' })).toBeVisible();
    const mail = await waitForMail(person.email, /Sua senha temporária de acesso/, { after: before });
    const temporary = /Senha temporária: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);

    await page.getByRole('link', { name: 'Entendi! Ir para Login' }).click();
    await expect(page).toHaveURL(/\/login\/1$/);
    await submitSignIn(page, person.email, temporary);

    // §4 senha_revalidar: the temporary password must be replaced first (the 2FA offer waits for
    // the next sign-in, decision 017).
    await expect(page).toHaveURL(/\/login\/1\/conta_criar_senha/);
    await expect(page.getByRole('heading', { name: 'Altere sua senha' })).toBeVisible();
    const change = page.getByRole('button', { name: 'Alterar e continuar' });
    await page.getByLabel('Nova senha', { exact: true }).fill('123');
    await page.getByLabel('Confirmação de senha').fill('123');
    await expect(page.getByText('senha precisa ter no mínimo de 6 digitos')).toBeVisible();
    await expect(change).toBeDisabled();
    // More than 32 characters: kept whole and refused with the §5 message, never cut to 32.
    await page.getByLabel('Nova senha', { exact: true }).fill(TOO_LONG);
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveValue(TOO_LONG);
    await expect(page.getByText('A senha deve ter entre 6 e 32 caracteres.')).toBeVisible();
    await expect(change).toBeDisabled();
    person.senha = 'minha-senha-1';
    await page.getByLabel('Nova senha', { exact: true }).fill(person.senha);
    await page.getByLabel('Confirmação de senha').fill(`${person.senha}x`);
    await expect(page.getByText('Senha informada não é igual a anterior')).toBeVisible();
    await page.getByLabel('Confirmação de senha').fill(person.senha);
    await change.click();

    // A new client has no plan yet: the welcome offers the plans or the product.
    await expect(page.getByRole('heading', { name: 'Seja Bem-vindo(a)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver Planos' })).toHaveAttribute('href', '/produto/1/planos');
    await page.getByRole('button', { name: 'Continuar login' }).click();
    await expect(page).toHaveURL(/\/a\/redirect\?/);
    await page.getByRole('link', { name: 'Acessar Portal Demo' }).click();
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
    await expect(page.getByText(person.nome).first()).toBeVisible();
  });

  test('signing up again with the same e-mail asks for the password', async ({ page }) => {
    await page.goto('/login/1/conta_criar');
    await fillSignUp(page, { ...person, cpf: randomCpf() });
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    const submit = page.getByRole('button', { name: 'Criar conta e continuar' });
    await expect(submit).toBeEnabled({ timeout: 15_000 });
    await submit.click();
    await expect(
      page.getByText('Percebemos que você já possui uma conta Portal do Cliente, digite sua senha para continuar.'),
    ).toBeVisible();
    await expect(page.getByLabel('Senha', { exact: true })).toBeFocused();
  });

  test('recovers the password through the e-mailed link, which works only once', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/login/1');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL(/\/login\/recuperar_email\/1$/);
    await page.getByLabel('E-mail').fill(person.email);
    const send = page.getByRole('button', { name: 'Enviar instruções' });
    await expect(send).toBeEnabled({ timeout: 15_000 });
    const before = await mailCount();
    await send.click();
    await expect(page.getByText('As instruções para recuperar sua senha foram enviadas para seu e-mail.').first()).toBeVisible();

    const mail = await waitForMail(person.email, /Redefinição de senha/, { after: before });
    const link = /(http:\/\/\S+\/login\/recuperar_token\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    expect(link).not.toBe('');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
    // More than 32 characters: refused with the §5 message on the field, nothing sent.
    await page.getByLabel('Nova senha', { exact: true }).fill(TOO_LONG);
    await page.getByLabel('Confirmação de senha').fill(TOO_LONG);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('A senha deve ter entre 6 e 32 caracteres.')).toBeVisible();
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveValue(TOO_LONG);
    person.senha = 'senha-recuperada-2';
    await page.getByLabel('Nova senha', { exact: true }).fill(person.senha);
    await page.getByLabel('Confirmação de senha').fill(person.senha);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    // §4: a successful reset goes to the root (which is the login of product 1), where §8's
    // message stays and the e-mail is filled in (issue 38); a fading check alone was missed.
    await expect(page).toHaveURL(/\/login\/1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Senha alterada com sucesso!' })).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(page.getByRole('status').filter({ hasText: 'Senha alterada com sucesso!' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(person.email);

    // The same link again: said as the page opens, before anything is typed (decision 050).
    await page.goto(link);
    await expect(
      page.getByText('Este link de recuperação é inválido, expirou ou já foi usado. Peça um novo link.').first(),
    ).toBeVisible();
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
    // So is a link that never existed.
    await page.goto('/login/recuperar_token/link-que-nunca-existiu');
    await expect(page.getByRole('alert').filter({ hasText: 'Este link de recuperação é inválido' })).toBeVisible();
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);

    // The new password opens the account (no temporary password any more; the client still has no
    // plan, so §4 routes through the welcome to the product).
    await submitSignIn(page, person.email, person.senha);
    await page.getByRole('button', { name: 'Continuar Login' }).click();
    await passWelcome(page);
  });

  test('keeps their data in Meus dados and changes the password with every §5 check in order', async ({ page }) => {
    test.setTimeout(60_000);
    await submitSignIn(page, person.email, person.senha);
    await page.getByRole('button', { name: 'Continuar Login' }).click();
    await passWelcome(page);
    await page.goto('/me/meusdados?origin=dashboard&pid=1');
    await expect(page.getByText(/Atenção: esta conta é compartilhada/)).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(person.email);
    await expect(page.getByLabel('E-mail')).toHaveAttribute('readonly', '');
    await page.getByLabel('Apelido').fill('Helena');
    const phone = page.getByLabel('Telefone celular');
    // Select all and type, as a person does: the mask formats while typing.
    await phone.press('Control+a');
    await phone.press('Backspace');
    await phone.pressSequentially('2133334444');
    await expect(page.getByLabel('Telefone celular')).toHaveValue('(21) 3333-4444');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Dados atualizados com sucesso!').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Apelido')).toHaveValue('Helena');

    const form = page.getByRole('form', { name: 'Alterar senha' });
    const current = form.getByLabel('Senha atual');
    const next = form.getByLabel('Nova senha', { exact: true });
    const confirm = form.getByLabel('Confirme a nova senha');
    const change = form.getByRole('button', { name: 'Alterar senha' });
    const steps: [string, string, string, string][] = [
      ['', 'nova-senha-4', '', 'Senha atual em branco'],
      [person.senha, '', '', 'Senha nova em branco'],
      [person.senha, '123', '', 'A senha deve conter entre 6 e 32 caracteres'],
      // More than 32: kept whole (no maxLength cutting it) and refused the same way.
      [person.senha, TOO_LONG, TOO_LONG, 'A senha deve conter entre 6 e 32 caracteres'],
      [person.senha, 'nova-senha-4', '', 'Confirme sua senha'],
      [person.senha, 'nova-senha-4', 'nova-senha-5', 'As senhas são diferentes'],
    ];
    for (const [atual, nova, conf, message] of steps) {
      await current.fill(atual);
      await next.fill(nova);
      await confirm.fill(conf);
      await expect(next).toHaveValue(nova);
      await change.click();
      await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    }
    await confirm.fill('nova-senha-4');
    const before = await mailCount();
    await change.click();
    await expect(page.getByText('Senha alterada com sucesso!').first()).toBeVisible();
    // §4: the three fields are cleared after a change.
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');
    await waitForMail(person.email, /Sua senha foi alterada/, { after: before });
  });
});

test("create account (logged in) for a product that takes none says so as the page opens", async ({ page }) => {
  // Product 2 has inactive-user registration: no new client accounts there (§2).
  await page.goto('/login/2/conta_criar/logado');
  await expect(page.getByRole('heading', { level: 1, name: 'Criar uma conta' })).toBeVisible();
  await expect(page.getByText('Este produto não permite criar contas por aqui.')).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Criar conta e continuar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/login/2/conta_selecionar');
});

test('account selection: the search filters the cards by company name, ignoring case', async ({ page }) => {
  await submitSignIn(page, 'multi@exemplo.com.br', 'demo1234');
  await page.getByRole('button', { name: 'Continuar Login' }).click();
  await expect(page).toHaveURL(/\/login\/1\/conta_selecionar/);
  const cards = page.getByRole('group', { name: 'Contas' }).getByRole('button');
  await expect(cards).toHaveCount(2);
  await page.getByPlaceholder('Buscar cliente').fill('NOVA emp');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Nova Empresa S.A.');
  await page.getByPlaceholder('Buscar cliente').fill('souza');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Maria Souza');
  await cards.first().click();
  await expect(page).toHaveURL(/\/a\/redirect\?/);
});

/** §4: a client with no plan yet sees the welcome on each login; 'Continuar login' goes on to the product. */
async function passWelcome(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Seja Bem-vindo(a)' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar login' }).click();
  await expect(page).toHaveURL(/\/a\/redirect\?/);
}
