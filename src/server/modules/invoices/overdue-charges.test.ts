import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '#shared/dates';
import { formatDate } from '#shared/format';
import { parseEmv } from '#shared/pix/br-code';
import type { PainelResumoDto } from '#shared/schemas/dashboard';
import type { FaturaDetalheDto, FaturaListDto, FaturaPixDto } from '#shared/schemas/invoices';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createUser, linkUserToClient, signedInAgent } from '#tests/helpers/factories.ts';
import { createFatura, createPixContract } from '#tests/helpers/invoice-factories.ts';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { pgConta } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => todayInSaoPaulo();

/**
 * A client whose account charges 2 % and 1 % a month: an invoice of R$ 1 000,00 49 days overdue
 * (R$ 1 036,33 today: + 20,00 + 16,33, hand-checked in shared/overdue-charges.test.ts), one due in
 * five days, one paid.
 */
async function world(rule = { multa_percentual: '2.00', juros_mensal_percentual: '1.00' }) {
  const cliente = await createClient(t.db);
  const { contrato, conta } = await createPixContract(t.db, cliente.id);
  await t.db.update(pgConta).set(rule).where(eq(pgConta.id, conta.id));
  const base = { gl_contrato_id: contrato.id };
  const overdue = await createFatura(t.db, cliente.id, { ...base, situacao: 8, valor: '1000.00', data_vencimento: addDays(today(), -49) });
  const upcoming = await createFatura(t.db, cliente.id, { ...base, situacao: 5, valor: '500.00', data_vencimento: addDays(today(), 5) });
  const paid = await createFatura(t.db, cliente.id, { ...base, situacao: 6, valor: '700.00', data_vencimento: addDays(today(), -80), datahora_confirmado: new Date() });
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  return { cliente, contrato, overdue, upcoming, paid, manager };
}

describe('late charges where the customer meets them (issue 39 item 5)', () => {
  it('the list and the details show an overdue invoice updated to today, and no other', async () => {
    const w = await world();
    const agent = new ApiAgent(t.app);
    const list = (await agent.get<FaturaListDto>(`/api/pg_fatura/cliente/${w.cliente.fatura_token}`)).body.data.faturaList;
    const updated = Object.fromEntries(list.map((fatura) => [fatura.id, fatura.valor_atualizado]));
    expect(updated).toEqual({ [w.overdue.id]: '1036.33', [w.upcoming.id]: null, [w.paid.id]: null });
    // The specification's fields are as they were: valor is the invoice's own.
    expect(list.find((fatura) => fatura.id === w.overdue.id)?.valor).toBe('1000.00');
    const detail = (await agent.get<FaturaDetalheDto>(`/api/pg_fatura/cliente/${w.cliente.fatura_token}/${w.overdue.id}`)).body.data;
    expect(detail.valor_atualizado).toBe('1036.33');
  });

  it('the PIX modal charges the updated amount, saying the original', async () => {
    const w = await world();
    const pix = (await new ApiAgent(t.app).get<FaturaPixDto>(`/api/pg_fatura/cliente/${w.cliente.fatura_token}/${w.overdue.id}/pix`)).body.data;
    expect(pix).toMatchObject({ valor: '1036.33', valor_original: '1000.00' });
    expect(parseEmv(pix.copia_e_cola)?.get('54')).toBe('1036.33');
    const upcoming = (await new ApiAgent(t.app).get<FaturaPixDto>(`/api/pg_fatura/cliente/${w.cliente.fatura_token}/${w.upcoming.id}/pix`)).body.data;
    expect(upcoming).toMatchObject({ valor: '500.00', valor_original: null });
  });

  it('the PDF says the rule and the amount today, and its QR code charges it', async () => {
    const w = await world();
    const response = await new ApiAgent(t.app).get(`/api/pg_fatura/cliente/${w.cliente.fatura_token}/${w.overdue.id}/fatura.pdf`);
    const pdf = await readPdf(response.bytes);
    expect(pdf.text).toContain(`Valor atualizado em ${formatDate(today())}`);
    expect(pdf.text).toContain('R$ 1.036,33');
    expect(pdf.text).toContain('Após o vencimento: multa de 2,00 % e juros de 1,00 % ao mês, pro rata die, sobre o valor da fatura.');
    expect(pdf.text.replace(/\s+/g, '')).toContain('54071036.33');
  });

  it("the Painel's 'Pagar' names the updated amount of the next invoice", async () => {
    const w = await world();
    const agent = await signedInAgent(t, w.manager.id, { clienteId: w.cliente.id, produtoId: w.contrato.gl_produto_id });
    const summary = (await agent.get<PainelResumoDto>('/api/painel/resumo')).body.data;
    expect(summary.em_aberto?.proxima).toMatchObject({ id: w.overdue.id, valor: '1036.33' });
    // The total is of the invoices as issued.
    expect(summary.em_aberto?.total).toBe('1500.00');
  });

  it('an account without charges changes nothing', async () => {
    const w = await world({ multa_percentual: '0', juros_mensal_percentual: '0' });
    const list = (await new ApiAgent(t.app).get<FaturaListDto>(`/api/pg_fatura/cliente/${w.cliente.fatura_token}`)).body.data.faturaList;
    expect(list.every((fatura) => fatura.valor_atualizado === null)).toBe(true);
    const pix = (await new ApiAgent(t.app).get<FaturaPixDto>(`/api/pg_fatura/cliente/${w.cliente.fatura_token}/${w.overdue.id}/pix`)).body.data;
    expect(pix).toMatchObject({ valor: '1000.00', valor_original: null });
  });
});
