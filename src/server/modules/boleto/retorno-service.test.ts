import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { cnab240Retorno, type RetornoEntry } from '#tests/helpers/cnab-retorno.ts';
import { createClient, createUser, linkUserToClient, signedInAgent } from '#tests/helpers/factories.ts';
import { createFatura, createPixContract } from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glEmailSaida, pgBoleto, pgConta, pgFatura, pgRetorno, pgRetornoOcorrencia } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CNPJ = '11444777000161';
const BANK = {
  boleto_banco: '001',
  boleto_agencia: '1234',
  boleto_conta: '123456',
  boleto_carteira: '17',
  boleto_convenio: '2345678',
  beneficiario_nome: 'Provedora Teste Ltda',
  beneficiario_cpfcnpj: CNPJ,
};

/** An account with `invoices` open invoices, their boletos sent in remessa nº 1. */
async function world(invoices: number) {
  const cliente = await createClient(t.db);
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const { contrato, conta } = await createPixContract(t.db, cliente.id);
  await t.db.update(pgConta).set(BANK).where(eq(pgConta.id, conta.id));
  const faturas = [];
  for (let index = 0; index < invoices; index++) {
    faturas.push(await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 5, valor: '149.90', data_vencimento: '2026-11-20' }));
  }
  const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
  expect((await supervisor.post(`/api/admin/pg_conta/${conta.id}/remessa`)).status).toBe(200);
  const boletos = await t.db.select().from(pgBoleto).where(eq(pgBoleto.pg_conta_id, conta.id)).orderBy(asc(pgBoleto.sequencia));
  return { conta, faturas, boletos, supervisor, manager };
}

type World = Awaited<ReturnType<typeof world>>;

const entry = (boleto: World['boletos'][number], overrides: Partial<RetornoEntry>): RetornoEntry => ({
  movimento: '02',
  nossoNumero: boleto.nosso_numero,
  documento: String(boleto.pg_fatura_id),
  vencimento: boleto.data_vencimento,
  valorCents: 14990,
  ocorrencia: '2026-11-24',
  ...overrides,
});

const upload = (agent: ApiAgent, contaId: number, text: string, filename = 'RET001.ret') =>
  agent.postMultipart<Record<string, number>>(`/api/admin/pg_conta/${contaId}/retorno`, {}, [
    { field: 'arquivo', filename, content: Buffer.from(text, 'latin1'), contentType: 'text/plain' },
  ]);

const receiptsTo = async (email: string) =>
  (await t.db.select().from(glEmailSaida).where(and(eq(glEmailSaida.destinatario, email), like(glEmailSaida.assunto, 'Pagamento recebido%')))).length;

const stateOf = async (w: World) => ({
  boletos: (await t.db.select({ situacao: pgBoleto.situacao }).from(pgBoleto).where(eq(pgBoleto.pg_conta_id, w.conta.id)).orderBy(asc(pgBoleto.sequencia))).map((row) => row.situacao),
  // In the boletos' order, as the bank's file names them.
  faturas: (
    await t.db
      .select({ situacao: pgFatura.situacao })
      .from(pgBoleto)
      .innerJoin(pgFatura, eq(pgFatura.id, pgBoleto.pg_fatura_id))
      .where(eq(pgBoleto.pg_conta_id, w.conta.id))
      .orderBy(asc(pgBoleto.sequencia))
  ).map((row) => row.situacao),
  retornos: (await t.db.select().from(pgRetorno).where(eq(pgRetorno.pg_conta_id, w.conta.id))).length,
});

/** The bank's answer to remessa 1: two entries confirmed, the second paid with charges, the third refused. */
function bankAnswer(w: World, numero = 1) {
  const [first, second, third] = w.boletos;
  return cnab240Retorno({
    bank: '001',
    cpfcnpj: CNPJ,
    numero,
    entries: [
      entry(first!, {}),
      entry(second!, {}),
      // Paid six days late: R$ 149,90 + 2 % fine (R$ 3,00) + 1 % a month for 6 days (R$ 0,30).
      entry(second!, { movimento: '06', pagoCents: 15320, jurosMultaCents: 330, ocorrencia: '2026-11-26', credito: '2026-11-27' }),
      entry(third!, { movimento: '03', motivos: ['48'] }),
    ],
  });
}

