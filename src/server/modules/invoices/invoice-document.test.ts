import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEmv, crc16, pixPayload } from '#shared/pix/br-code';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createUser, linkUserToClient, signedInAgent } from '#tests/helpers/factories.ts';
import { createFatura, createPixContract } from '#tests/helpers/invoice-factories.ts';
import { readPdf } from '#tests/helpers/pdf-text.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { pgNfse } from '../../platform/db/schema.ts';
import { invoiceTxid } from './pix.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PROVIDER_NAME: 'Nuvem Sistemas', PROVIDER_CNPJ: '11.444.777/0001-61', PROVIDER_ADDRESS: 'Av. Paulista, 1000, São Paulo/SP' } });
});
afterAll(() => t.close());

const pdfPath = (token: string, id: number) => `/api/pg_fatura/cliente/${token}/${id}/fatura.pdf`;
const compact = (text: string) => text.replace(/\s+/g, '');

/** A client with a PIX contract and an open invoice of two items for November 2026. */
async function world() {
  const cliente = await createClient(t.db, { razao_social: 'Açaí & Companhia Ltda' });
  const { contrato, conta } = await createPixContract(t.db, cliente.id);
  const fatura = await createFatura(
    t.db,
    cliente.id,
    { gl_contrato_id: contrato.id, situacao: 5, valor: '239.90', data_vencimento: '2026-12-10', data_competencia: '2026-11-01' },
    [
      { codigo: '1.05', descricao: 'Licenciamento do plano Profissional', unidade: 'UN', qtde: '1', valor: '149.90' },
      { codigo: '1.07', descricao: 'Suporte técnico avulso', unidade: 'H', qtde: '1.5', valor: '90.00' },
    ],
  );
  return { cliente, contrato, conta, fatura };
}

describe('the invoice as a PDF (issue 39 item 3)', () => {
  it('is one A4 page with the client, the items, the total and a valid BR Code', async () => {
    const { cliente, fatura } = await world();
    const response = await new ApiAgent(t.app).get(pdfPath(cliente.fatura_token, fatura.id));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe('attachment; filename=fatura-2026-11-acai-companhia-ltda.pdf');
    const pdf = await readPdf(response.bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe(`Fatura ${fatura.id}`);
    expect(pdf.text).toContain('Nuvem Sistemas');
    expect(pdf.text).toContain('CNPJ: 11.444.777/0001-61');
    expect(pdf.text).toContain('Açaí & Companhia Ltda');
    expect(pdf.text).toContain('Licenciamento do plano Profissional');
    expect(pdf.text).toContain('Suporte técnico avulso');
    expect(pdf.text).toContain('1,5');
    expect(pdf.text).toContain('Total: R$ 239,90');
    expect(pdf.text).toContain('10/12/2026');
    expect(pdf.text).toContain('11/2026');
    expect(pdf.text).toContain('Fechada/Emitida');
    // The copia e cola, wrapped over lines: the PIX modal's payload, its CRC right.
    const expected = pixPayload({ chave: '11444777000161', nome: 'Provedora Teste', cidade: 'SAO PAULO', valor: '239.90', txid: invoiceTxid(fatura.id) });
    expect(compact(pdf.text)).toContain(compact(expected));
    expect(parseEmv(expected)?.get('54')).toBe('239.90');
    expect(crc16(expected.slice(0, -4))).toBe(expected.slice(-4));
  });

  it('a paid invoice says when, shows its NFS-e and offers no PIX', async () => {
    const { cliente, fatura } = await world();
    const paid = await createFatura(t.db, cliente.id, {
      situacao: 6,
      valor: '99.00',
      data_vencimento: '2026-10-10',
      datahora_confirmado: new Date('2026-10-09T15:00:00Z'),
    });
    await t.db.insert(pgNfse).values({ pg_fatura_id: paid.id, nf_numero: '2026000777', datahora_emissao: new Date('2026-10-09T16:00:00Z'), url_visualizar: 'https://nfse.example.gov.br/nota/777' });
    const pdf = await readPdf((await new ApiAgent(t.app).get(pdfPath(cliente.fatura_token, paid.id))).bytes);
    expect(pdf.text).toContain('Paga');
    expect(pdf.text).toContain('09/10/2026');
    expect(pdf.text).toContain('NFS-e nº 2026000777');
    expect(pdf.text).toContain('https://nfse.example.gov.br/nota/777');
    expect(pdf.text).not.toContain('PIX');
    expect(fatura.id).not.toBe(paid.id);
  });

  it('sixty items still make one page, saying how many were left out', async () => {
    const cliente = await createClient(t.db);
    const itens = Array.from({ length: 60 }, (_, index) => ({ codigo: `${index + 1}`, descricao: `Item ${index + 1}`, unidade: 'UN', qtde: '1', valor: '1.00' }));
    const fatura = await createFatura(t.db, cliente.id, { valor: '60.00' }, itens);
    const pdf = await readPdf((await new ApiAgent(t.app).get(pdfPath(cliente.fatura_token, fatura.id))).bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toMatch(/… e mais \d+ itens: veja a fatura no portal\./);
  });

  it("another client's invoice, or a wrong token, is the same 404 as an unknown path", async () => {
    const { cliente, fatura } = await world();
    const other = await createClient(t.db);
    const agent = new ApiAgent(t.app, { remoteAddress: '10.39.0.1' });
    expect((await agent.get(pdfPath(other.fatura_token, fatura.id))).status).toBe(404);
    expect((await agent.get(pdfPath('x'.repeat(43), fatura.id))).status).toBe(404);
    expect((await agent.get(pdfPath(cliente.fatura_token, 0))).status).toBe(404);
  });

  it('staff download the same PDF from the back-office; a customer cannot', async () => {
    const { cliente, fatura } = await world();
    const operator = await signedInAgent(t, (await createUser(t.db, { nivel: STAFF_LEVEL.operator })).id);
    const response = await operator.get(`/api/admin/pg_fatura/${fatura.id}/fatura.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await readPdf(response.bytes)).text).toContain('Açaí & Companhia Ltda');
    expect((await operator.get('/api/admin/pg_fatura/2147483000/fatura.pdf')).status).toBe(404);
    // The invoice's page names the account it is billed to (item 6).
    const page = await operator.get<{ entity: Record<string, unknown> }>(`/api/admin/pg_fatura/${fatura.id}/edit`);
    expect(page.body.data.entity.conta).toMatchObject({ pix_chave: '11444777000161', tem_webhook_segredo: false });

    const manager = await createUser(t.db);
    await linkUserToClient(t.db, manager.id, cliente.id, 10);
    const customer = await signedInAgent(t, manager.id, { clienteId: cliente.id });
    expect((await customer.get(`/api/admin/pg_fatura/${fatura.id}/fatura.pdf`)).status).toBe(403);
  });
});
