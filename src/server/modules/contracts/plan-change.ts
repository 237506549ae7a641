import { and, eq } from 'drizzle-orm';
import { periodEnd, todayInSaoPaulo } from '#shared/dates';
import { canChangePlan } from '#shared/levels';
import type { PlanChangeResponse } from '#shared/schemas/plans';
import { CANCELLATION_MESSAGES } from '#shared/schemas/cancellation';
import {
  FREE_ACCOUNT_ID,
  PLANO_MESSAGES,
  TIMING_NOW,
} from '#shared/plans';
import { linkLevelInClient } from '../../platform/session/guards.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import {
  glContrato,
  glContratoCancelamento,
  glContratoEvento,
  glContratoEventoArquivo,
  glPlano,
  glPlanoPagamento,
  pgConta,
} from '../../platform/db/schema.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { findActiveContract } from './service.ts';
import { addAdjustments, immediateChangeProration, loadOption, promotionEnd } from '../billing/index.ts';

/**
 * Plan change (§4; docs/decisions/020-plan-change.md). The contract row holds the current plan
 * and period; a change is a gl_contrato_evento row, 'pendente' until it is applied (at once, or
 * by the scheduler after the period's last day) or cancelled. One pending change per contract is
 * enforced by the partial unique index gl_contrato_evento_pendente_uq.
 */

const PENDING_INDEX = 'gl_contrato_evento_pendente_uq';
const ACTIVE_CONTRACT_INDEX = 'gl_contrato_ativo_uq';
const IDEMPOTENCY_INDEX = 'gl_contrato_evento_idempotencia_uq';

// ---------------------------------------------------------------------------------------------
// Who may act

/** A contract and the check that the user manages its client (§6: level 10 or lower). */
async function contractForManager(db: Queryable, usuarioId: number, contratoId: number) {
  const [contract] = await db
    .select()
    .from(glContrato)
    .where(and(eq(glContrato.id, contratoId), eq(glContrato.ativo, true)));
  if (!contract) throw notFound(PLANO_MESSAGES.contractNotFound, 'contract_not_found');
  // By the link alone: staff act on contracts through the staff routes (decision 030).
  const level = await linkLevelInClient(db, usuarioId, contract.gl_cliente_id);
  // Someone with no link to the client learns nothing about it.
  if (level === null) throw notFound(PLANO_MESSAGES.contractNotFound, 'contract_not_found');
  if (!canChangePlan(level)) throw forbidden(PLANO_MESSAGES.managerOnly, 'manager_only');
  return contract;
}

// ---------------------------------------------------------------------------------------------
// Submitting

export interface PlanChangeInput {
  imediato: number;
  gl_contrato_id?: number | null | undefined;
  gl_plano_pagamento_id: number;
  pg_conta_id: number;
}

/** The Idempotency-Key header of the submit, if the client sent one (decision 020). */
export type IdempotencyKey = string | null;

/** Who asks: the session's user and the client it has selected. */
export interface PlanChangeActor {
  usuarioId: number;
  clienteId: number | null;
}

/** The checked request, ready to be written. */
export interface PreparedPlanChange {
  /** null: a plan signup, the client has no contract on the product yet (§5). */
  contratoId: number | null;
  clienteId: number;
  produtoId: number;
  planoId: number;
  planoNome: string;
  pagamentoId: number;
  cobrancaTipoDesc: string;
  contaId: number | null;
  imediato: boolean;
  requiresProofs: boolean;
  idempotencyKey: IdempotencyKey;
  /** The change this submit already made (same person, same key): answer it again, write nothing. */
  replay: PlanChangeResponse | null;
}

/**
 * Everything that can be checked before a byte of a proof file is stored: the user manages the
 * contract's client (or, for a plan signup, the session's client), the option is an active one
 * of an active plan of the contract's product, the payment account fits it (free options take
 * the virtual account -1, paid ones a real one), the change changes something, and nothing is
 * pending.
 */
