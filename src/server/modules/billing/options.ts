import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { glPlano, glPlanoPagamento } from '../../platform/db/schema.ts';
import type { PricedOption } from './pricing.ts';
import type { ReadCache } from './read-cache.ts';

const optionColumns = {
  id: glPlanoPagamento.id,
  planoId: glPlano.id,
  planoNome: glPlano.nome_exibicao,
  cobrancaTipo: glPlanoPagamento.cobranca_tipo,
  cobrancaTipoDesc: glPlanoPagamento.cobranca_tipo_desc,
  valor: glPlanoPagamento.valor,
  valorPromocional: glPlanoPagamento.valor_promocional,
  flagPromocao: glPlanoPagamento.flag_promocao,
  flagGratuito: glPlanoPagamento.flag_gratuito,
  promocaoMeses: glPlanoPagamento.promocao_meses,
};

/** Payment options with their plan's name, as pricing needs them, by id. */
export async function loadOptions(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, PricedOption>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select(optionColumns)
    .from(glPlanoPagamento)
    .innerJoin(glPlano, eq(glPlano.id, glPlanoPagamento.gl_plano_id))
    .where(inArray(glPlanoPagamento.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** One payment option, from the run's cache when it has it. */
export async function loadOption(db: Queryable, id: number, cache?: ReadCache): Promise<PricedOption> {
  const cached = cache?.options.get(id);
  if (cached) return cached;
  const option = (await loadOptions(db, [id])).get(id);
  if (!option) throw new Error(`gl_plano_pagamento ${id} not found`);
  cache?.options.set(id, option);
  return option;
}
