import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelamentoDto, CancellationTermsDto } from '#shared/schemas/cancellation';
import { randomCnpj } from '#tests/helpers/documents.ts';
import { createClient, createPendingPlanChange, createUser, linkUserToClient, signedInAgent } from '#tests/helpers/factories.ts';
import { createFatura, createPixContract } from '#tests/helpers/invoice-factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glAuditoria, glContrato, glContratoCancelamento, glContratoEvento, glEmailSaida, glPlanoPagamento, pgFatura, pgFaturaReembolso } from '../../platform/db/schema.ts';
import { runBilling } from '../billing/billing-run.ts';
import { rollOverEndedPeriods } from './period-rollover.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A client (a company unless said otherwise) with a manager and a contract, 01–30/11/2026, on PIX. */
async function world(options: { cpf?: boolean } = {}) {
  const cliente = await createClient(t.db, options.cpf ? {} : { cpfcnpj: randomCnpj(), tipo_pessoa: 2 });
  const manager = await createUser(t.db);
  await linkUserToClient(t.db, manager.id, cliente.id, 10);
  const { contrato, conta } = await createPixContract(t.db, cliente.id);
  const agent = await signedInAgent(t, manager.id, { clienteId: cliente.id, produtoId: contrato.gl_produto_id });
  return { cliente, manager, contrato, conta, agent };
}

const path = (contratoId: number) => `/api/gl_contrato/${contratoId}/cancelamento`;
const contractOf = async (id: number) => (await t.db.select().from(glContrato).where(eq(glContrato.id, id)))[0];
const mailsTo = async (email: string, subject: string) =>
  t.db.select().from(glEmailSaida).where(and(eq(glEmailSaida.destinatario, email), like(glEmailSaida.assunto, `${subject}%`)));
const at = (day: string) => new Date(`${day}T15:00:00Z`);