export async function preparePlanChange(
  db: Queryable,
  actor: PlanChangeActor,
  input: PlanChangeInput,
  idempotencyKey: IdempotencyKey = null,
): Promise<PreparedPlanChange> {
  const contract = input.gl_contrato_id
    ? await contractForManager(db, actor.usuarioId, input.gl_contrato_id)
    : null;
  const [option] = await db
    .select({
      id: glPlanoPagamento.id,
      cobranca_tipo_desc: glPlanoPagamento.cobranca_tipo_desc,
      flag_gratuito: glPlanoPagamento.flag_gratuito,
      plano_id: glPlano.id,
      plano_nome: glPlano.nome_exibicao,
      produto_id: glPlano.gl_produto_id,
      flag_enviar_foto: glPlano.flag_enviar_foto,
    })
    .from(glPlanoPagamento)
    .innerJoin(glPlano, eq(glPlano.id, glPlanoPagamento.gl_plano_id))
    .where(
      and(
        eq(glPlanoPagamento.id, input.gl_plano_pagamento_id),
        eq(glPlanoPagamento.ativo, true),
        eq(glPlano.ativo, true),
        ...(contract ? [eq(glPlano.gl_produto_id, contract.gl_produto_id)] : []),
      ),
    );
  if (!option) throw fieldError('gl_plano_pagamento_id', PLANO_MESSAGES.optionUnavailable, 'option_unavailable');

  let current = contract;
  if (!current) {
    // A plan signup for the session's client; if it has a contract after all, it is a change of it.
    if (actor.clienteId === null) throw notFound(PLANO_MESSAGES.contractNotFound, 'contract_not_found');
    const level = await linkLevelInClient(db, actor.usuarioId, actor.clienteId);
    if (level === null) throw notFound(PLANO_MESSAGES.contractNotFound, 'contract_not_found');
    if (!canChangePlan(level)) throw forbidden(PLANO_MESSAGES.managerOnly, 'manager_only');
    const active = await findActiveContract(db, actor.clienteId, option.produto_id);
    current = active ? await contractForManager(db, actor.usuarioId, active.id) : null;
  }

  let contaId: number | null = null;
  if (option.flag_gratuito) {
    if (input.pg_conta_id !== FREE_ACCOUNT_ID) throw fieldError('pg_conta_id', PLANO_MESSAGES.paymentRequired);
  } else {
    const [conta] =
      input.pg_conta_id > 0
        ? await db
            .select({ id: pgConta.id })
            .from(pgConta)
            .where(and(eq(pgConta.id, input.pg_conta_id), eq(pgConta.ativo, true)))
        : [];
    if (!conta) throw fieldError('pg_conta_id', PLANO_MESSAGES.paymentRequired);
    contaId = conta.id;
  }
  const prepared: PreparedPlanChange = {
    contratoId: current?.id ?? null,
    clienteId: current?.gl_cliente_id ?? (actor.clienteId as number),
    produtoId: option.produto_id,
    planoId: option.plano_id,
    planoNome: option.plano_nome,
    pagamentoId: option.id,
    cobrancaTipoDesc: option.cobranca_tipo_desc,
    contaId,
    // With no current plan there is no close to wait for: a signup starts now.
    imediato: !current || input.imediato === TIMING_NOW,
    requiresProofs: option.flag_enviar_foto,
    idempotencyKey,
    replay: null,
  };
  // A retried submit (same key) is answered with the change it made, before the checks below
  // would refuse it for being that very change.
  const replay = await replayOf(db, actor.usuarioId, prepared);
  if (replay) return { ...prepared, replay };
  if (current) {
    refuseSamePlan(current, prepared);
    await refuseWhenPending(db, current.id);
  }
  return prepared;
}

function refuseSamePlan(
  contract: { gl_plano_pagamento_id: number; pg_conta_id: number | null },
  change: PreparedPlanChange,
) {
  if (change.pagamentoId === contract.gl_plano_pagamento_id && change.contaId === contract.pg_conta_id) {
    throw fieldError('gl_plano_pagamento_id', PLANO_MESSAGES.samePlan, 'same_plan');
  }
}

