import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { documentKind } from '#shared/cpf-cnpj';
import { addCalendarMonths, addDays, todayInSaoPaulo } from '#shared/dates';
import { formatDate } from '#shared/format';
import { canChangePlan } from '#shared/levels';
import {
  CANCELLATION_MESSAGES,
  type CancelamentoDto,
  type CancellationReason,
  type CancellationRequestSchema,
  type CancellationTermsDto,
  type CancellationsByReason,
} from '#shared/schemas/cancellation';
import { SITUACAO } from '#shared/schemas/invoices';
import type { z } from 'zod';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import { linkLevelInClient } from '../../platform/session/guards.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import {
  glCliente,
  glContrato,
  glContratoCancelamento,
  glContratoEvento,
  glPlano,
  pgFatura,
  pgFaturaReembolso,
} from '../../platform/db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { enqueueMails } from '../../platform/mail/outbox.ts';
import { cancellationRequestedMail, cancellationUndoneMail } from './mails.ts';
import { clientManagers } from '../invoices/index.ts';

/**
 * Cancelling a subscription online (issue 41, decision 113). The request is taken at once and
 * answered with its protocol (Decreto 11.034/2022); it takes effect at the close of
 * the current period (the default: access to its last day, the period-close job applies it) or
 * now; under the withdrawal right (CDC art. 49) it is immediate and what was paid is refunded.
 * Decided under the contract's row lock, so fifty requests at once make one.
 */

/** CDC art. 49: seven days from the contract. */
const WITHDRAWAL_DAYS = 7;

type Contract = typeof glContrato.$inferSelect;
type Cancelamento = typeof glContratoCancelamento.$inferSelect;
type CancellationInput = z.output<typeof CancellationRequestSchema>;

export interface MailContext {
  providerName: string;
  publicUrl: string;
}

const toDto = (row: Cancelamento): CancelamentoDto => ({
  id: row.id,
  protocolo: row.protocolo,
  situacao: row.situacao as CancelamentoDto['situacao'],
  imediato: row.imediato,
  arrependimento: row.arrependimento,
  acesso_ate: row.acesso_ate,
  motivo: row.motivo as CancellationReason,
  datahora_criado: row.datahora_criado.toISOString(),
});

/** The active contract and the asker's level in its client; 404 for anyone not linked to it. */
async function contractOf(db: Queryable, usuarioId: number, contratoId: number, lock: boolean) {
  const query = db.select().from(glContrato).where(eq(glContrato.id, contratoId));
  const [contract] = lock ? await query.for('update') : await query;
  const level = contract ? await linkLevelInClient(db, usuarioId, contract.gl_cliente_id) : null;
  // Someone with no link to the client learns nothing about it.
  if (!contract || level === null) throw notFound();
  return { contract, level };
}

/**
 * CDC art. 49's withdrawal right: an individual's (CPF) first contract, all of them made online
 * here, within seven days of it. The last day it lasts, or null.
 */
async function withdrawalUntil(db: Queryable, contract: Contract, today: string): Promise<string | null> {
  const [cliente] = await db.select({ cpfcnpj: glCliente.cpfcnpj }).from(glCliente).where(eq(glCliente.id, contract.gl_cliente_id));
  if (!cliente || documentKind(cliente.cpfcnpj) !== 'cpf') return null;
  const [earlier] = await db
    .select({ id: glContrato.id })
    .from(glContrato)
    .where(and(eq(glContrato.gl_cliente_id, contract.gl_cliente_id), ne(glContrato.id, contract.id), sql`${glContrato.datahora_criado} <= ${contract.datahora_criado}`))
    .limit(1);
  if (earlier) return null;
  const until = addDays(todayInSaoPaulo(contract.datahora_criado), WITHDRAWAL_DAYS);
  return today <= until ? until : null;
}

const pendingOf = async (db: Queryable, contratoId: number) =>
  (
    await db
      .select()
      .from(glContratoCancelamento)
      .where(and(eq(glContratoCancelamento.gl_contrato_id, contratoId), eq(glContratoCancelamento.situacao, 'pendente')))
  )[0] ?? null;

