import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { glContrato, glContratoEvento } from '../../platform/db/schema.ts';
import { loadOption } from './options.ts';
import type { ReadCache } from './read-cache.ts';
import { nextPeriod, periodPrice, promotionEnd, type PricedOption } from './pricing.ts';

type Contract = typeof glContrato.$inferSelect;

/** The period a contract is to be billed for next, with the option and price that apply to it. */
export interface BillablePeriod {
  period: { start: string; end: string };
  option: PricedOption;
  price: { cents: number; promocional: boolean };
  /** Nothing to bill: a free option (or no account: the virtual free account -1). */
  free: boolean;
}

/** A change scheduled for the close (§4 timing 2): the option and account it gives. */
export interface ScheduledChange {
  optionId: number;
  contaId: number | null;
}

/** The contract's pending change for the close, or null. */
async function scheduledChangeOf(db: Queryable, contratoId: number): Promise<ScheduledChange | null> {
  const [scheduled] = await db
    .select({
      optionId: glContratoEvento.gl_plano_pagamento_id,
      contaId: glContratoEvento.pg_conta_id,
    })
    .from(glContratoEvento)
    .where(
      and(
        eq(glContratoEvento.gl_contrato_id, contratoId),
        eq(glContratoEvento.situacao, 'pendente'),
        eq(glContratoEvento.imediato, false),
      ),
    );
  return scheduled ?? null;
}

/**
 * The next period to bill (decision 102): the current one when nothing of it was billed yet (a
 * new signup), else the one after it, on the option a change scheduled for the close will give
 * it (§4 timing 2), or on the current one. `scheduled` when the caller read it already.
 */
export async function billablePeriod(
  db: Queryable,
  contract: Contract,
  options: { scheduled?: ScheduledChange | null; cache?: ReadCache } = {},
): Promise<BillablePeriod> {
  const { cache } = options;
  const current = contract.proxima_competencia <= contract.periodo_inicio;
  if (current) {
    const option = await loadOption(db, contract.gl_plano_pagamento_id, cache);
    return priced(
      { start: contract.periodo_inicio, end: contract.periodo_fim },
      option,
      contract.promocao_ate,
      contract.pg_conta_id === null,
    );
  }
  const scheduled = options.scheduled === undefined ? await scheduledChangeOf(db, contract.id) : options.scheduled;
  const option = await loadOption(db, scheduled?.optionId ?? contract.gl_plano_pagamento_id, cache);
  const key = `${contract.periodo_fim}|${option.cobrancaTipo}`;
  let period = cache?.periods.get(key);
  if (!period) {
    period = nextPeriod(contract.periodo_fim, option);
    cache?.periods.set(key, period);
  }
  const promocaoAte = scheduled ? promotionEnd(option, period.start) : contract.promocao_ate;
  const noAccount = scheduled ? scheduled.contaId === null : contract.pg_conta_id === null;
  return priced(period, option, promocaoAte, noAccount);
}

function priced(
  period: { start: string; end: string },
  option: PricedOption,
  promocaoAte: string | null,
  noAccount: boolean,
): BillablePeriod {
  const price = periodPrice(option, period.start, promocaoAte);
  return { period, option, price, free: option.flagGratuito || noAccount || price.cents === 0 };
}
