import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createFatura, createPixContract } from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { pgBoleto, pgConta, pgFatura, pgRemessa } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BANK = {
  boleto_banco: '001',
  boleto_agencia: '1234',
  boleto_conta: '123456',
  boleto_carteira: '17',
  boleto_convenio: '2345678',
  beneficiario_nome: 'Provedora Teste Ltda',
  beneficiario_cpfcnpj: '11444777000161',
};

async function world(invoices: number) {
  const cliente = await createClient(t.db);
  const { contrato, conta } = await createPixContract(t.db, cliente.id);
  await t.db.update(pgConta).set(BANK).where(eq(pgConta.id, conta.id));
  const faturas = [];
  for (let index = 0; index < invoices; index++) {
    faturas.push(await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 5, valor: '149.90', data_vencimento: '2026-12-10' }));
  }
  const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
  return { conta, faturas, supervisor };
}

const lines = (file: string) => file.split('\r\n').slice(0, -1);

describe("staff's remessa of an account's boletos (issue 40 item 4)", () => {
  it('puts each boleto in one file, numbered in turn; the file downloads again as written', async () => {
    const { conta, faturas, supervisor } = await world(2);
    const first = await supervisor.post<{ id: number; numero: number; quantidade: number }>(`/api/admin/pg_conta/${conta.id}/remessa`);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Remessa nº 1 gerada com 2 boletos.');
    const file = await supervisor.get(`/api/admin/pg_remessa/${first.body.data.id}/arquivo`);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=remessa-001-000001-\d{8}\.rem$/);
    expect(file.headers['cache-control']).toBe('no-store');
    const written = lines(file.raw);
    expect(written).toHaveLength(2 + 2 * 3 + 2);
    for (const line of written) expect(line).toHaveLength(240);
    expect((await supervisor.get(`/api/admin/pg_remessa/${first.body.data.id}/arquivo`)).raw).toBe(file.raw);

    // Nothing new: nothing to send.
    const again = await supervisor.post(`/api/admin/pg_conta/${conta.id}/remessa`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Nenhum boleto a enviar ao banco: todos já estão em um arquivo de remessa.');

    // An invoice paid another way: its baixa goes in the next file, numbered 2.
    await t.db.update(pgFatura).set({ situacao: 6, datahora_confirmado: new Date() }).where(eq(pgFatura.id, faturas[0]!.id));
    const second = await supervisor.post<{ id: number; numero: number }>(`/api/admin/pg_conta/${conta.id}/remessa`);
    expect(second.body.data.numero).toBe(2);
    const baixa = lines((await supervisor.get(`/api/admin/pg_remessa/${second.body.data.id}/arquivo`)).raw);
    expect(baixa.map((line) => line.slice(13, 14) + line.slice(15, 17)).filter((kind) => kind.startsWith('P'))).toEqual(['P02']);
    const [paid] = await t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_fatura_id, faturas[0]!.id));
    expect(paid?.situacao).toBe('baixa_pedida');
  });

  it('two staff at once: every boleto in exactly one file', async () => {
    const { conta, supervisor } = await world(5);
    const answers = await Promise.all([1, 2, 3].map(() => supervisor.post(`/api/admin/pg_conta/${conta.id}/remessa`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(2);
    const files = await t.db.select().from(pgRemessa).where(eq(pgRemessa.pg_conta_id, conta.id));
    expect(files.map((file) => file.quantidade)).toEqual([5]);
  });

  it("names every open invoice of its own account, past the batch size of the boletos' issue, and none of another account", async () => {
    const { conta, supervisor } = await world(205);
    const other = await world(1);
    // world() made no boleto: the remessa makes them, batch after batch.
    const made = await supervisor.post<{ quantidade: number }>(`/api/admin/pg_conta/${conta.id}/remessa`);
    expect(made.body.data.quantidade).toBe(205);
    expect(await t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_conta_id, other.conta.id))).toEqual([]);
  });

  it('operators may download but not make a file; an account without a bank is told so', async () => {
    const { conta } = await world(1);
    const operator = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    expect((await operator.post(`/api/admin/pg_conta/${conta.id}/remessa`)).status).toBe(403);
    const plain = await createClient(t.db);
    const { conta: noBank } = await createPixContract(t.db, plain.id);
    const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const refused = await supervisor.post(`/api/admin/pg_conta/${noBank.id}/remessa`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Esta conta não emite boletos.');
    expect((await new ApiAgent(t.app).get('/api/admin/pg_remessa/1/arquivo')).status).toBe(401);
  });
});
