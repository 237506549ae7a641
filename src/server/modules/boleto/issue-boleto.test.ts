import { validarBoleto } from '@mrmgomes/boleto-utils';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaturaBoletoDto, FaturaListDto } from '#shared/schemas/invoices';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createFatura, createPixContract } from '#tests/helpers/invoice-factories.ts';
import { barcodeFromPdf } from '#tests/helpers/itf-reader.ts';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { pgBoleto, pgConta } from '../../platform/db/schema.ts';
import { issueMissingBoletos } from './issue-boleto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

/** A client whose contract's account issues Banco do Brasil boletos, with open invoices. */
async function world(invoices = 1) {
  const cliente = await createClient(t.db);
  const { contrato, conta } = await createPixContract(t.db, cliente.id);
  await t.db.update(pgConta).set(BANCO_DO_BRASIL).where(eq(pgConta.id, conta.id));
  const faturas = [];
  for (let index = 0; index < invoices; index++) {
    faturas.push(await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 5, valor: '149.90', data_vencimento: '2026-12-10' }));
  }
  return { cliente, conta, faturas };
}

const boletoPath = (token: string, id: number) => `/api/pg_fatura/cliente/${token}/${id}/boleto`;

describe('the boleto of an open invoice (issue 40)', () => {
  it('is offered in the list, made on first asking, and not payable before the bank registers it', async () => {
    const { cliente, conta, faturas } = await world();
    const fatura = faturas[0]!;
    const agent = new ApiAgent(t.app);
    const list = (await agent.get<FaturaListDto>(`/api/pg_fatura/cliente/${cliente.fatura_token}`)).body.data;
    expect(list.faturaList[0]?.boleto).toBe(true);

    const first = await agent.get<FaturaBoletoDto>(boletoPath(cliente.fatura_token, fatura.id));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      situacao: 'em_registro',
      banco: 'Banco do Brasil',
      valor: '149.90',
      nosso_numero: '12345670000000001',
      linha_digitavel: null,
      pdf_url: null,
    });

    // The bank confirmed the registration (issue 40's retorno): payable now.
    await t.db.update(pgBoleto).set({ situacao: 'registrado' }).where(eq(pgBoleto.pg_fatura_id, fatura.id));
    const payable = (await agent.get<FaturaBoletoDto>(boletoPath(cliente.fatura_token, fatura.id))).body.data;
    expect(payable.linha_digitavel).toBe('00190.00009 01234.567004 00000.001180 2 16560000014990');
    expect(validarBoleto(payable.linha_digitavel ?? '')).toMatchObject({ sucesso: true, valor: 149.9 });
    expect(payable.pdf_url).toBe(`/api/pg_fatura/cliente/${cliente.fatura_token}/${fatura.id}/boleto.pdf`);
    const [stored] = await t.db.select().from(pgConta).where(eq(pgConta.id, conta.id));
    expect(stored?.boleto_sequencia).toBe(1);
  });

  it('the registered boleto downloads as one page with the payer, the linha digitável and the PIX QR', async () => {
    const { cliente, faturas } = await world();
    const fatura = faturas[0]!;
    const agent = new ApiAgent(t.app);
    const pdfPath = `${boletoPath(cliente.fatura_token, fatura.id)}.pdf`;
    await agent.get(boletoPath(cliente.fatura_token, fatura.id));
    // Not before the bank registered it.
    expect((await agent.get(pdfPath)).status).toBe(404);
    await t.db.update(pgBoleto).set({ situacao: 'registrado' }).where(eq(pgBoleto.pg_fatura_id, fatura.id));
    const response = await agent.get(pdfPath);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=boleto-2026-12-[a-z0-9-]+\.pdf$/);
    const pdf = await readPdf(response.bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(cliente.razao_social);
    expect(pdf.text).toContain('00190.00009 01234.567004 00000.001180 2 16560000014990');
    expect(pdf.text).toContain('Provedora Teste Ltda');
    expect(pdf.text).toContain('R$ 149,90');
    expect(pdf.text).toContain('Ficha de Compensação');
    expect(pdf.text).toContain('Pague também com PIX');
    // The bars, read back as a scanner would, are the boleto's barcode.
    const [boleto] = await t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_fatura_id, fatura.id));
    expect(barcodeFromPdf(response.bytes)).toBe(boleto?.codigo_barras);
  });

  it("another client's invoice, a paid one, or one whose account issues no boleto is the 404 of an unknown path", async () => {
    const { faturas } = await world();
    const other = await createClient(t.db);
    const agent = new ApiAgent(t.app, { remoteAddress: '10.40.0.1' });
    expect((await agent.get(boletoPath(other.fatura_token, faturas[0]!.id))).status).toBe(404);
    const plain = await createClient(t.db);
    const { contrato } = await createPixContract(t.db, plain.id);
    const noBoleto = await createFatura(t.db, plain.id, { gl_contrato_id: contrato.id, situacao: 5 });
    expect((await agent.get(boletoPath(plain.fatura_token, noBoleto.id))).status).toBe(404);
    const paid = await createFatura(t.db, plain.id, { gl_contrato_id: contrato.id, situacao: 6 });
    expect((await agent.get(boletoPath(plain.fatura_token, paid.id))).status).toBe(404);
  });

  it('fifty askings at once make one boleto; fifty invoices at once get fifty nossos números in turn', async () => {
    const { cliente, conta, faturas } = await world(50);
    const same = faturas[0]!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => new ApiAgent(t.app).get<FaturaBoletoDto>(boletoPath(cliente.fatura_token, same.id))),
    );
    expect(new Set(answers.map((answer) => answer.body.data.nosso_numero)).size).toBe(1);
    expect(await t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_fatura_id, same.id))).toHaveLength(1);

    await Promise.all(faturas.slice(1).map((fatura) => new ApiAgent(t.app).get(boletoPath(cliente.fatura_token, fatura.id))));
    const made = await t.db.select({ sequencia: pgBoleto.sequencia }).from(pgBoleto).where(eq(pgBoleto.pg_conta_id, conta.id));
    expect(made.map((row) => row.sequencia).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
  });

  it('the job makes the boletos still missing, once', async () => {
    const { conta } = await world(3);
    expect(await issueMissingBoletos(t.db)).toBeGreaterThanOrEqual(3);
    expect(await t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_conta_id, conta.id))).toHaveLength(3);
    expect(await issueMissingBoletos(t.db)).toBe(0);
  });
});