/** GET /api/gl_contrato/{id}/cancelamento: what cancelling would do, for the form and the banners. */
export async function cancellationTerms(db: Queryable, usuarioId: number, contratoId: number, now = new Date()): Promise<CancellationTermsDto> {
  const { contract, level } = await contractOf(db, usuarioId, contratoId, false);
  // An ended contract is read too (a page still showing it asks once more): nothing to cancel.
  const today = todayInSaoPaulo(now);
  const [plano] = await db.select({ nome: glPlano.nome_exibicao }).from(glPlano).where(eq(glPlano.id, contract.gl_plano_id));
  // Unpaid invoices still owed after cancelling at the close, and those of the next period
  // (billed ahead) that the cancellation cancels.
  const [open] = await db
    .select({
      owed: sql<number>`count(*) filter (where ${pgFatura.data_competencia} is null or ${pgFatura.data_competencia} <= ${contract.periodo_fim})::int`,
      later: sql<number>`count(*) filter (where ${pgFatura.data_competencia} > ${contract.periodo_fim})::int`,
    })
    .from(pgFatura)
    .where(and(eq(pgFatura.gl_contrato_id, contract.id), inArray(pgFatura.situacao, [SITUACAO.fechada, SITUACAO.vencida])));
  const pending = await pendingOf(db, contract.id);
  const until = contract.ativo ? await withdrawalUntil(db, contract, today) : null;
  return {
    gl_contrato_id: contract.id,
    ativo: contract.ativo,
    plano_nome: plano?.nome ?? '',
    periodo_fim: contract.periodo_fim,
    arrependimento: until !== null,
    arrependimento_ate: until,
    faturas_em_aberto: open?.owed ?? 0,
    faturas_seguintes: open?.later ?? 0,
    pendente: pending ? toDto(pending) : null,
    pode_cancelar: contract.ativo && canChangePlan(level),
  };
}

/** The managers' e-mails of a cancellation, in the caller's transaction. */
async function mailManagers(
  tx: Queryable,
  contract: Contract,
  build: (manager: { nome: string }, common: { razaoSocial: string; plano: string; portalUrl: string }) => { subject: string; html: string; text: string },
  context: MailContext,
) {
  const [cliente] = await tx.select({ razaoSocial: glCliente.razao_social }).from(glCliente).where(eq(glCliente.id, contract.gl_cliente_id));
  const [plano] = await tx.select({ nome: glPlano.nome_exibicao }).from(glPlano).where(eq(glPlano.id, contract.gl_plano_id));
  const common = {
    razaoSocial: cliente?.razaoSocial ?? '',
    plano: plano?.nome ?? '',
    portalUrl: new URL('/painel', `${context.publicUrl}/`).toString(),
  };
  const managers = await clientManagers(tx, contract.gl_cliente_id);
  await enqueueMails(tx, managers.map((manager) => ({ to: manager.email, ...build(manager, common) })));
}

/**
 * Ends the contract: inactive (the billing run and the period close skip it). Invoices of periods
 * after the last day of access (the next period is billed ahead, decision 102) are not owed:
 * unpaid ones are cancelled, paid ones marked for refund. Under the withdrawal right every
 * invoice of the contract is treated so.
 */
async function endContract(tx: Queryable, contract: Contract, cancelamento: Cancelamento, now: Date) {
  await tx.update(glContrato).set({ ativo: false, datahora_modificado: now }).where(eq(glContrato.id, contract.id));
  const notOwed = cancelamento.arrependimento
    ? eq(pgFatura.gl_contrato_id, contract.id)
    : and(eq(pgFatura.gl_contrato_id, contract.id), sql`${pgFatura.data_competencia} > ${cancelamento.acesso_ate}`);
  await tx
    .update(pgFatura)
    .set({ situacao: SITUACAO.cancelada })
    .where(and(notOwed, inArray(pgFatura.situacao, [SITUACAO.aguardandoAprovacao, SITUACAO.fechada, SITUACAO.vencida])));
  const paid = await tx
    .select({ id: pgFatura.id, valor: pgFatura.valor })
    .from(pgFatura)
    .where(and(notOwed, eq(pgFatura.situacao, SITUACAO.paga)))
    .orderBy(asc(pgFatura.id));
  if (paid.length > 0) {
    await tx
      .insert(pgFaturaReembolso)
      .values(paid.map((fatura) => ({ pg_fatura_id: fatura.id, gl_contrato_cancelamento_id: cancelamento.id, valor: fatura.valor })))
      .onConflictDoNothing();
  }
}

