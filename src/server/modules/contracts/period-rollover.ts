import { and, asc, eq, lt } from 'drizzle-orm';
import { addDays, periodEnd } from '#shared/dates';
import type { Queryable } from '../../platform/db/database.ts';
import { glContrato, glContratoEvento, glPlanoPagamento } from '../../platform/db/schema.ts';
import { reconcileBilledPeriod } from '../billing/index.ts';
import { applyDueCancellation } from './cancellation.ts';
import { applyPlanChange } from './plan-change.ts';

/** Contracts rolled over per transaction. */
const BATCH_SIZE = 25;

type Contract = typeof glContrato.$inferSelect;

/**
 * Moves one contract whose period has ended into the next one (decision 102): a change scheduled
 * for the close (§4 timing 2) is applied first, so the new period is on the new plan; otherwise
 * the period repeats on the same option. A period entered after being billed on another option is
 * reconciled (adjustments). Repeats until the period holds `today` (a contract left behind by a
 * stopped job catches up). Call with the contract's row locked.
 */
async function rollOver(tx: Queryable, contract: Contract, today: string, now: Date): Promise<number> {
  let current = contract;
  let periods = 0;
  while (current.periodo_fim < today) {
    // A cancellation pending to this period's end (issue 41) ends the contract instead.
    if (await applyDueCancellation(tx, current, now)) return periods;
    const start = addDays(current.periodo_fim, 1);
    const [scheduled] = await tx
      .select({ id: glContratoEvento.id })
      .from(glContratoEvento)
      .where(
        and(
          eq(glContratoEvento.gl_contrato_id, current.id),
          eq(glContratoEvento.situacao, 'pendente'),
          eq(glContratoEvento.imediato, false),
        ),
      );
    if (!scheduled || !(await applyPlanChange(tx, scheduled.id, { startDay: start }, now))) {
      const [option] = await tx
        .select({ cobranca_tipo: glPlanoPagamento.cobranca_tipo })
        .from(glPlanoPagamento)
        .where(eq(glPlanoPagamento.id, current.gl_plano_pagamento_id));
      await tx
        .update(glContrato)
        .set({ periodo_inicio: start, periodo_fim: periodEnd(start, option?.cobranca_tipo ?? 1) })
        .where(eq(glContrato.id, current.id));
    }
    const [moved] = await tx.select().from(glContrato).where(eq(glContrato.id, current.id));
    if (!moved) throw new Error(`gl_contrato ${current.id} disappeared`);
    current = moved;
    await reconcileBilledPeriod(tx, current);
    periods += 1;
  }
  return periods;
}

/**
 * The roll-over of every contract whose period ended before `today`, claimed with FOR UPDATE SKIP
 * LOCKED in batches: any number of instances, each contract rolled once (its row lock, and the
 * conditional update of a scheduled change). Answers how many periods began.
 */
export async function rollOverEndedPeriods(db: Queryable, today: string, now: Date): Promise<number> {
  let periods = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const ended = await tx
        .select()
        .from(glContrato)
        .where(and(eq(glContrato.ativo, true), lt(glContrato.periodo_fim, today)))
        .orderBy(asc(glContrato.periodo_fim), asc(glContrato.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const contract of ended) count += await rollOver(tx, contract, today, now);
      return { claimed: ended.length, count };
    });
    periods += batch.count;
    if (batch.claimed < BATCH_SIZE) return periods;
  }
}
