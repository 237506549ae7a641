import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixWebhookSecretResponse } from '#shared/schemas/admin';
import {
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import {
  createCliente,
  createFatura,
  createPixContract,
} from '#tests/helpers/invoice-factories.ts';
import { metricValue, scrapeMetrics } from '#tests/helpers/metrics.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glEmailSaida, pgConta, pgFatura, pgPixRecebimento } from '../../platform/db/schema.ts';
import { signPixNotification } from './pix-signature.ts';

let t: TestApp;
/** An account with a PIX key whose client has one manager (receipts go to them). */
let conta = { id: 0, segredo: '' };
let contratoId = 0;
let clienteId = 0;
let managerEmail = '';

const txidOf = (faturaId: number) => `FATURA${String(faturaId).padStart(10, '0')}`;
let sequence = 0;
/** A Pix end-to-end id: E, the payer's ISPB, date and time, an 11-character sequence (32). */
const endToEndId = () => `E18236120202611241530${String(++sequence).padStart(11, '0')}`;

function notification(
  pix: { endToEndId: string; txid?: string; valor: string; horario?: string }[],
) {
  return JSON.stringify({
    pix: pix.map((entry) => ({ horario: '2026-11-24T15:30:00.000Z', ...entry })),
  });
}

/** The webhook's answer: what happened to each payment, or the refusal's message. */
interface WebhookAnswer {
  message?: string;
  data: { recebidos: { endToEndId: string; resultado: string }[] };
}

/** A PSP's delivery: the body signed with `segredo` at `at` (seconds), unless headers are given. */
async function deliver(
  body: string,
  options: {
    segredo?: string;
    contaId?: number;
    at?: number;
    headers?: Record<string, string>;
  } = {},
) {
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const headers = options.headers ?? {
    'x-pix-conta': String(options.contaId ?? conta.id),
    'x-pix-assinatura': signPixNotification(options.segredo ?? conta.segredo, at, body),
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/pg_fatura/webhook/pix',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.json<WebhookAnswer>(),
  };
}

async function newInvoice(situacao = 8, valor = '149.90') {
  return (
    await createFatura(t.db, clienteId, {
      situacao,
      valor,
      data_vencimento: '2026-11-10',
      gl_contrato_id: contratoId,
    })
  ).id;
}

async function invoiceState(id: number) {
  const [row] = await t.db
    .select({ situacao: pgFatura.situacao, pago: pgFatura.datahora_confirmado })
    .from(pgFatura)
    .where(eq(pgFatura.id, id));
  return row;
}

const receipts = async () =>
  (
    await t.db.select().from(glEmailSaida).where(eq(glEmailSaida.destinatario, managerEmail))
  ).filter((mail) => mail.assunto.startsWith('Pagamento recebido'));

async function newSecret(contaId: number) {
  const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
  const answer = await supervisor.post<PixWebhookSecretResponse>(
    `/api/admin/pg_conta/${contaId}/pix_webhook_segredo`,
    {},
  );
  expect(answer.status).toBe(200);
  return answer;
}

beforeAll(async () => {
  t = await createTestApp();
  const cliente = await createCliente(t.db, { razao_social: 'Mercado Bom Preço Ltda' });
  clienteId = cliente.id;
  const manager = await createUser(t.db);
  managerEmail = manager.email;
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const { contrato, conta: account } = await createPixContract(t.db, cliente.id);
  contratoId = contrato.id;
  conta = { id: account.id, segredo: (await newSecret(account.id)).body.data.segredo };
});
afterAll(() => t.close());

describe("the PSP's PIX webhook (issue 20)", () => {
  it('shows the secret once to a supervisor, keeps it sealed, and refuses operators', async () => {
    const answer = await newSecret(conta.id);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.data.segredo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(pgConta).where(eq(pgConta.id, conta.id));
    expect(stored?.pix_webhook_segredo).toMatch(/^v1\./);
    expect(stored?.pix_webhook_segredo).not.toContain(answer.body.data.segredo);
    // The previous secret died with the rotation.
    const faturaId = await newInvoice();
    const old = await deliver(
      notification([{ endToEndId: endToEndId(), txid: txidOf(faturaId), valor: '149.90' }]),
    );
    expect(old.statusCode).toBe(401);
    conta.segredo = answer.body.data.segredo;

    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    const read = await staff.get<{ entity: Record<string, unknown> }>(
      `/api/admin/pg_conta/${conta.id}/edit`,
    );
    expect(read.body.data.entity.tem_webhook_segredo).toBe(true);
    expect(read.body.data.entity).not.toHaveProperty('pix_webhook_segredo');
    expect(
      (await staff.post(`/api/admin/pg_conta/${conta.id}/pix_webhook_segredo`, {})).status,
    ).toBe(403);
  });

  it('a signed notification pays the invoice at the payment time and e-mails the receipt; a repeated delivery changes nothing', async () => {
    const faturaId = await newInvoice();
    const before = (await receipts()).length;
    const body = notification([
      { endToEndId: endToEndId(), txid: txidOf(faturaId), valor: '149.90' },
    ]);
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.body.data.recebidos[0]?.resultado).toBe('confirmada');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(await invoiceState(faturaId)).toEqual({
      situacao: 6,
      pago: new Date('2026-11-24T15:30:00.000Z'),
    });
    expect(await receipts()).toHaveLength(before + 1);

    // The same delivery with the signature's hex digits in capitals is the same signature.
    const at = Math.floor(Date.now() / 1000);
    const [, hex = ''] = signPixNotification(conta.segredo, at, body).split(',v1=');
    const again = await deliver(body, {
      headers: {
        'x-pix-conta': String(conta.id),
        'x-pix-assinatura': `t=${at},v1=${hex.toUpperCase()}`,
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.body.data.recebidos[0]?.resultado).toBe('repetida');
    expect(await receipts()).toHaveLength(before + 1);
  });

  it('refuses unsigned, wrongly signed, tampered and replayed calls, changing nothing', async () => {
    const faturaId = await newInvoice();
    const body = notification([
      { endToEndId: endToEndId(), txid: txidOf(faturaId), valor: '149.90' },
    ]);
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await deliver(body, { headers: {} }),
      await deliver(body, { headers: { 'x-pix-conta': String(conta.id) } }),
      await deliver(body, { segredo: 'not-the-secret' }),
      await deliver(body, { contaId: 999_999 }),
      await deliver(body, {
        headers: {
          'x-pix-conta': String(conta.id),
          'x-pix-assinatura': signPixNotification(
            conta.segredo,
            now,
            body.replace('149.90', '1.00'),
          ),
        },
      }),
      // A delivery captured and sent again ten minutes later (past the 5-minute tolerance).
      await deliver(body, { at: now - 600 }),
      await deliver(body, { at: now + 600 }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(401);
      expect(answer.body.message).toBe('Assinatura da notificação PIX inválida ou expirada.');
    }
    expect((await invoiceState(faturaId))?.situacao).toBe(8);
    const recorded = await t.db
      .select()
      .from(pgPixRecebimento)
      .where(eq(pgPixRecebimento.pg_fatura_id, faturaId));
    expect(recorded).toHaveLength(0);
  });

  it('records an unknown invoice, another account’s invoice, a different amount and an already-paid invoice without paying anything', async () => {
    const before = (await receipts()).length;
    const paid = await newInvoice(6);
    const open = await newInvoice(5, '99.00');
    const otherClient = await createCliente(t.db);
    const elsewhere = (await createFatura(t.db, otherClient.id, { situacao: 8, valor: '149.90' }))
      .id;
    const entries = [
      { endToEndId: endToEndId(), txid: 'FATURA9999999999', valor: '149.90' },
      { endToEndId: endToEndId(), txid: txidOf(elsewhere), valor: '149.90' },
      { endToEndId: endToEndId(), valor: '149.90' },
      { endToEndId: endToEndId(), txid: txidOf(open), valor: '9.90' },
      { endToEndId: endToEndId(), txid: txidOf(paid), valor: '149.90' },
    ];
    const answer = await deliver(notification(entries));
    expect(answer.statusCode).toBe(200);
    expect(
      answer.body.data.recebidos.map((entry: { resultado: string }) => entry.resultado),
    ).toEqual([
      'fatura_desconhecida',
      'fatura_desconhecida',
      'fatura_desconhecida',
      'valor_divergente',
      'ja_paga',
    ]);
    expect((await invoiceState(open))?.situacao).toBe(5);
    expect((await invoiceState(elsewhere))?.situacao).toBe(8);
    expect(await receipts()).toHaveLength(before);
    const recorded = await t.db
      .select({ resultado: pgPixRecebimento.resultado })
      .from(pgPixRecebimento)
      .where(
        inArray(
          pgPixRecebimento.end_to_end_id,
          entries.map((entry) => entry.endToEndId),
        ),
      );
    expect(recorded).toHaveLength(5);

    // Staff follow them up in the back-office (Recebimentos PIX); customers cannot.
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    const list = await staff.get<{ data: Record<string, unknown>[] }>(
      `/api/admin/pg_pix_recebimento?searchText=${entries[3]?.endToEndId ?? ''}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.data).toEqual([
      expect.objectContaining({
        pg_fatura_id: open,
        resultado: 'valor_divergente',
        valor: '9.90',
        cliente_nome: 'Mercado Bom Preço Ltda',
      }),
    ]);
    const customer = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await customer.get('/api/admin/pg_pix_recebimento')).status).toBe(403);
  });

  it('answers a signed body that is not a notification with 400 and needs no session or CSRF token', async () => {
    for (const body of [
      '{"pix":',
      '{"pix":[]}',
      notification([{ endToEndId: 'E-1', valor: '1' }]),
    ]) {
      const answer = await deliver(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe('Notificação PIX em formato inválido.');
    }
  });

  it('fifty deliveries of one payment at once pay the invoice once and send one receipt', async () => {
    const faturaId = await newInvoice();
    const before = (await receipts()).length;
    const body = notification([
      { endToEndId: endToEndId(), txid: txidOf(faturaId), valor: '149.90' },
    ]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(body)));
    const results = answers.map((answer) => answer.body.data.recebidos[0]?.resultado);
    expect(results.filter((result) => result === 'confirmada')).toHaveLength(1);
    expect(results.filter((result) => result === 'repetida')).toHaveLength(49);
    expect((await invoiceState(faturaId))?.situacao).toBe(6);
    expect(await receipts()).toHaveLength(before + 1);
  });

  it('counts each payment’s result and each refused call on /metrics (issue 36)', async () => {
    const results = (text: string) =>
      Object.fromEntries(
        ['confirmada', 'repetida', 'assinatura_invalida'].map((result) => [
          result,
          metricValue(text, 'portal_pix_webhook_results_total', { result }),
        ]),
      );
    const before = results(await scrapeMetrics(t.app));
    const body = notification([{ endToEndId: endToEndId(), txid: txidOf(await newInvoice()), valor: '149.90' }]);
    await deliver(body);
    await deliver(body);
    await deliver(body, { segredo: 'outro-segredo' });
    const after = results(await scrapeMetrics(t.app));
    expect({
      confirmada: (after.confirmada ?? 0) - (before.confirmada ?? 0),
      repetida: (after.repetida ?? 0) - (before.repetida ?? 0),
      assinatura_invalida: (after.assinatura_invalida ?? 0) - (before.assinatura_invalida ?? 0),
    }).toEqual({ confirmada: 1, repetida: 1, assinatura_invalida: 1 });
  });
});

describe('an overdue invoice paid with its late charges (issue 39, decision 110)', () => {
  it('is paid by its amount with fine and interest to the day paid or the day before, or by its own amount; any other is divergent', async () => {
    await t.db.update(pgConta).set({ multa_percentual: '2.00', juros_mensal_percentual: '1.00' }).where(eq(pgConta.id, conta.id));
    try {
      const overdue = async () =>
        (await createFatura(t.db, clienteId, { situacao: 8, valor: '1000.00', data_vencimento: '2026-10-11', gl_contrato_id: contratoId })).id;
      // Paid 29/11 in São Paulo: 49 days late. 1 000,00 + 20,00 (2 %) + 16,33 (1 % × 49/30).
      const paidOn = '2026-11-29T15:00:00.000Z';
      const pay = async (faturaId: number, valor: string) =>
        (await deliver(notification([{ endToEndId: endToEndId(), txid: txidOf(faturaId), valor, horario: paidOn }]))).body.data.recebidos[0]?.resultado;
      expect(await pay(await overdue(), '1036.33')).toBe('confirmada');
      // A QR code read the day before (48 days: + 16,00) and paid after midnight.
      expect(await pay(await overdue(), '1036.00')).toBe('confirmada');
      // A QR code made before the due date carried the amount itself.
      expect(await pay(await overdue(), '1000.00')).toBe('confirmada');
      const divergent = await overdue();
      expect(await pay(divergent, '1020.00')).toBe('valor_divergente');
      expect((await invoiceState(divergent))?.situacao).toBe(8);
    } finally {
      await t.db.update(pgConta).set({ multa_percentual: '0', juros_mensal_percentual: '0' }).where(eq(pgConta.id, conta.id));
    }
  });
});