/**
 * The change an earlier submit with the same key made, as its answer; null when there is none.
 * The key names one submit: used for another plan, option, account or contract it is refused.
 */
async function replayOf(
  db: Queryable,
  usuarioId: number,
  change: PreparedPlanChange,
): Promise<PlanChangeResponse | null> {
  if (!change.idempotencyKey) return null;
  const [previous] = await db
    .select({
      id: glContratoEvento.id,
      gl_contrato_id: glContratoEvento.gl_contrato_id,
      gl_plano_pagamento_id: glContratoEvento.gl_plano_pagamento_id,
      pg_conta_id: glContratoEvento.pg_conta_id,
      situacao: glContratoEvento.situacao,
      imediato: glContratoEvento.imediato,
      agendamento_data: glContratoEvento.agendamento_data,
      cobranca_tipo_desc: glPlanoPagamento.cobranca_tipo_desc,
      plano_id: glPlano.id,
      plano_nome: glPlano.nome_exibicao,
    })
    .from(glContratoEvento)
    .innerJoin(glPlanoPagamento, eq(glPlanoPagamento.id, glContratoEvento.gl_plano_pagamento_id))
    .innerJoin(glPlano, eq(glPlano.id, glContratoEvento.gl_plano_id))
    .where(
      and(eq(glContratoEvento.gl_usuario_id, usuarioId), eq(glContratoEvento.chave_idempotencia, change.idempotencyKey)),
    );
  if (!previous) return null;
  const same =
    previous.gl_plano_pagamento_id === change.pagamentoId &&
    previous.pg_conta_id === change.contaId &&
    (change.contratoId === null || previous.gl_contrato_id === change.contratoId);
  if (!same) throw conflict(PLANO_MESSAGES.idempotencyKeyReused, 'idempotency_key_reused');
  return {
    id: previous.id,
    // A change cancelled since is still the one this submit made; the screen shows it as asked.
    situacao: previous.situacao === 'aplicado' ? 'aplicado' : 'pendente',
    imediato: previous.imediato,
    agendamento_data: previous.agendamento_data,
    plano: { id: previous.plano_id, nome_exibicao: previous.plano_nome },
    plano_pagamento: { id: previous.gl_plano_pagamento_id, cobranca_tipo_desc: previous.cobranca_tipo_desc },
  };
}

async function refuseWhenPending(db: Queryable, contratoId: number) {
  const [pending] = await db
    .select({ id: glContratoEvento.id })
    .from(glContratoEvento)
    .where(and(eq(glContratoEvento.gl_contrato_id, contratoId), eq(glContratoEvento.situacao, 'pendente')));
  if (pending) throw conflict(PLANO_MESSAGES.pendingExists, 'change_pending');
  // A cancellation pending to the period's end (issue 41) is withdrawn first, in its own step.
  const [cancelling] = await db
    .select({ id: glContratoCancelamento.id })
    .from(glContratoCancelamento)
    .where(and(eq(glContratoCancelamento.gl_contrato_id, contratoId), eq(glContratoCancelamento.situacao, 'pendente')));
  if (cancelling) throw conflict(CANCELLATION_MESSAGES.planChangeBlocked, 'cancellation_pending');
}

/** What a submit did: `replayed` when it was a retry of an earlier submit (its files are not kept). */
export interface SubmittedPlanChange {
  response: PlanChangeResponse;
  replayed: boolean;
}

/**
 * Writes the change with its proof files in one transaction, under the contract's row lock so
 * concurrent submits for one contract take turns. Under the lock the contract is read again and
 * every rule that depends on it is checked again (the key's earlier change, the same option, a
 * pending change): the checks of preparePlanChange ran before the lock, and an immediate change
 * leaves nothing pending, so without this 50 identical submits applied 50 times (decision 020
 * item 3). The unique indexes are the last word.
 * A change for now is applied in the same transaction; one for the close is scheduled for the
 * period's last day (agendamento_data) and applied by the scheduler after it.
 */
