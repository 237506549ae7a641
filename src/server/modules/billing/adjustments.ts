import { and, eq, like, ne } from 'drizzle-orm';
import { fromCents, toCents } from '#shared/format';
import { SITUACAO } from '#shared/schemas/invoices';
import type { Queryable } from '../../platform/db/database.ts';
import { glContrato, glContratoAjuste, pgFatura, pgFaturaItem } from '../../platform/db/schema.ts';
import { loadOptions } from './options.ts';
import { immediateChangeLines, periodPrice, rebilledPeriodLines, type PriceLine } from './pricing.ts';

type Contract = typeof glContrato.$inferSelect;

/** Records lines a later invoice of the contract will take (decision 102), in the caller's transaction. */
export async function addAdjustments(
  tx: Queryable,
  contratoId: number,
  lines: readonly PriceLine[],
  eventoId: number | null = null,
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(glContratoAjuste).values(
    lines.map((line) => ({
      gl_contrato_id: contratoId,
      descricao: line.descricao,
      unidade: line.unidade,
      qtde: line.qtde === null ? null : String(line.qtde),
      valor: fromCents(line.cents),
      gl_contrato_evento_id: eventoId,
    })),
  );
}

/** The invoice that billed a period of the contract (not cancelled): its option and period amount. */
async function billedPeriod(tx: Queryable, contratoId: number, start: string) {
  const [invoice] = await tx
    .select({ id: pgFatura.id, optionId: pgFatura.gl_plano_pagamento_id })
    .from(pgFatura)
    .where(
      and(
        eq(pgFatura.gl_contrato_id, contratoId),
        eq(pgFatura.data_competencia, start),
        eq(pgFatura.origem, 'recorrente'),
        ne(pgFatura.situacao, SITUACAO.cancelada),
      ),
    );
  if (!invoice) return null;
  const [item] = await tx
    .select({ valor: pgFaturaItem.valor })
    .from(pgFaturaItem)
    .where(and(eq(pgFaturaItem.pg_fatura_id, invoice.id), like(pgFaturaItem.codigo, 'PLANO-%')));
  return { optionId: invoice.optionId, cents: toCents(item?.valor ?? '0') ?? 0 };
}

/**
 * The lines that settle a period billed before its plan changed (decision 102): run by the
 * roll-over on entering a period, with the contract as it now is. Nothing when the period was
 * billed on the option it now has, or was not billed and is free. Answers the lines written.
 */
export async function reconcileBilledPeriod(tx: Queryable, contract: Contract): Promise<PriceLine[]> {
  const start = contract.periodo_inicio;
  if (contract.faturado_ate === null || contract.faturado_ate < start) return [];
  const billed = await billedPeriod(tx, contract.id, start);
  if (billed?.optionId === contract.gl_plano_pagamento_id) return [];
  const options = await loadOptions(tx, [contract.gl_plano_pagamento_id, ...(billed?.optionId ? [billed.optionId] : [])]);
  const current = options.get(contract.gl_plano_pagamento_id);
  if (!current) return [];
  const free = current.flagGratuito || contract.pg_conta_id === null;
  const price = free ? { cents: 0, promocional: false } : periodPrice(current, start, contract.promocao_ate);
  if (!billed && price.cents === 0) return [];
  const lines = rebilledPeriodLines({
    period: { start, end: contract.periodo_fim },
    billedCents: billed?.cents ?? 0,
    billedPlanName: (billed?.optionId ? options.get(billed.optionId)?.planoNome : undefined) ?? current.planoNome,
    to: current,
    toPrice: price,
  });
  await addAdjustments(tx, contract.id, lines);
  // The adjustments bill the period as it now is, whatever length the billed one had.
  await tx.update(glContrato).set({ faturado_ate: contract.periodo_fim }).where(eq(glContrato.id, contract.id));
  return lines;
}

/**
 * The prorations of changing the contract to another option today, §4 timing 1 (decision 102):
 * for the submit, which records them, and for the preview, which shows them. None for a period
 * not billed yet, or that has not started or has already ended.
 */
export async function immediateChangeProration(
  tx: Queryable,
  contract: Contract,
  toOptionId: number,
  today: string,
): Promise<PriceLine[]> {
  if (today < contract.periodo_inicio || today > contract.periodo_fim) return [];
  // A period not billed yet is billed on the new option when its time comes: nothing to settle.
  if (contract.faturado_ate === null || contract.faturado_ate < contract.periodo_inicio) return [];
  const options = await loadOptions(tx, [contract.gl_plano_pagamento_id, toOptionId]);
  const from = options.get(contract.gl_plano_pagamento_id);
  const to = options.get(toOptionId);
  if (!from || !to) return [];
  const fromFree = contract.pg_conta_id === null ? { ...from, flagGratuito: true } : from;
  return immediateChangeLines({
    today,
    periodStart: contract.periodo_inicio,
    periodEnd: contract.periodo_fim,
    from: fromFree,
    fromPromocaoAte: contract.promocao_ate,
    to,
  });
}
