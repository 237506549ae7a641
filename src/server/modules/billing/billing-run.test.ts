import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLinhaDigitavel } from '#shared/boleto/febraban';
import { SITUACAO } from '#shared/schemas/invoices';
import {
  createClient,
  createPaymentAccount,
  createPlanWithOption,
  createProduct,
  createUser,
  linkUserToClient,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import type { Database } from '../../platform/db/database.ts';
import { mailBoleto } from '../invoices/mails.ts';
import { invoiceIssuedMail } from './mails.ts';
import {
  glCliente,
  glContrato,
  glContratoAjuste,
  glContratoEvento,
  glEmailSaida,
  glPlanoPagamento,
  glProduto,
  pgBoleto,
  pgConta,
  pgFatura,
  pgFaturaItem,
  pgFaturamentoExecucao,
} from '../../platform/db/schema.ts';
import { rollOverEndedPeriods } from '../contracts/period-rollover.ts';
import { runBilling, type BillingOptions } from './billing-run.ts';
import { approveInvoice } from './service.ts';

/** Issue 35 (decision 102): the billing run over contracts, each period billed once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OPTIONS: BillingOptions = {
  providerName: 'Provedora Teste',
  publicUrl: 'https://portal.exemplo.com.br',
  leadDays: 10,
};
/** Noon in São Paulo on a calendar day. */
const at = (day: string) => new Date(`${day}T15:00:00Z`);
const run = (day: string, db: Database = t.db) => runBilling(db, OPTIONS, at(day));

/** A client with a manager, a product, a monthly option and a contract on it, paid by PIX. */
async function contractWith(options: {
  periodo_inicio?: string;
  periodo_fim?: string;
  faturado_ate?: string | null;
  pagamento?: Partial<typeof glPlanoPagamento.$inferInsert>;
  free?: boolean;
} = {}) {
  const produto = await createProduct(t.db);
  const cliente = await createClient(t.db);
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const { plano, pagamento } = await createPlanWithOption(t.db, produto.id, {
    plano: { nome_exibicao: 'Profissional' },
    pagamento: { valor: '99.90', ...options.pagamento },
  });
  const conta = await createPaymentAccount(t.db, {
    pix_chave_tipo: 'cnpj',
    pix_chave: '11444777000161',
    pix_nome: 'Provedora Teste',
    pix_cidade: 'SAO PAULO',
    pix_chave_compartilhada: true,
  });
  const [contrato] = await t.db
    .insert(glContrato)
    .values({
      gl_cliente_id: cliente.id,
      gl_produto_id: produto.id,
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
      pg_conta_id: options.free ? null : conta.id,
      periodo_inicio: options.periodo_inicio ?? '2026-12-01',
      periodo_fim: options.periodo_fim ?? '2026-12-31',
      faturado_ate: options.faturado_ate === undefined ? '2026-12-31' : options.faturado_ate,
    })
    .returning();
  if (!contrato) throw new Error('contract insert returned nothing');
  return { produto, cliente, manager, plano, pagamento, conta, contrato };
}

const invoicesOf = (contratoId: number) =>
  t.db.select().from(pgFatura).where(eq(pgFatura.gl_contrato_id, contratoId)).orderBy(asc(pgFatura.id));
const itemsOf = (faturaId: number) =>
  t.db
    .select({ codigo: pgFaturaItem.codigo, descricao: pgFaturaItem.descricao, unidade: pgFaturaItem.unidade, qtde: pgFaturaItem.qtde, valor: pgFaturaItem.valor })
    .from(pgFaturaItem)
    .where(eq(pgFaturaItem.pg_fatura_id, faturaId))
    .orderBy(asc(pgFaturaItem.id));
const contractRow = async (id: number) => (await t.db.select().from(glContrato).where(eq(glContrato.id, id)))[0];

describe('the billing run (issue 35, decision 102)', () => {
  it('issues the next period ten days before it starts, once, with its item, due date and notice', async () => {
    const { contrato, manager, plano } = await contractWith();
    await run('2026-12-21');
    expect(await invoicesOf(contrato.id)).toEqual([]);

    await run('2026-12-22');
    await run('2026-12-23');
    const [fatura, ...more] = await invoicesOf(contrato.id);
    expect(more).toEqual([]);
    expect(fatura).toMatchObject({
      situacao: SITUACAO.fechada,
      origem: 'recorrente',
      valor: '99.90',
      data_competencia: '2027-01-01',
      periodo_fim: '2027-01-31',
      // Issued 22/12 + 10 days = 01/01/2027, a national holiday: the next business day (Monday).
      data_vencimento: '2027-01-04',
      servico_discriminacao: 'Assinatura — Profissional (Mensal), período de 01/01/2027 a 31/01/2027.',
    });
    expect(await itemsOf(fatura!.id)).toEqual([
      {
        codigo: `PLANO-${plano.id}`,
        descricao: 'Assinatura — Profissional (Mensal), 01/01/2027 a 31/01/2027',
        unidade: 'mês',
        qtde: '1.0000',
        valor: '99.90',
      },
    ]);
    expect((await contractRow(contrato.id))?.faturado_ate).toBe('2027-01-31');
    const [notice] = await t.db
      .select()
      .from(glEmailSaida)
      .where(and(eq(glEmailSaida.destinatario, manager.email), like(glEmailSaida.assunto, 'Nova fatura%')));
    expect(notice?.assunto).toMatch(/^Nova fatura de R\$\s99,90, vencimento em 04\/01\/2027 - Provedora Teste$/);
    expect(notice?.corpo_texto).toContain('PIX copia e cola');
    expect(notice?.corpo_texto).toMatch(/000201.*6304[0-9A-F]{4}/);
  });

  it("sends the notice to the client's e-mail for invoices too, not twice when it is a manager's, and the approval request to the managers alone (issue 41 item 2)", async () => {
    const invoiceEmail = `notas.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@oficina.com.br`;
    const mailsTo = (emails: string[]) =>
      t.db.select().from(glEmailSaida).where(inArray(glEmailSaida.destinatario, emails)).orderBy(asc(glEmailSaida.id));
    const plain = await contractWith();
    await t.db.update(glCliente).set({ razao_social: 'Oficina do Zé Ltda', email_fatura: invoiceEmail }).where(eq(glCliente.id, plain.cliente.id));
    // Its e-mail for invoices is its manager's, in capitals: one notice.
    const same = await contractWith();
    await t.db.update(glCliente).set({ email_fatura: same.manager.email.toUpperCase() }).where(eq(glCliente.id, same.cliente.id));
    const held = await contractWith();
    const heldEmail = `aprovar.${invoiceEmail}`;
    await t.db.update(glCliente).set({ email_fatura: heldEmail }).where(eq(glCliente.id, held.cliente.id));
    await t.db.update(glProduto).set({ fatura_aprovacao: true }).where(eq(glProduto.id, held.produto.id));
    await run('2026-12-22');

    const notices = await mailsTo([plain.manager.email, invoiceEmail]);
    expect(notices.map((mail) => mail.destinatario).sort()).toEqual([invoiceEmail, plain.manager.email].sort());
    const toInvoices = notices.find((mail) => mail.destinatario === invoiceEmail);
    expect(toInvoices?.assunto).toMatch(/^Nova fatura de R\$\s99,90, vencimento em 04\/01\/2027 - Provedora Teste$/);
    expect(toInvoices?.corpo_texto).toContain('Olá, Oficina do Zé Ltda.');
    expect(toInvoices?.corpo_texto).toContain(`/cliente/${plain.cliente.fatura_token}/fatura`);
    expect(toInvoices?.corpo_texto).toContain('PIX copia e cola');
    expect(await mailsTo([same.manager.email, same.manager.email.toUpperCase()])).toHaveLength(1);

    // Held for approval: the request to the manager only (approving needs one); once approved,
    // the notice to both.
    const [request, ...others] = await mailsTo([held.manager.email, heldEmail]);
    expect(others).toEqual([]);
    expect(request?.destinatario).toBe(held.manager.email);
    const token = /\/fatura\/faturaEmitida\/([A-Za-z0-9_-]+)/.exec(request?.corpo_texto ?? '')?.[1];
    expect(await approveInvoice(t.db, token ?? '', OPTIONS)).toBe(true);
    const after = await mailsTo([held.manager.email, heldEmail]);
    expect(after.filter((mail) => mail.assunto.startsWith('Nova fatura')).map((mail) => mail.destinatario).sort()).toEqual(
      [heldEmail, held.manager.email].sort(),
    );
  });

  it('bills a new contract’s current period at once, and issues nothing for a free one', async () => {
    const fresh = await contractWith({ periodo_inicio: '2026-12-15', periodo_fim: '2027-01-14', faturado_ate: null });
    const free = await contractWith({ free: true, faturado_ate: null });
    await run('2026-12-15');
    expect((await invoicesOf(fresh.contrato.id)).map((f) => [f.data_competencia, f.periodo_fim, f.valor])).toEqual([
      ['2026-12-15', '2027-01-14', '99.90'],
    ]);
    expect(await invoicesOf(free.contrato.id)).toEqual([]);
    expect((await contractRow(free.contrato.id))?.faturado_ate).toBe('2026-12-31');
  });

  it('prices the next period on a change scheduled for the close, and applies the promotion for its months', async () => {
    const { contrato, produto } = await contractWith();
    const { plano, pagamento } = await createPlanWithOption(t.db, produto.id, {
      plano: { nome_exibicao: 'Empresarial' },
      pagamento: { valor: '199.90', valor_promocional: '149.90', flag_promocao: true, promocao_meses: 2 },
    });
    await t.db.insert(glContratoEvento).values({
      gl_contrato_id: contrato.id,
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
      pg_conta_id: contrato.pg_conta_id,
      agendamento_data: '2026-12-31',
    });
    await run('2026-12-22');
    // The close: the change applied, the new period begins on the new plan.
    await rollOverEndedPeriods(t.db, '2027-01-01', at('2027-01-01'));
    await run('2027-01-22');
    await rollOverEndedPeriods(t.db, '2027-02-01', at('2027-02-01'));
    await run('2027-02-19');
    await rollOverEndedPeriods(t.db, '2027-03-01', at('2027-03-01'));
    await run('2027-03-22');
    expect((await invoicesOf(contrato.id)).map((f) => [f.data_competencia, f.valor])).toEqual([
      ['2027-01-01', '149.90'],
      ['2027-02-01', '149.90'],
      ['2027-03-01', '199.90'],
      ['2027-04-01', '199.90'],
    ]);
    const row = await contractRow(contrato.id);
    expect(row).toMatchObject({ gl_plano_pagamento_id: pagamento.id, periodo_inicio: '2027-03-01', promocao_ate: '2027-03-01' });
  });

  it('reconciles at the roll-over a period billed before its plan changed', async () => {
    const { contrato, produto } = await contractWith();
    await run('2026-12-22');
    // Scheduled after the January invoice went out.
    const { plano, pagamento } = await createPlanWithOption(t.db, produto.id, {
      plano: { nome_exibicao: 'Empresarial' },
      pagamento: { valor: '199.90' },
    });
    await t.db.insert(glContratoEvento).values({
      gl_contrato_id: contrato.id,
      gl_plano_id: plano.id,
      gl_plano_pagamento_id: pagamento.id,
      pg_conta_id: contrato.pg_conta_id,
      agendamento_data: '2026-12-31',
    });
    await rollOverEndedPeriods(t.db, '2027-01-01', at('2027-01-01'));
    await run('2027-01-01');
    const invoices = await invoicesOf(contrato.id);
    expect(invoices.map((f) => [f.origem, f.valor])).toEqual([
      ['recorrente', '99.90'],
      ['ajuste', '100.00'],
    ]);
    expect((await itemsOf(invoices[1]!.id)).map((item) => [item.descricao, item.valor])).toEqual([
      ['Crédito — Profissional, período de 01/01/2027 a 31/01/2027 já faturado', '-99.90'],
      ['Empresarial (Mensal), período de 01/01/2027 a 31/01/2027', '199.90'],
    ]);
  });

  it('marks open invoices past their due date overdue', async () => {
    const { contrato } = await contractWith();
    await run('2026-12-22');
    await run('2027-01-04');
    expect((await invoicesOf(contrato.id))[0]?.situacao).toBe(SITUACAO.fechada);
    const report = await run('2027-01-05');
    expect(report.vencidas).toBeGreaterThanOrEqual(1);
    expect((await invoicesOf(contrato.id))[0]?.situacao).toBe(SITUACAO.vencida);
  });

  it('takes a credit on the next invoice and carries what exceeds it', async () => {
    const { contrato } = await contractWith();
    await t.db.insert(glContratoAjuste).values({ gl_contrato_id: contrato.id, descricao: 'Crédito proporcional — Outro, 40 dias', valor: '-150.00' });
    await run('2026-12-22');
    const [fatura] = await invoicesOf(contrato.id);
    expect(fatura).toMatchObject({ valor: '0.00', situacao: SITUACAO.paga });
    expect((await itemsOf(fatura!.id)).map((item) => item.valor)).toEqual(['99.90', '-150.00', '50.10']);
    const open = await t.db.select().from(glContratoAjuste).where(eq(glContratoAjuste.gl_contrato_id, contrato.id));
    expect(open.filter((row) => row.pg_fatura_id === null).map((row) => row.valor)).toEqual(['-50.10']);
  });

  it('records the runs that did something', async () => {
    await contractWith();
    const before = (await t.db.select().from(pgFaturamentoExecucao)).length;
    const report = await run('2026-12-22');
    expect(report.faturas).toBeGreaterThanOrEqual(1);
    const after = await t.db.select().from(pgFaturamentoExecucao);
    expect(after.length).toBe(before + 1);
    const idle = await run('2026-12-22');
    expect(idle).toMatchObject({ faturas: 0, erros: 0 });
    expect((await t.db.select().from(pgFaturamentoExecucao)).length).toBe(before + 1);
  });

  it('bills each period once with several runs at once (PostgreSQL: any number of instances)', async () => {
    const contracts = await Promise.all(Array.from({ length: 30 }, () => contractWith()));
    const ids = contracts.map((c) => c.contrato.id);
    await Promise.all(Array.from({ length: 4 }, () => run('2026-12-25')));
    const invoices = await t.db.select().from(pgFatura).where(inArray(pgFatura.gl_contrato_id, ids));
    expect(invoices).toHaveLength(30);
    expect(new Set(invoices.map((f) => f.gl_contrato_id)).size).toBe(30);
  });
});

/** Banco do Brasil's data of a payment account (issue 40), as issue-boleto.test.ts has it. */
const BANCO_DO_BRASIL = {
  boleto_banco: '001',
  boleto_agencia: '1234',
  boleto_agencia_dv: '3',
  boleto_conta: '12345678',
  boleto_conta_dv: '9',
  boleto_carteira: '18',
  boleto_convenio: '1234567',
  beneficiario_nome: 'Provedora Teste Ltda',
  beneficiario_cpfcnpj: '11444777000161',
};
const EM_REGISTRO =
  'O boleto bancário desta fatura está em registro no banco; a linha digitável estará na lista de faturas assim que o banco confirmar o registro.';
const boletosOf = (faturaId: number) => t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_fatura_id, faturaId));
const noticeTo = async (email: string) =>
  (
    await t.db
      .select()
      .from(glEmailSaida)
      .where(and(eq(glEmailSaida.destinatario, email), like(glEmailSaida.assunto, 'Nova fatura%')))
  )[0];

