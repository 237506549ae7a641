import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PaymentAccount, PublicPlan } from '#shared/schemas/plans';
import type { Queryable } from '../../platform/db/database.ts';
import { readKept } from '../../platform/db/kept-reads.ts';
import { glPlano, glPlanoPagamento, glProduto, pgConta } from '../../platform/db/schema.ts';

/**
 * §7 GET /api/gl_produto/{pid}/public_planos: the active plans of an active product with their
 * active payment options (§3 planos_pagamento_ativo), in the product's order; null for no product.
 * Every visitor of the plans page asks for them: kept until the next change to the products,
 * plans or payment options (db/kept-reads.ts; issue 15).
 */
export async function listPublicPlans(db: Queryable, produtoId: number): Promise<PublicPlan[] | null> {
  const { row } = await readKept(db, 'public_plans', String(produtoId), () => readPublicPlans(db, produtoId));
  return row ?? null;
}

async function readPublicPlans(db: Queryable, produtoId: number): Promise<PublicPlan[] | undefined> {
  const [produto] = await db
    .select({ id: glProduto.id })
    .from(glProduto)
    .where(and(eq(glProduto.id, produtoId), eq(glProduto.ativo, true)));
  if (!produto) return undefined;
  const plans = await db
    .select()
    .from(glPlano)
    .where(and(eq(glPlano.gl_produto_id, produtoId), eq(glPlano.ativo, true)))
    .orderBy(asc(glPlano.ordem), asc(glPlano.id));
  const options = plans.length
    ? await db
        .select()
        .from(glPlanoPagamento)
        .where(
          and(
            inArray(glPlanoPagamento.gl_plano_id, plans.map((plan) => plan.id)),
            eq(glPlanoPagamento.ativo, true),
          ),
        )
        .orderBy(asc(glPlanoPagamento.cobranca_tipo), asc(glPlanoPagamento.id))
    : [];
  return plans.map((plan) => ({
    id: plan.id,
    nome_exibicao: plan.nome_exibicao,
    usuario_ilimitado: plan.usuario_ilimitado,
    usuario_qtde: plan.usuario_qtde,
    dispositivo_qtde: plan.dispositivo_qtde,
    flag_valor_condicao: plan.flag_valor_condicao,
    flag_enviar_foto: plan.flag_enviar_foto,
    descricao_exibicao_calculada: plan.descricao_exibicao ?? '',
    planos_pagamento_ativo: options
      .filter((option) => option.gl_plano_id === plan.id)
      .map((option) => ({
        id: option.id,
        cobranca_tipo_desc: option.cobranca_tipo_desc,
        flag_gratuito: option.flag_gratuito,
        flag_promocao: option.flag_promocao,
        valor: option.valor,
        valor_promocional: option.flag_promocao ? option.valor_promocional : null,
      })),
  }));
}

/** §7 GET /api/pg_conta/public_index: the active payment accounts (the virtual -1 is the client's). */
export function listPublicAccounts(db: Queryable): Promise<PaymentAccount[]> {
  return db
    .select({ id: pgConta.id, nome_exibicao: pgConta.nome_exibicao, descricao_exibicao: pgConta.descricao_exibicao })
    .from(pgConta)
    .where(eq(pgConta.ativo, true))
    .orderBy(asc(pgConta.id));
}