/** POST /api/gl_contrato/{id}/cancelamento: the request, taken at once; its protocol and effect. */
export async function requestCancellation(
  db: Database,
  input: { usuarioId: number; contratoId: number; request: CancellationInput; origin: AuditOrigin; now?: Date } & MailContext,
): Promise<{ cancelamento: CancelamentoDto; message: string }> {
  const now = input.now ?? new Date();
  const today = todayInSaoPaulo(now);
  return db.transaction(async (tx) => {
    const { contract, level } = await contractOf(tx, input.usuarioId, input.contratoId, true);
    if (!canChangePlan(level)) throw forbidden(CANCELLATION_MESSAGES.managerOnly, 'manager_only');
    if (!contract.ativo) throw conflict(CANCELLATION_MESSAGES.contractInactive, 'contract_inactive');
    if (await pendingOf(tx, contract.id)) throw conflict(CANCELLATION_MESSAGES.alreadyPending, 'cancellation_pending');
    const arrependimento = (await withdrawalUntil(tx, contract, today)) !== null;
    const imediato = arrependimento || input.request.imediato;
    const [cancelamento] = await tx
      .insert(glContratoCancelamento)
      .values({
        gl_contrato_id: contract.id,
        gl_cliente_id: contract.gl_cliente_id,
        gl_usuario_id: input.usuarioId,
        motivo: input.request.motivo,
        motivo_texto: input.request.motivo_texto,
        imediato,
        arrependimento,
        acesso_ate: imediato ? today : contract.periodo_fim,
        situacao: imediato ? 'efetivado' : 'pendente',
        datahora_efetivado: imediato ? now : null,
      })
      .returning();
    if (!cancelamento) throw new Error('gl_contrato_cancelamento insert returned nothing');
    // A change scheduled for the close, or waiting for proofs, has nothing left to change.
    await tx
      .update(glContratoEvento)
      .set({ situacao: 'cancelado', datahora_cancelado: now })
      .where(and(eq(glContratoEvento.gl_contrato_id, contract.id), eq(glContratoEvento.situacao, 'pendente')));
    if (imediato) await endContract(tx, contract, cancelamento, now);
    const acessoAte = formatDate(cancelamento.acesso_ate);
    await mailManagers(
      tx,
      contract,
      (manager, common) =>
        cancellationRequestedMail({ ...common, providerName: input.providerName, nome: manager.nome, protocolo: cancelamento.protocolo, acessoAte, imediato, arrependimento }),
      input,
    );
    await recordAudit(tx, {
      ...input.origin,
      action: 'assinatura_cancelada',
      resource: 'gl_contrato',
      resourceId: contract.id,
      details: { protocolo: cancelamento.protocolo, imediato, arrependimento, motivo: cancelamento.motivo },
    });
    const message = arrependimento
      ? CANCELLATION_MESSAGES.withdrawn(cancelamento.protocolo)
      : imediato
        ? CANCELLATION_MESSAGES.cancelledNow(cancelamento.protocolo)
        : CANCELLATION_MESSAGES.requested(cancelamento.protocolo, acessoAte);
    return { cancelamento: toDto(cancelamento), message };
  });
}

