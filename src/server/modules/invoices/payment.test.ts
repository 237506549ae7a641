import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#shared/format';
import {
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createCliente, createFatura } from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glEmailSaida, pgFatura } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('staff register a payment received (issue 20)', () => {
  it('pays the invoice once however many confirmations arrive at once, and e-mails the receipt to each manager once', async () => {
    const cliente = await createCliente(t.db, { razao_social: 'Padaria Central Ltda' });
    const managers = [await createUser(t.db), await createUser(t.db)];
    const user = await createUser(t.db);
    for (const manager of managers) await linkUserToClient(t.db, manager.id, cliente.id, 10);
    await linkUserToClient(t.db, user.id, cliente.id, 20);
    const fatura = await createFatura(t.db, cliente.id, {
      situacao: 8,
      valor: '149.90',
      data_vencimento: '2026-11-10',
    });
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        staff.post<null>(`/api/admin/pg_fatura/${fatura.id}/pagamento`, {
          datahora_confirmado: '2026-11-20T14:30:00-03:00',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(answers.find((answer) => answer.status === 200)?.body.message).toBe(
      'Pagamento registrado; o recibo foi enviado aos gerentes do cliente.',
    );
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
      'Esta fatura não está aberta nem vencida: nada foi alterado.',
    );

    const [paid] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, fatura.id));
    expect(paid?.situacao).toBe(6);
    expect(paid?.datahora_confirmado?.toISOString()).toBe('2026-11-20T17:30:00.000Z');
    const mails = await t.db
      .select()
      .from(glEmailSaida)
      .where(
        inArray(
          glEmailSaida.destinatario,
          [...managers, user].map((person) => person.email),
        ),
      );
    expect(mails.map((mail) => mail.destinatario).sort()).toEqual(
      managers.map((manager) => manager.email).sort(),
    );
    expect(mails[0]?.assunto).toBe('Pagamento recebido - Portal do Cliente');
    expect(mails[0]?.corpo_texto).toContain(
      `Recebemos o pagamento de ${formatMoney('149.90')} da fatura de Padaria Central Ltda com vencimento em 10/11/2026, em 20/11/2026 14:30 (horário de Brasília).`,
    );
    expect(mails[0]?.corpo_texto).toContain(`/cliente/${cliente.fatura_token}/fatura`);
  });

  it('refuses an unknown invoice, a bad date and a customer, changing nothing', async () => {
    const staff = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    expect(
      (
        await staff.post('/api/admin/pg_fatura/999999/pagamento', {
          datahora_confirmado: '2026-11-20T14:30',
        })
      ).status,
    ).toBe(404);
    const cliente = await createCliente(t.db);
    const fatura = await createFatura(t.db, cliente.id, { situacao: 5 });
    const bad = await staff.post(`/api/admin/pg_fatura/${fatura.id}/pagamento`, {
      datahora_confirmado: 'ontem',
    });
    expect(bad.status).toBe(422);
    const future = await staff.post(`/api/admin/pg_fatura/${fatura.id}/pagamento`, {
      datahora_confirmado: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.status).toBe(422);
    expect(future.body.errors?.datahora_confirmado?.[0]).toBe(
      'O pagamento não pode ser registrado com data futura.',
    );
    const customer = await signedInAgent(t, (await createUser(t.db)).id);
    expect(
      (
        await customer.post(`/api/admin/pg_fatura/${fatura.id}/pagamento`, {
          datahora_confirmado: '2026-11-20T14:30',
        })
      ).status,
    ).toBe(403);
    const [unchanged] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, fatura.id));
    expect(unchanged?.situacao).toBe(5);
  });
});