describe('cancelling a subscription online (issue 41)', () => {
  it('at the close: a protocol at once, access to the period’s end, no invoice after it, applied once by the period close', async () => {
    const { contrato, cliente, manager, agent } = await world();
    // November and December are billed (December ahead of its start, decision 102).
    await t.db.update(glContrato).set({ faturado_ate: '2026-12-31' }).where(eq(glContrato.id, contrato.id));
    const november = await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 5, valor: '149.90', data_vencimento: '2026-11-10', data_competencia: '2026-11-01' });
    const december = await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 5, valor: '149.90', data_vencimento: '2026-12-10', data_competencia: '2026-12-01' });
    const terms = await agent.get<CancellationTermsDto>(path(contrato.id));
    expect(terms.body.data).toMatchObject({ periodo_fim: '2026-11-30', arrependimento: false, pendente: null, pode_cancelar: true, faturas_em_aberto: 1, faturas_seguintes: 1 });

    const answer = await agent.post<CancelamentoDto>(path(contrato.id), { motivo: 'preco', motivo_texto: '  Ficou caro para nós.  ' });
    expect(answer.status).toBe(200);
    const { protocolo } = answer.body.data;
    expect(protocolo).toMatch(/^CAN\d{8}\d{6}$/);
    expect(answer.body.message).toBe(`Cancelamento registrado. Protocolo ${protocolo}. Seu acesso continua até 30/11/2026.`);
    expect(answer.body.data).toMatchObject({ situacao: 'pendente', imediato: false, arrependimento: false, acesso_ate: '2026-11-30', motivo: 'preco' });
    const [stored] = await t.db.select().from(glContratoCancelamento).where(eq(glContratoCancelamento.protocolo, protocolo));
    expect(stored?.motivo_texto).toBe('Ficou caro para nós.');
    expect((await contractOf(contrato.id))?.ativo).toBe(true);
    const [mail] = await mailsTo(manager.email, 'Cancelamento da assinatura');
    expect(mail?.assunto).toContain(protocolo);
    expect(mail?.corpo_texto).toContain('O acesso continua até 30/11/2026');
    const [audit] = await t.db.select().from(glAuditoria).where(and(eq(glAuditoria.acao, 'assinatura_cancelada'), eq(glAuditoria.recurso_id, String(contrato.id))));
    expect(audit?.gl_usuario_id).toBe(manager.id);
    expect((await agent.get<CancellationTermsDto>(path(contrato.id))).body.data.pendente?.protocolo).toBe(protocolo);

    // The billing run makes no invoice for January, which the cancellation leaves out.
    const report = await runBilling(t.db, { providerName: 'P', publicUrl: 'https://portal.exemplo.com.br', leadDays: 40 }, at('2026-11-25'));
    expect(report.erros).toBe(0);
    expect(await t.db.select().from(pgFatura).where(eq(pgFatura.gl_contrato_id, contrato.id))).toHaveLength(2);

    // The period close ends the contract once.
    await rollOverEndedPeriods(t.db, '2026-12-01', at('2026-12-01'));
    await rollOverEndedPeriods(t.db, '2026-12-02', at('2026-12-02'));
    const ended = await contractOf(contrato.id);
    expect(ended).toMatchObject({ ativo: false, periodo_fim: '2026-11-30' });
    const [applied] = await t.db.select().from(glContratoCancelamento).where(eq(glContratoCancelamento.protocolo, protocolo));
    expect(applied?.situacao).toBe('efetivado');
    // November stays owed (overdue by now); December, billed ahead for a period with no access, is cancelled.
    const situacoes = async (id: number) => (await t.db.select().from(pgFatura).where(eq(pgFatura.id, id)))[0]?.situacao;
    expect([await situacoes(november.id), await situacoes(december.id)]).toEqual([8, 9]);
  });

  it('a pending cancellation may be withdrawn, and asked again with a new protocol; a plan change waits for it', async () => {
    const { contrato, conta, manager, agent } = await world();
    const first = await agent.post<CancelamentoDto>(path(contrato.id), {});
    expect(first.body.data.motivo).toBe('nao_informado');
    expect((await agent.post(path(contrato.id), {})).body.message).toBe('Esta assinatura já tem um cancelamento agendado.');
    const [yearly] = await t.db
      .insert(glPlanoPagamento)
      .values({ gl_plano_id: contrato.gl_plano_id, cobranca_tipo: 12, cobranca_tipo_desc: 'Anual', valor: '1499.00' })
      .returning();
    const change = await agent.post('/api/gl_contrato_evento/selecionarPlanoAssinar', {
      imediato: 2,
      gl_contrato_id: contrato.id,
      gl_plano_pagamento_id: yearly?.id,
      pg_conta_id: conta.id,
    });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('Há um cancelamento agendado desta assinatura. Desista dele antes de mudar de plano.');

    const undone = await agent.post(`${path(contrato.id)}/desistir`);
    expect(undone.status).toBe(200);
    expect(undone.body.message).toBe('Cancelamento desfeito. Sua assinatura continua normalmente.');
    expect(await mailsTo(manager.email, 'Cancelamento desfeito')).toHaveLength(1);
    expect((await agent.post(`${path(contrato.id)}/desistir`)).body.message).toBe('Esta assinatura não tem cancelamento agendado.');
    const second = await agent.post<CancelamentoDto>(path(contrato.id), { motivo: 'nao_uso' });
    expect(second.status).toBe(200);
    expect(second.body.data.protocolo).not.toBe(first.body.data.protocolo);
  });

  it('now: the contract ends at once, its pending plan change dropped, issued invoices still due', async () => {
    const { contrato, cliente, agent } = await world();
    const open = await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 5, valor: '149.90', data_vencimento: '2026-12-10' });
    const change = await createPendingPlanChange(t.db, contrato);
    const answer = await agent.post<CancelamentoDto>(path(contrato.id), { motivo: 'concorrente', imediato: true });
    expect(answer.body.message).toBe(`Assinatura cancelada. Protocolo ${answer.body.data.protocolo}.`);
    expect(answer.body.data).toMatchObject({ situacao: 'efetivado', imediato: true, arrependimento: false });
    expect((await contractOf(contrato.id))?.ativo).toBe(false);
    const [event] = await t.db.select().from(glContratoEvento).where(eq(glContratoEvento.id, change.evento.id));
    expect(event?.situacao).toBe('cancelado');
    const [invoice] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, open.id));
    expect(invoice?.situacao).toBe(5);
    expect((await agent.post(path(contrato.id), {})).status).toBe(409);
    // Read once more by a page that still shows it: ended, nothing to cancel.
    expect((await agent.get<CancellationTermsDto>(path(contrato.id))).body.data).toMatchObject({ ativo: false, pode_cancelar: false, pendente: null });
  });

  it('an individual’s first contract, within seven days: withdrawn at once, unpaid invoices cancelled, paid ones to refund', async () => {
    const { contrato, cliente, agent, manager } = await world({ cpf: true });
    const paid = await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 6, valor: '149.90', data_vencimento: '2026-11-20' });
    const open = await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 5, valor: '30.00', data_vencimento: '2026-12-10' });
    const terms = await agent.get<CancellationTermsDto>(path(contrato.id));
    expect(terms.body.data.arrependimento).toBe(true);
    expect(terms.body.data.arrependimento_ate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Asked for the close, it is immediate all the same.
    const answer = await agent.post<CancelamentoDto>(path(contrato.id), { motivo: 'outro', imediato: false });
    expect(answer.body.data).toMatchObject({ situacao: 'efetivado', imediato: true, arrependimento: true });
    expect(answer.body.message).toBe(`Assinatura cancelada pelo direito de arrependimento. Protocolo ${answer.body.data.protocolo}. Os valores pagos serão devolvidos.`);
    expect((await contractOf(contrato.id))?.ativo).toBe(false);
    const [cancelled] = await t.db.select().from(pgFatura).where(eq(pgFatura.id, open.id));
    expect(cancelled?.situacao).toBe(9);
    const refunds = await t.db.select().from(pgFaturaReembolso).where(eq(pgFaturaReembolso.pg_fatura_id, paid.id));
    expect(refunds).toMatchObject([{ valor: '149.90', situacao: 'pendente' }]);
    expect((await mailsTo(manager.email, 'Cancelamento da assinatura'))[0]?.corpo_texto).toContain('direito de arrependimento');
  });

  it('no withdrawal right for a company, nor for an individual’s contract older than seven days', async () => {
    const company = await world();
    expect((await company.agent.get<CancellationTermsDto>(path(company.contrato.id))).body.data.arrependimento).toBe(false);
    const person = await world({ cpf: true });
    await t.db.update(glContrato).set({ datahora_criado: new Date(Date.now() - 8 * 86_400_000) }).where(eq(glContrato.id, person.contrato.id));
    expect((await person.agent.get<CancellationTermsDto>(path(person.contrato.id))).body.data.arrependimento).toBe(false);
  });

  it('managers only; no word to a stranger; a reason off the list or too long text is a field error', async () => {
    const { contrato, cliente, agent } = await world();
    const user = await createUser(t.db);
    await linkUserToClient(t.db, user.id, cliente.id, 20);
    const reader = await signedInAgent(t, user.id, { clienteId: cliente.id });
    const terms = await reader.get<CancellationTermsDto>(path(contrato.id));
    expect(terms.body.data.pode_cancelar).toBe(false);
    const refused = await reader.post(path(contrato.id), {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Somente o gerente da conta pode cancelar a assinatura.');
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect((await stranger.post(path(contrato.id), {})).status).toBe(404);
    expect((await stranger.get(path(contrato.id))).status).toBe(404);
    const bad = await agent.post(path(contrato.id), { motivo: 'raiva' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ motivo: ['Escolha um dos motivos da lista.'] });
    const long = await agent.post(path(contrato.id), { motivo: 'outro', motivo_texto: 'x'.repeat(501) });
    expect(long.body.errors).toEqual({ motivo_texto: ['Escreva no máximo 500 caracteres.'] });
    expect(await t.db.select().from(glContratoCancelamento).where(eq(glContratoCancelamento.gl_contrato_id, contrato.id))).toEqual([]);
  });

  it('50 requests at once make one cancellation and one e-mail', async () => {
    const { contrato, manager, agent } = await world();
    const answers = await Promise.all(Array.from({ length: 50 }, () => agent.post(path(contrato.id), { motivo: 'preco' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(49);
    expect(await t.db.select().from(glContratoCancelamento).where(eq(glContratoCancelamento.gl_contrato_id, contrato.id))).toHaveLength(1);
    expect(await mailsTo(manager.email, 'Cancelamento da assinatura')).toHaveLength(1);
  });

  it('staff see the cancellations, how many by reason and month, and record each refund once', async () => {
    const { contrato, cliente, agent } = await world({ cpf: true });
    await createFatura(t.db, cliente.id, { gl_contrato_id: contrato.id, situacao: 6, valor: '149.90', data_vencimento: '2026-11-20' });
    const made = await agent.post<CancelamentoDto>(path(contrato.id), { motivo: 'nao_uso' });
    const operator = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    const list = await operator.get<{ data: { protocolo: string; cliente_razao_social: string; motivo: string }[] }>(
      `/api/admin/gl_contrato_cancelamento?searchText=${made.body.data.protocolo}`,
    );
    expect(list.body.data.data).toMatchObject([{ protocolo: made.body.data.protocolo, cliente_razao_social: cliente.razao_social, motivo: 'nao_uso' }]);
    const summary = await operator.get<{ mes: string; motivo: string; quantidade: number }[]>('/api/admin/cancelamentos/resumo');
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
    expect(summary.body.data.find((row) => row.mes === month && row.motivo === 'nao_uso')?.quantidade).toBeGreaterThanOrEqual(1);

    const [refund] = await t.db.select().from(pgFaturaReembolso).where(eq(pgFaturaReembolso.gl_contrato_cancelamento_id, made.body.data.id));
    expect((await operator.post(`/api/admin/pg_fatura_reembolso/${refund?.id}/reembolsado`)).status).toBe(403);
    const supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    const done = await supervisor.post(`/api/admin/pg_fatura_reembolso/${refund?.id}/reembolsado`);
    expect(done.body.message).toBe('Reembolso registrado como feito.');
    const again = await supervisor.post(`/api/admin/pg_fatura_reembolso/${refund?.id}/reembolsado`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Este reembolso já foi registrado como feito.');
    // A customer never reads the staff's list.
    expect((await agent.get('/api/admin/gl_contrato_cancelamento')).status).toBe(403);
  });
});