/** POST /api/gl_contrato/{id}/cancelamento/desistir: a pending cancellation withdrawn by a manager. */
export async function undoCancellation(
  db: Database,
  input: { usuarioId: number; contratoId: number; origin: AuditOrigin; now?: Date } & MailContext,
): Promise<CancelamentoDto> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const { contract, level } = await contractOf(tx, input.usuarioId, input.contratoId, true);
    if (!canChangePlan(level)) throw forbidden(CANCELLATION_MESSAGES.managerOnly, 'manager_only');
    const [undone] = await tx
      .update(glContratoCancelamento)
      .set({ situacao: 'desistido', datahora_desistido: now, datahora_modificado: now })
      .where(and(eq(glContratoCancelamento.gl_contrato_id, contract.id), eq(glContratoCancelamento.situacao, 'pendente')))
      .returning();
    if (!undone) throw conflict(CANCELLATION_MESSAGES.nothingPending, 'nothing_pending');
    await mailManagers(
      tx,
      contract,
      (manager, common) => cancellationUndoneMail({ ...common, providerName: input.providerName, nome: manager.nome, protocolo: undone.protocolo }),
      input,
    );
    await recordAudit(tx, { ...input.origin, action: 'cancelamento_desfeito', resource: 'gl_contrato', resourceId: contract.id, details: { protocolo: undone.protocolo } });
    return toDto(undone);
  });
}

/**
 * The period close's part (period-rollover.ts): a contract whose period ended with a cancellation
 * pending to that day becomes inactive instead of rolling over. Call with the contract's row
 * locked; the conditional update makes it once however many instances run the close.
 */
export async function applyDueCancellation(tx: Queryable, contract: Contract, now: Date): Promise<boolean> {
  const [applied] = await tx
    .update(glContratoCancelamento)
    .set({ situacao: 'efetivado', datahora_efetivado: now, datahora_modificado: now })
    .where(
      and(
        eq(glContratoCancelamento.gl_contrato_id, contract.id),
        eq(glContratoCancelamento.situacao, 'pendente'),
        sql`${glContratoCancelamento.acesso_ate} <= ${contract.periodo_fim}`,
      ),
    )
    .returning();
  if (!applied) return false;
  await endContract(tx, contract, applied, now);
  await recordAudit(tx, { actor: null, action: 'assinatura_encerrada', resource: 'gl_contrato', resourceId: contract.id, details: { protocolo: applied.protocolo } });
  return true;
}

/** Administração → Cancelamentos: requests by month (São Paulo) and reason, the last twelve months. */
export async function cancellationsByReason(db: Queryable, now = new Date()): Promise<CancellationsByReason[]> {
  // This month and the eleven before it.
  const first = addCalendarMonths(`${todayInSaoPaulo(now).slice(0, 8)}01`, -11);
  const rows = (await db.execute<CancellationsByReason>(sql`
    select to_char(k.datahora_criado at time zone 'America/Sao_Paulo', 'YYYY-MM') as mes, k.motivo, count(*)::int as quantidade
    from gl_contrato_cancelamento k
    where k.datahora_criado >= (${first}::date)::timestamp at time zone 'America/Sao_Paulo'
    group by 1, 2
    order by 1 desc, 3 desc, 2`)) as { rows: CancellationsByReason[] };
  return rows.rows;
}

/** A refund staff made: pendente → reembolsado, once (a conditional update). */
export async function markRefunded(db: Database, reembolsoId: number, origin: AuditOrigin, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(pgFaturaReembolso)
      .set({ situacao: 'reembolsado', datahora_reembolsado: now, datahora_modificado: now })
      .where(and(eq(pgFaturaReembolso.id, reembolsoId), eq(pgFaturaReembolso.situacao, 'pendente')))
      .returning({ id: pgFaturaReembolso.id, faturaId: pgFaturaReembolso.pg_fatura_id, valor: pgFaturaReembolso.valor });
    if (!done) {
      const [exists] = await tx.select({ id: pgFaturaReembolso.id }).from(pgFaturaReembolso).where(eq(pgFaturaReembolso.id, reembolsoId));
      if (!exists) throw notFound();
      throw conflict(CANCELLATION_MESSAGES.alreadyRefunded, 'already_refunded');
    }
    await recordAudit(tx, { ...origin, action: 'reembolso_feito', resource: 'pg_fatura', resourceId: done.faturaId, details: { valor: done.valor } });
  });
}
