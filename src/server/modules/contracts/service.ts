import { and, eq } from 'drizzle-orm';
import type { OpenPlanChange } from '#shared/schemas/plans';
import type { Queryable } from '../../db/database.ts';
import { glContrato, glContratoEvento, glPlano, glPlanoPagamento } from '../../db/schema.ts';

/** The client's active contract on the product, with its plan. */
export async function findActiveContract(db: Queryable, clienteId: number, produtoId: number) {
  const [row] = await db
    .select({
      id: glContrato.id,
      periodo_inicio: glContrato.periodo_inicio,
      periodo_fim: glContrato.periodo_fim,
      plano_id: glPlano.id,
      plano_nome_exibicao: glPlano.nome_exibicao,
    })
    .from(glContrato)
    .innerJoin(glPlano, eq(glPlano.id, glContrato.gl_plano_id))
    .where(
      and(
        eq(glContrato.gl_cliente_id, clienteId),
        eq(glContrato.gl_produto_id, produtoId),
        eq(glContrato.ativo, true),
      ),
    );
  return row ?? null;
}

/**
 * §3 contrato_evento_aberto: the contract's pending plan change (at most one: a partial unique
 * index), as the login info and the session answer carry it.
 */
export async function findOpenPlanChange(db: Queryable, contratoId: number): Promise<OpenPlanChange | null> {
  const [row] = await db
    .select({
      id: glContratoEvento.id,
      plano_nome_exibicao: glPlano.nome_exibicao,
      cobranca_tipo_desc: glPlanoPagamento.cobranca_tipo_desc,
      agendamento_data: glContratoEvento.agendamento_data,
    })
    .from(glContratoEvento)
    .innerJoin(glPlano, eq(glPlano.id, glContratoEvento.gl_plano_id))
    .innerJoin(glPlanoPagamento, eq(glPlanoPagamento.id, glContratoEvento.gl_plano_pagamento_id))
    .where(and(eq(glContratoEvento.gl_contrato_id, contratoId), eq(glContratoEvento.situacao, 'pendente')));
  return row
    ? {
        id: row.id,
        plano: { nome_exibicao: row.plano_nome_exibicao },
        plano_pagamento: { cobranca_tipo_desc: row.cobranca_tipo_desc },
        agendamento_data: row.agendamento_data,
      }
    : null;
}