describe("staff's retorno of the bank (issue 40 item 5)", () => {
  it('registers, pays and refuses the right boletos, once, and says what it did', async () => {
    const w = await world(3);
    const answer = await upload(w.supervisor, w.conta.id, bankAnswer(w));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Retorno processado: 2 entradas confirmadas, 1 liquidação, 1 rejeição.');
    expect(await stateOf(w)).toEqual({ boletos: ['registrado', 'liquidado', 'rejeitado'], faturas: [5, 6, 5], retornos: 1 });

    const [paidInvoice] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, w.boletos[1]!.pg_fatura_id));
    // Paid as of the credit day, São Paulo's midnight.
    expect(paidInvoice?.datahora_confirmado?.toISOString()).toBe('2026-11-27T03:00:00.000Z');
    const [paidBoleto] = await t.db.select().from(pgBoleto).where(eq(pgBoleto.id, w.boletos[1]!.id));
    expect(paidBoleto).toMatchObject({ valor_pago: '153.20', data_credito: '2026-11-27', ocorrencia: 'Liquidação' });
    const [refused] = await t.db.select().from(pgBoleto).where(eq(pgBoleto.id, w.boletos[2]!.id));
    expect(refused?.ocorrencia).toBe('Entrada rejeitada: CEP inválido');
    expect(await receiptsTo(w.manager.email)).toBe(1);
    const [receipt] = await t.db.select().from(glEmailSaida).where(and(eq(glEmailSaida.destinatario, w.manager.email), like(glEmailSaida.assunto, 'Pagamento recebido%')));
    // The bank's credit has a day and no time.
    expect(receipt?.corpo_texto).toContain('com vencimento em 20/11/2026, em 27/11/2026. Obrigado!');

    const occurrences = await t.db
      .select({ linha: pgRetornoOcorrencia.linha, resultado: pgRetornoOcorrencia.resultado, valor_pago: pgRetornoOcorrencia.valor_pago, descricao: pgRetornoOcorrencia.descricao })
      .from(pgRetornoOcorrencia)
      .where(eq(pgRetornoOcorrencia.pg_conta_id, w.conta.id))
      .orderBy(asc(pgRetornoOcorrencia.linha));
    expect(occurrences).toEqual([
      { linha: 3, resultado: 'registrado', valor_pago: null, descricao: 'Entrada confirmada' },
      { linha: 5, resultado: 'registrado', valor_pago: null, descricao: 'Entrada confirmada' },
      { linha: 7, resultado: 'liquidado', valor_pago: '153.20', descricao: 'Liquidação' },
      { linha: 9, resultado: 'rejeitado', valor_pago: null, descricao: 'Entrada rejeitada: CEP inválido' },
    ]);

    // The same file again changes nothing.
    const again = await upload(w.supervisor, w.conta.id, bankAnswer(w), 'RET001-copia.ret');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Este arquivo de retorno já foi processado em \d{2}\/\d{2}\/\d{4} \(retorno nº 1 do banco\)\. Nada foi alterado\.$/);
    expect(await stateOf(w)).toEqual({ boletos: ['registrado', 'liquidado', 'rejeitado'], faturas: [5, 6, 5], retornos: 1 });

    // The bank's next file repeats the liquidação: recorded as repeated, no second receipt.
    const next = await upload(w.supervisor, w.conta.id, bankAnswer(w, 2));
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ registrados: 0, liquidados: 0, rejeitados: 0, outras: 4 });
    expect(await receiptsTo(w.manager.email)).toBe(1);

    // The file downloads again as it was sent.
    const [stored] = await t.db.select().from(pgRetorno).where(eq(pgRetorno.pg_conta_id, w.conta.id)).orderBy(asc(pgRetorno.id));
    const download = await w.supervisor.get(`/api/admin/pg_retorno/${stored!.id}/arquivo`);
    expect(download.raw).toBe(bankAnswer(w));
    expect(download.headers['content-disposition']).toBe('attachment; filename=RET001.ret');
  });

  it('refuses a file with a malformed line whole, with the line and column, and changes nothing', async () => {
    const w = await world(3);
    const lines = bankAnswer(w).split('\r\n');
    lines[6] = lines[6]!.slice(0, 200);
    const answer = await upload(w.supervisor, w.conta.id, lines.join('\r\n'));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('O arquivo de retorno tem 1 erro e nada foi aplicado. Corrija-o ou peça ao banco um novo arquivo.');
    expect(answer.body.errors).toEqual({ arquivo: ['Linha 7, coluna 201: o registro tem 200 posições; o CNAB 240 tem 240 em cada linha.'] });
    expect(await stateOf(w)).toEqual({ boletos: ['em_registro', 'em_registro', 'em_registro'], faturas: [5, 5, 5], retornos: 0 });
    expect(await receiptsTo(w.manager.email)).toBe(0);
  });

  it('lists for staff a boleto paid twice and a nosso número of no boleto of the account', async () => {
    const w = await world(1);
    await t.db.update(pgFatura).set({ situacao: 6, datahora_confirmado: new Date() }).where(eq(pgFatura.id, w.faturas[0]!.id));
    const text = cnab240Retorno({
      bank: '001',
      cpfcnpj: CNPJ,
      numero: 1,
      entries: [
        entry(w.boletos[0]!, { movimento: '06', pagoCents: 14990, ocorrencia: '2026-11-26', credito: '2026-11-27' }),
        entry(w.boletos[0]!, { movimento: '28', nossoNumero: '99999999999999999' }),
      ],
    });
    const answer = await upload(w.supervisor, w.conta.id, text);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Retorno processado: 2 para conferir.');
    const results = await t.db.select({ resultado: pgRetornoOcorrencia.resultado }).from(pgRetornoOcorrencia).where(eq(pgRetornoOcorrencia.pg_conta_id, w.conta.id)).orderBy(asc(pgRetornoOcorrencia.linha));
    expect(results.map((row) => row.resultado)).toEqual(['ja_paga', 'desconhecido']);
  });

  it('is for supervisors: operators and customers are refused, and a file is required', async () => {
    const w = await world(3);
    const operator = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    expect((await upload(operator, w.conta.id, bankAnswer(w))).status).toBe(403);
    const customer = await signedInAgent(t, w.manager.id);
    expect((await upload(customer, w.conta.id, bankAnswer(w))).status).toBe(403);
    const empty = await w.supervisor.postMultipart(`/api/admin/pg_conta/${w.conta.id}/retorno`, { nada: 'x' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ arquivo: ['Escolha o arquivo de retorno enviado pelo banco.'] });
    expect(await stateOf(w)).toMatchObject({ retornos: 0 });
  });

  it('applies a file once when 50 uploads of it run at once', async () => {
    const w = await world(3);
    const text = bankAnswer(w);
    const answers = await Promise.all(Array.from({ length: 50 }, () => upload(w.supervisor, w.conta.id, text)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(await stateOf(w)).toEqual({ boletos: ['registrado', 'liquidado', 'rejeitado'], faturas: [5, 6, 5], retornos: 1 });
    expect(await receiptsTo(w.manager.email)).toBe(1);
  });
});
