import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { glContrato, glContratoEvento } from '../../db/schema.ts';
import { loadOption } from './options.ts';
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

/**
 * The next period to bill (decision 102): the current one when nothing of it was billed yet (a
 * new signup), else the one after it, on the option a change scheduled for the close will give
 * it (§4 timing 2), or on the current one.
 */
export async function billablePeriod(db: Queryable, contract: Contract): Promise<BillablePeriod> {
  const current = contract.proxima_competencia <= contract.periodo_inicio;
  if (current) {
    const option = await loadOption(db, contract.gl_plano_pagamento_id);
    return priced(
      { start: contract.periodo_inicio, end: contract.periodo_fim },
      option,
      contract.promocao_ate,
      contract.pg_conta_id === null,
    );
  }
  const [scheduled] = await db
    .select({
      gl_plano_pagamento_id: glContratoEvento.gl_plano_pagamento_id,
      pg_conta_id: glContratoEvento.pg_conta_id,
    })
    .from(glContratoEvento)
    .where(
      and(
        eq(glContratoEvento.gl_contrato_id, contract.id),
        eq(glContratoEvento.situacao, 'pendente'),
        eq(glContratoEvento.imediato, false),
      ),
    );
  const option = await loadOption(db, scheduled?.gl_plano_pagamento_id ?? contract.gl_plano_pagamento_id);
  const period = nextPeriod(contract.periodo_fim, option);
  const promocaoAte = scheduled ? promotionEnd(option, period.start) : contract.promocao_ate;
  const noAccount = scheduled ? scheduled.pg_conta_id === null : contract.pg_conta_id === null;
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
