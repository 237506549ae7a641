import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_INVOICE_TOKENS } from '../../src/server/modules/demo-seed/e2e-tokens.ts';
import { randomCnpj } from '../helpers/documents.ts';
import { expect, test, waitForApiIdle } from './fixtures.ts';
import { signUpNewPerson } from './support/new-person.ts';
import { apiHeaders, signInDemoUser } from './support/sign-in.ts';

/**
 * The staff area (decision 031) as the demo admin (admin@exemplo.com.br, staff level 1) against the
 * real server: the generic list and edit pages, a child entity through parentEntityId, the delete
 * dialog, the searchable dropdowns, the date-interval picker and the NFS-e upload.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Picks an option of a searchable dropdown (react-select) by typing part of its text. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

const unique = () => Date.now().toString(36).toUpperCase();

test.beforeEach(async ({ page }) => {
  // The demo admin has no client of its own: the login ends on the product's redirect page (§4).
  await signInDemoUser(page, 'admin@exemplo.com.br');
});

test('creates a plan with a payment option as a child, edits it and deletes both through the dialog', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Plano E2E ${unique()}`;
  await page.goto('/admin/planos');
  await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  await page.getByRole('button', { name: '+ Adicionar' }).click();
  await expect(page).toHaveURL(/\/admin\/planos\/novo$/);
  await choose(page, 'Produto', 'portal', 'Portal Demo');
  await page.getByLabel('Nome interno').fill(name.toLowerCase().replaceAll(' ', '-'));
  // §5: the required marker and the form's validators before any call.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Campo obrigatório.').first()).toBeVisible();
  await page.getByLabel('Nome de exibição').fill(name);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro criado.')).toBeVisible();
  // §4: after a save, back to the list; the new plan is opened from there.
  await expect(page).toHaveURL(/\/admin\/planos$/);
  await page.getByRole('searchbox').fill(name);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('row', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/admin\/planos\/\d+$/);
  const planUrl = page.url();
  await expect(page.getByLabel('Auditoria')).toContainText('Criado em');

  // The payment option: a child screen with the plan loaded first (§2 parentEntityId).
  const options = page.getByRole('region', { name: 'Opções de pagamento' });
  await options.getByRole('button', { name: '+ Adicionar' }).click();
  await expect(page).toHaveURL(/\/pagamentos\/novo$/);
  await expect(page.getByText(`Plano: ${name}`)).toBeVisible();
  await page.getByLabel('Periodicidade', { exact: true }).selectOption({ label: 'Mensal' });
  await page.getByLabel('Descrição da periodicidade').fill('Mensal');
  await page.getByLabel('Valor (R$)', { exact: true }).fill('59.9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // Back to the plan (navBackRoute), whose list shows the option.
  await expect(page).toHaveURL(planUrl);
  await expect(options.getByRole('row', { name: /Mensal R\$ 59,90/ })).toBeVisible();

  // The public plans page shows the new plan with its price.
  await page.goto('/produto/1/planos');
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('R$ 59,90').first()).toBeVisible();
  await page.goto(planUrl);

  // Edit the plan, opened from a searched list: the save goes back to that list, search kept.
  await page.goto(`/admin/planos?page=1&q=${encodeURIComponent(name)}`);
  await page.getByRole('row', { name: new RegExp(name) }).click();
  await page.getByLabel('Nome de exibição').fill(`${name} editado`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro salvo.')).toBeVisible();
  await expect(page).toHaveURL(`/admin/planos?page=1&q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('searchbox')).toHaveValue(name);
  await expect(page.getByRole('row', { name: new RegExp(`${name} editado`) })).toBeVisible();
  await page.getByRole('row', { name: new RegExp(`${name} editado`) }).click();
  await expect(page).toHaveURL(planUrl);

  // A plan with a payment option cannot go: the server says why, in pt-BR.
  await page.getByRole('button', { name: 'Excluir' }).click();
  // The dialog names the record (§2's optional title; issue 38), over §2's question.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(`Excluir o plano ${name} editado?`);
  await expect(dialog).toContainText('Excluir registro?');
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Não é possível excluir: este registro está em uso por outros cadastros.')).toBeVisible();
  await expect(page).toHaveURL(planUrl);

  // Delete the option, then the plan, through the dialog.
  await options.getByRole('row', { name: /Mensal/ }).click();
  await expect(page).toHaveURL(/\/pagamentos\/\d+$/);
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(dialog).toHaveAccessibleName('Excluir a forma de pagamento Mensal?');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL(planUrl);
  await expect(options.getByText('Nenhum registro encontrado.')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  // Back to the searched list the plan was opened from, through its payment option's page.
  await expect(page).toHaveURL(`/admin/planos?page=1&q=${encodeURIComponent(name)}`);
  await expect(page.getByText('Nenhum registro encontrado.')).toBeVisible();
});

test('saving goes back to the list the person came from, on its page and with its search', async ({ page }) => {
  await page.goto('/admin/cidades');
  await page.getByRole('searchbox').fill('são');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/\/admin\/cidades\?page=2&q=s%C3%A3o$/);
  await expect(page.getByText(/^Exibindo 16-/)).toBeVisible();
  const row = page.getByRole('row').nth(1);
  const city = (await row.getByRole('cell').nth(1).textContent()) ?? '';
  await row.click();
  await expect(page).toHaveURL(/\/admin\/cidades\/\d+$/);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(city);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro salvo.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cidades\?page=2&q=s%C3%A3o$/);
  await expect(page.getByRole('searchbox')).toHaveValue('são');
  await expect(page.getByText(/^Exibindo 16-/)).toBeVisible();
});

test("a record that does not exist shows only 'Registro não encontrado.' and the way back", async ({ page }) => {
  await page.goto('/admin/clientes/9999');
  await expect(page.getByRole('alert').filter({ hasText: 'Registro não encontrado.' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  await expect(page.getByLabel('Razão social / nome')).toHaveCount(0);
  await page.getByRole('button', { name: '‹ Voltar' }).click();
  await expect(page).toHaveURL(/\/admin\/clientes$/);
});

test("an admin working in a client stays signed in, in that client ('Trabalhar neste cliente')", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/admin/clientes');
  await page.getByRole('searchbox').fill('Nova Empresa');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('row', { name: /Nova Empresa S\.A\./ }).click();
  await page.getByRole('button', { name: 'Trabalhar neste cliente' }).click();
  await expect(page.getByText('Cliente Nova Empresa S.A. selecionado.')).toBeVisible();
  // The session check that follows names the client this tab chose: no takeover, no logout
  // (which would come 3 s after 'Usuário ou cliente alterados na sessão.').
  await page.waitForTimeout(3500);
  await expect(page.getByText('Usuário ou cliente alterados na sessão.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/clientes\/\d+$/);
  await page.goto('/painel');
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
  await expect(page.getByText('Nova Empresa S.A.').first()).toBeVisible();
});

test('pages and searches through the cities', async ({ page }) => {
  await page.goto('/admin/cidades');
  const showing = page.getByText(/^Exibindo \d+-\d+ de \d+ registros\(s\)\.$/);
  await expect(showing).toHaveText(/^Exibindo 1-15 de 55\d\d registros\(s\)\.$/);
  await expect(page.getByRole('button', { name: 'Página 5' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Página 6' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(showing).toHaveText(/^Exibindo 16-30 de /);
  await expect(page.getByRole('button', { name: 'Página 6' })).toBeVisible();
  await page.getByRole('button', { name: 'Última página' }).click();
  await expect(page.getByRole('button', { name: 'Próxima página' })).toBeDisabled();

  await page.getByRole('searchbox').fill('campinas');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(showing).toHaveText(/^Exibindo 1-\d de \d registros\(s\)\.$/);
  await page.getByRole('row', { name: /3509502 Campinas SP/ }).click();
  await expect(page).toHaveURL(/\/admin\/cidades\/3509502$/);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Campinas');
  // 'Voltar' goes back to the list as it was: the search is in the address.
  await page.getByRole('button', { name: '‹ Voltar' }).click();
  await expect(page).toHaveURL(/\/admin\/cidades\?page=1&q=campinas$/);
  await expect(showing).toHaveText(/^Exibindo 1-\d de \d registros\(s\)\.$/);
});

test('creates an invoice with an item and an NFS-e PDF that the client sees in its invoice list', async ({ page }) => {
  test.setTimeout(90_000);
  const numero = String(Date.now()).slice(-7);
  await page.goto('/admin/faturas');
  // The due-date filter: the current month by default, one month at a time.
  await expect(page.getByRole('group', { name: 'Vencimento' })).toBeVisible();
  await page.getByRole('button', { name: '+ Adicionar' }).click();
  // Nova Empresa: the invoice browser tests count the demo client's invoices (Empresa Demo).
  await choose(page, 'Cliente', 'Nova Empresa', 'Nova Empresa S.A.');
  await page.getByLabel('Situação', { exact: true }).selectOption({ label: 'Fechada/Emitida' });
  await page.getByLabel('Vencimento', { exact: true }).fill('10012031');
  await expect(page.getByLabel('Vencimento', { exact: true })).toHaveValue('10/01/2031');
  const servico = `Consultoria de implantação ${numero}`;
  await page.getByLabel('Descrição dos Serviços').fill(servico);
  await page.getByRole('button', { name: 'Salvar' }).click();
  // Back to the list (§4); the new invoice (due in 2031) shows once the month filter is off.
  await expect(page).toHaveURL(/\/admin\/faturas$/);
  await page.getByRole('checkbox', { name: 'Vencimento' }).uncheck();
  await page.getByRole('searchbox').fill(servico);
  await page.getByRole('button', { name: 'Buscar' }).click();
  // The rows before the search answers may hold other invoices due that day (an earlier run's).
  await expect(page.getByRole('row', { name: /10\/01\/2031/ })).toHaveCount(1);
  await page.getByRole('row', { name: /10\/01\/2031/ }).click();
  await expect(page).toHaveURL(/\/admin\/faturas\/\d+$/);
  const invoiceUrl = page.url();

  await page.getByRole('region', { name: 'Itens' }).getByRole('button', { name: '+ Adicionar' }).click();
  await page.getByLabel('Código').fill('1.07');
  await page.getByLabel('Descrição', { exact: true }).fill('Consultoria E2E');
  await page.getByLabel('Valor (R$)').fill('250');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(invoiceUrl);
  await expect(page.getByText('Valor total (soma dos itens): R$ 250,00')).toBeVisible();

  await page.getByRole('region', { name: 'NFS-e' }).getByRole('button', { name: '+ Adicionar' }).click();
  await page.getByLabel('Número da NFS-e').fill(numero);
  // §5 date-time: dd/mm/aaaa HH:mm typed as digits, 24 h (decision 051).
  const emissao = page.getByLabel('Emissão');
  await expect(emissao).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
  await emissao.pressSequentially('201220301000');
  await expect(emissao).toHaveValue('20/12/2030 10:00');
  // The file picker speaks pt-BR; its button opens the browser's file chooser.
  await expect(page.getByLabel('PDF da NFS-e')).toHaveAccessibleDescription(/Nenhum arquivo selecionado\./);
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Escolher arquivo', { exact: true }).first().click();
  await (await chooser).setFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByLabel('PDF da NFS-e')).toHaveAccessibleDescription(/nota\.pdf/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(invoiceUrl);
  await expect(page.getByRole('region', { name: 'NFS-e' }).getByRole('row', { name: new RegExp(`${numero} 20/12/2030 10:00 Sim Não`) })).toBeVisible();

  // The client's own list (reached by its token, §6) shows it first, with the PDF to download.
  await page.goto(`/cliente/${E2E_INVOICE_TOKENS.novaEmpresa}/fatura`);
  const first = page.locator('table.app-invoice-table tbody tr').first();
  await expect(first).toContainText('10/01/2031');
  await expect(first).toContainText('250,00');
  await expect(first).toContainText(numero);
  await expect(first.getByRole('link', { name: 'NFS-e (PDF)' })).toHaveAttribute('href', /nfse\.pdf$/);
});

test('refuses the staff area to a customer', async ({ page, context }) => {
  await context.clearCookies();
  await signInDemoUser(page, 'usuario@exemplo.com.br');
  await page.goto('/admin/clientes');
  await expect(page.getByText('Você não tem permissão para esta ação.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administração' })).toHaveCount(0);
});

/** A client of the test's own, made through the staff API: the journeys below edit it. */
async function newClient(page: Page): Promise<{ id: number; razaoSocial: string }> {
  const razaoSocial = `Auditoria E2E ${unique()} Ltda`;
  const created = await page.request.post('/api/admin/gl_cliente', {
    headers: await apiHeaders(page),
    // With an e-mail like the demo's clients: it sorts first in the client list, which phone.spec reads.
    data: {
      razao_social: razaoSocial,
      cpfcnpj: randomCnpj(),
      email: `auditoria.${unique()}@exemplo.com.br`,
      fatura_lembrete: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { entity: { id: number } } };
  return { id: data.entity.id, razaoSocial };
}

test.describe('Administração → Auditoria and client links (issue 34; decisions 099, 100)', () => {
  test("lists the admin's edit of a client: who, 'Alterou', the client and the field; the person and resource filters narrow it", async ({ page }) => {
    test.setTimeout(60_000);
    const { id, razaoSocial } = await newClient(page);

    await page.goto(`/admin/clientes/${id}`);
    await expect(page.getByLabel('Razão social / nome')).toHaveValue(razaoSocial);
    await page.getByLabel('Nome fantasia').fill(`Fantasia ${unique()}`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Registro salvo.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Auditoria' }).click();
    await expect(page).toHaveURL(/\/admin\/auditoria$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
    // Read-only: nothing to add, and a row opens nothing.
    await expect(page.getByRole('button', { name: '+ Adicionar' })).toHaveCount(0);
    const edit = page.getByRole('row').filter({ hasText: `Clientes (ID ${id})` }).filter({ hasText: 'Alterou' });
    await expect(edit).toHaveCount(1);
    const cells = edit.getByRole('cell');
    await expect(cells.nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await expect(cells.nth(1)).toHaveText('Administradora Demo');
    await expect(cells.nth(2)).toHaveText('Alterou');
    await expect(cells.nth(3)).toHaveText(`Clientes (ID ${id})`);
    await expect(cells.nth(5)).toHaveText('nome_fantasia');
    // Its creation, just before, is there too; newest first.
    const created = page.getByRole('row').filter({ hasText: `Clientes (ID ${id})` }).filter({ hasText: 'Criou' });
    await expect(created).toHaveCount(1);
    await expect(page.getByText(/^Exibindo 1-\d+ de \d+ registros\(s\)\.$/)).toBeVisible();

    await waitForApiIdle(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
      'axe on Auditoria',
    ).toEqual([]);

    // Someone who neither acted on nor was concerned by the edit: it is not theirs.
    await choose(page, 'Pessoa', 'usuario@', /Lucas Pereira/);
    await expect(edit).toHaveCount(0);
    await choose(page, 'Pessoa', 'admin@', /Administradora Demo/);
    await expect(edit).toHaveCount(1);
    await page.getByLabel('Recurso', { exact: true }).selectOption({ label: 'Faturas' });
    await expect(edit).toHaveCount(0);
    await page.getByLabel('Recurso', { exact: true }).selectOption({ label: 'Clientes' });
    await expect(edit).toHaveCount(1);
    // The period: this month by default; last month has nothing of this.
    await page.getByRole('button', { name: 'mês anterior' }).click();
    await expect(edit).toHaveCount(0);
  });

  test('a staff member trying to link themselves to a client sees the refusal in pt-BR', async ({ page }) => {
    const { id } = await newClient(page);
    await page.goto(`/admin/clientes/${id}`);
    await page.getByRole('region', { name: 'Usuários do cliente' }).getByRole('button', { name: '+ Adicionar' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/clientes/${id}/usuarios/novo$`));
    await choose(page, 'Usuário', 'admin@', /Administradora Demo/);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      page.getByText('Você não pode criar nem alterar o seu próprio vínculo com um cliente; peça a outro supervisor.'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/clientes/${id}/usuarios/novo$`));
    await page.getByRole('button', { name: '‹ Voltar' }).click();
    await expect(page.getByRole('region', { name: 'Usuários do cliente' }).getByText('Nenhum registro encontrado.')).toBeVisible();
  });

  test("an operator sees neither Auditoria nor 'Adicionar'/'Salvar' on client links", async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    // A person of the test's own, made an operator (level 5) by the admin in another browser.
    await context.clearCookies();
    const person = await signUpNewPerson(page, 'operador');
    const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await adminContext.newPage();
    await signInDemoUser(admin, 'admin@exemplo.com.br');
    const headers = await apiHeaders(admin);
    const found = await admin.request.get('/api/admin/gl_usuario', { headers, params: { searchText: person.email } });
    const { data: users } = (await found.json()) as { data: { data: { id: number }[] } };
    expect(users.data).toHaveLength(1);
    const level = await admin.request.post(`/api/admin/gl_usuario/${users.data[0]?.id}/nivel`, { headers, data: { nivel: 5 } });
    expect(level.status(), await level.text()).toBe(200);
    await adminContext.close();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Clientes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Auditoria' })).toHaveCount(0);
    await page.goto('/admin/auditoria');
    await expect(page.getByText('Você não tem permissão para esta ação.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Auditoria' })).toHaveCount(0);
    // The server refuses it anyway (supervisors and above).
    const trail = await page.request.get('/api/admin/gl_auditoria', { headers: await apiHeaders(page) });
    expect(trail.status()).toBe(403);

    // Links: read, and removable, but neither added nor changed by an operator.
    await page.goto('/admin/clientes?page=1&q=Empresa%20Demonstra%C3%A7%C3%A3o');
    await page.getByRole('row', { name: /Empresa Demonstração Ltda/ }).click();
    const links = page.getByRole('region', { name: 'Usuários do cliente' });
    await expect(links.getByRole('row', { name: /Lucas Pereira/ })).toBeVisible();
    await expect(links.getByRole('button', { name: '+ Adicionar' })).toHaveCount(0);
    await links.getByRole('row', { name: /Lucas Pereira/ }).click();
    await expect(page).toHaveURL(/\/admin\/clientes\/\d+\/usuarios\/\d+$/);
    await expect(page.getByText('Lucas Pereira <usuario@exemplo.com.br>')).toBeVisible();
    await expect(page.getByLabel('Nível na conta')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Excluir' })).toBeVisible();
  });
});