describe("a payment account's bank data (issue 40 item 1)", () => {
  it('is checked per bank in pt-BR, and saved when right', async () => {
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const base = { nome: 'Cobrança BB', nome_exibicao: 'Boleto', ativo: true };
    const wrong = await staff.post('/api/admin/pg_conta', { ...base, boleto_banco: '001', boleto_agencia: '12', boleto_conta: '123', boleto_carteira: '11', boleto_convenio: '123', beneficiario_nome: '' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      boleto_agencia: ['Agência do Banco do Brasil: 4 dígitos.'],
      boleto_carteira: ['Carteira do Banco do Brasil: 17 ou 18.'],
      boleto_convenio: ['Convênio do Banco do Brasil: 7 dígitos.'],
      beneficiario_nome: ['Campo obrigatório.'],
      beneficiario_cpfcnpj: ['Campo obrigatório.'],
    });
    const letters = await staff.post('/api/admin/pg_conta', { ...base, boleto_banco: '237', boleto_agencia: '12a4' });
    expect(letters.body.errors?.boleto_agencia).toContain('Somente números, até 5 dígitos.');
    const unknownBank = await staff.post('/api/admin/pg_conta', { ...base, boleto_banco: '999' });
    expect(unknownBank.status).toBe(422);
    const saved = await staff.post<{ entity: Record<string, unknown> }>('/api/admin/pg_conta', { ...base, ...BANCO_DO_BRASIL, beneficiario_cpfcnpj: '11.444.777/0001-61' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.entity).toMatchObject({ boleto_banco: '001', boleto_convenio: '1234567', beneficiario_cpfcnpj: '11444777000161' });
  });
});