export async function submitPlanChange(
  db: Database,
  usuarioId: number,
  change: PreparedPlanChange,
  arquivoIds: readonly number[],
  now = new Date(),
): Promise<SubmittedPlanChange> {
  if (change.replay) return { response: change.replay, replayed: true };
  try {
    return await db.transaction(async (tx) => {
      const contract = change.contratoId
        ? (await tx.select().from(glContrato).where(eq(glContrato.id, change.contratoId)).for('update'))[0]
        : await openContract(tx, change, todayInSaoPaulo(now));
      if (!contract?.ativo) throw notFound(PLANO_MESSAGES.contractNotFound, 'contract_not_found');
      if (change.contratoId) {
        const replay = await replayOf(tx, usuarioId, change);
        if (replay) return { response: replay, replayed: true };
        refuseSamePlan(contract, change);
      }
      await refuseWhenPending(tx, contract.id);
      const [evento] = await tx
        .insert(glContratoEvento)
        .values({
          gl_contrato_id: contract.id,
          gl_plano_id: change.planoId,
          gl_plano_pagamento_id: change.pagamentoId,
          pg_conta_id: change.contaId,
          imediato: change.imediato,
          agendamento_data: change.imediato ? null : contract.periodo_fim,
          gl_usuario_id: usuarioId,
          chave_idempotencia: change.idempotencyKey,
        })
        .returning();
      if (!evento) throw new Error('gl_contrato_evento insert returned nothing');
      if (arquivoIds.length) {
        await tx
          .insert(glContratoEventoArquivo)
          .values(arquivoIds.map((id) => ({ gl_contrato_evento_id: evento.id, gl_arquivo_id: id })));
      }
      let situacao: PlanChangeResponse['situacao'] = 'pendente';
      if (change.imediato) {
        const today = todayInSaoPaulo(now);
        if (change.contratoId) {
          // The unused days of the old price credited, the rest of the period charged on the new
          // one (decision 102): under the contract's lock, so once however many submits race.
          await addAdjustments(tx, contract.id, await immediateChangeProration(tx, contract, change.pagamentoId, today), evento.id);
          await applyPlanChange(tx, evento.id, { keepPeriod: true, today }, now);
        } else {
          await applyPlanChange(tx, evento.id, { startDay: today }, now);
        }
        situacao = 'aplicado';
      }
      const response: PlanChangeResponse = {
        id: evento.id,
        situacao,
        imediato: change.imediato,
        agendamento_data: evento.agendamento_data,
        plano: { id: change.planoId, nome_exibicao: change.planoNome },
        plano_pagamento: { id: change.pagamentoId, cobranca_tipo_desc: change.cobrancaTipoDesc },
      };
      return { response, replayed: false };
    });
  } catch (error) {
    // A plan signup has no contract row to lock: the same submit twice meets the unique index
    // of the key or of the active contract; the one that lost answers what the winner made.
    if (
      change.idempotencyKey &&
      (isUniqueViolation(error, IDEMPOTENCY_INDEX) || isUniqueViolation(error, ACTIVE_CONTRACT_INDEX))
    ) {
      const replay = await replayOf(db, usuarioId, change);
      if (replay) return { response: replay, replayed: true };
    }
    if (isUniqueViolation(error, PENDING_INDEX)) throw conflict(PLANO_MESSAGES.pendingExists, 'change_pending');
    if (isUniqueViolation(error, ACTIVE_CONTRACT_INDEX)) throw conflict(PLANO_MESSAGES.alreadySigned, 'already_signed');
    throw error;
  }
}

/**
 * A plan signup's contract, started on the client's current plan choice; the change written with
 * it is applied at once and gives it its plan and period.
 */