describe('the boleto of an invoice issued on an account that issues them (issue 40)', () => {
  it('is made with the invoice, its nosso número taken at once, and the notice says it is in registration', async () => {
    const { contrato, conta, manager } = await contractWith();
    await t.db.update(pgConta).set(BANCO_DO_BRASIL).where(eq(pgConta.id, conta.id));
    const plain = await contractWith();
    await run('2026-12-22');

    const [fatura] = await invoicesOf(contrato.id);
    const [boleto, ...more] = await boletosOf(fatura!.id);
    expect(more).toEqual([]);
    expect(boleto).toMatchObject({
      pg_conta_id: conta.id,
      situacao: 'em_registro',
      sequencia: 1,
      nosso_numero: '12345670000000001',
      valor: '99.90',
      data_vencimento: '2027-01-04',
      pg_remessa_id: null,
    });
    const [account] = await t.db.select().from(pgConta).where(eq(pgConta.id, conta.id));
    expect(account?.boleto_sequencia).toBe(1);
    const notice = await noticeTo(manager.email);
    expect(notice?.corpo_texto).toContain('PIX copia e cola');
    expect(notice?.corpo_texto).toContain(EM_REGISTRO);
    expect(notice?.corpo_html).toContain(EM_REGISTRO);
    // Not payable before the bank registers it.
    expect(notice?.corpo_texto).not.toContain(formatLinhaDigitavel(boleto!.linha_digitavel));

    // An account without bank data: no boleto, and the notice says nothing of one.
    const [plainFatura] = await invoicesOf(plain.contrato.id);
    expect(await boletosOf(plainFatura!.id)).toEqual([]);
    expect((await noticeTo(plain.manager.email))?.corpo_texto).not.toMatch(/boleto/i);
  });

  it("numbers one account's boletos in turn with several runs at once", async () => {
    const conta = await createPaymentAccount(t.db, BANCO_DO_BRASIL);
    const contracts = await Promise.all(Array.from({ length: 12 }, () => contractWith()));
    const ids = contracts.map((c) => c.contrato.id);
    await t.db.update(glContrato).set({ pg_conta_id: conta.id }).where(inArray(glContrato.id, ids));
    await Promise.all(Array.from({ length: 4 }, () => run('2026-12-26')));
    const invoices = await t.db.select({ id: pgFatura.id }).from(pgFatura).where(inArray(pgFatura.gl_contrato_id, ids));
    expect(invoices).toHaveLength(12);
    const boletos = await t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_conta_id, conta.id));
    expect(boletos.map((b) => b.pg_fatura_id).sort((a, b) => a - b)).toEqual(invoices.map((f) => f.id).sort((a, b) => a - b));
    expect(boletos.map((b) => b.sequencia).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  });

  it('the issue e-mail of an invoice whose boleto is registered carries its linha digitável, in both parts', () => {
    const digits = '00190000090123456700400000001180216560000014990';
    const linha = '00190.00009 01234.567004 00000.001180 2 16560000014990';
    const mail = invoiceIssuedMail({
      providerName: 'Provedora Teste',
      nome: 'Ana',
      razaoSocial: 'Oficina do Zé Ltda',
      valor: 'R$ 149,90',
      vencimento: '10/12/2026',
      invoicesUrl: 'https://portal.exemplo.com.br/cliente/abc/fatura',
      pixCopiaECola: null,
      boleto: mailBoleto('registrado', digits),
    });
    expect(mail.text).toContain(`Para pagar por boleto, use a linha digitável abaixo no aplicativo ou no internet banking do seu banco:\n\n${linha}\n`);
    expect(mail.html).toContain(`font-family:monospace;word-break:break-all;">${linha}</p>`);
    expect(mail.text).not.toContain(EM_REGISTRO);
    // Settled, written off or rejected: not mentioned.
    for (const situacao of ['liquidado', 'baixa_pedida', 'baixado', 'rejeitado']) expect(mailBoleto(situacao, digits)).toBeNull();
  });
});