async function openContract(tx: Queryable, change: PreparedPlanChange, today: string) {
  const [contract] = await tx
    .insert(glContrato)
    .values({
      gl_cliente_id: change.clienteId,
      gl_produto_id: change.produtoId,
      gl_plano_id: change.planoId,
      gl_plano_pagamento_id: change.pagamentoId,
      pg_conta_id: change.contaId,
      periodo_inicio: today,
      periodo_fim: today,
    })
    .returning();
  return contract;
}

/**
 * Applies a pending change to its contract: the contract takes the new plan, payment option and
 * account. A change entering a new period (`startDay`: a signup, or the close of the period, §4
 * timing 2) gives it a period of the option's cycle (cobranca_tipo months) from that day; an
 * immediate change of a running contract (`keepPeriod`) keeps its period, the billing anchor,
 * and is prorated by the caller (decision 102). The promotion of the new option starts with it.
 * Conditional on the change still being pending, so a change is applied at most once; returns
 * whether this call applied it. Call inside a transaction.
 */
export async function applyPlanChange(
  tx: Queryable,
  eventoId: number,
  timing: { startDay: string } | { keepPeriod: true; today: string },
  now = new Date(),
): Promise<boolean> {
  const [evento] = await tx
    .update(glContratoEvento)
    .set({ situacao: 'aplicado', datahora_aplicado: now })
    .where(and(eq(glContratoEvento.id, eventoId), eq(glContratoEvento.situacao, 'pendente')))
    .returning();
  if (!evento) return false;
  const option = await loadOption(tx, evento.gl_plano_pagamento_id);
  const from = 'startDay' in timing ? timing.startDay : timing.today;
  await tx
    .update(glContrato)
    .set({
      gl_plano_id: evento.gl_plano_id,
      gl_plano_pagamento_id: evento.gl_plano_pagamento_id,
      pg_conta_id: evento.pg_conta_id,
      promocao_ate: promotionEnd(option, from),
      ...('startDay' in timing && {
        periodo_inicio: timing.startDay,
        periodo_fim: periodEnd(timing.startDay, option.cobrancaTipo),
      }),
    })
    .where(eq(glContrato.id, evento.gl_contrato_id));
  return true;
}

// ---------------------------------------------------------------------------------------------
// Cancelling

/** §7 cancelar: a pending change of a contract the user manages becomes 'cancelado'. */
export async function cancelPlanChange(db: Queryable, usuarioId: number, eventoId: number, now = new Date()) {
  const [evento] = await db
    .select({ id: glContratoEvento.id, gl_contrato_id: glContratoEvento.gl_contrato_id })
    .from(glContratoEvento)
    .where(eq(glContratoEvento.id, eventoId));
  if (!evento) throw notFound(PLANO_MESSAGES.changeNotFound, 'change_not_found');
  try {
    await contractForManager(db, usuarioId, evento.gl_contrato_id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      throw notFound(PLANO_MESSAGES.changeNotFound, 'change_not_found');
    }
    throw error;
  }
  return cancelPendingChange(db, eventoId, now);
}

/**
 * Cancels a change that is still pending, whoever asks (the manager above, or staff). Conditional:
 * a change the scheduler applied (or another tab cancelled) meanwhile stays as it is, and the
 * caller is told so.
 */
export async function cancelPendingChange(db: Queryable, eventoId: number, now = new Date()) {
  const [cancelled] = await db
    .update(glContratoEvento)
    .set({ situacao: 'cancelado', datahora_cancelado: now })
    .where(and(eq(glContratoEvento.id, eventoId), eq(glContratoEvento.situacao, 'pendente')))
    .returning({ id: glContratoEvento.id });
  if (cancelled) return cancelled;
  const [exists] = await db.select({ id: glContratoEvento.id }).from(glContratoEvento).where(eq(glContratoEvento.id, eventoId));
  if (!exists) throw notFound(PLANO_MESSAGES.changeNotFound, 'change_not_found');
  throw conflict(PLANO_MESSAGES.changeNotPending, 'change_not_pending');
}
