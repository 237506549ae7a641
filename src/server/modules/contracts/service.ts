import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OpenPlanChange } from '#shared/schemas/plans';
import type { Queryable } from '../../platform/db/database.ts';
import { preparedFor } from '../../platform/db/prepared.ts';
import { glContrato, glContratoEvento, glPlano, glPlanoPagamento } from '../../platform/db/schema.ts';

/** An active contract as it is read with its plan (joined on gl_plano). */
const CONTRACT_FIELDS = {
  id: glContrato.id,
  periodo_inicio: glContrato.periodo_inicio,
  periodo_fim: glContrato.periodo_fim,
  plano_id: glPlano.id,
  plano_nome_exibicao: glPlano.nome_exibicao,
};

/** The client's active contract on the product (one at most: a partial unique index). */
const activeContractOf = (clienteId: number | Placeholder, produtoId: number | Placeholder) =>
  and(eq(glContrato.gl_cliente_id, clienteId), eq(glContrato.gl_produto_id, produtoId), eq(glContrato.ativo, true));

/** The client's active contract on the product, with its plan. */
export async function findActiveContract(db: Queryable, clienteId: number, produtoId: number) {
  const [row] = await db
    .select(CONTRACT_FIELDS)
    .from(glContrato)
    .innerJoin(glPlano, eq(glPlano.id, glContrato.gl_plano_id))
    .where(activeContractOf(clienteId, produtoId));
  return row ?? null;
}

/**
 * The client's active contract on the product with its pending plan change (§3 contrato_ultimo
 * and contrato_evento_aberto, as the login info carries them), in one statement: a contract has
 * at most one pending change (a partial unique index), so the left join keeps one row.
 */
export async function findActiveContractWithOpenChange(
  db: Queryable,
  clienteId: number,
  produtoId: number,
): Promise<{ contract: NonNullable<Awaited<ReturnType<typeof findActiveContract>>>; pending: OpenPlanChange | null } | null> {
  const [row] = await preparedFor(db, 'active_contract_with_open_change', (handle, name) => {
    const changePlan = alias(glPlano, 'plano_da_mudanca');
    return handle
      .select({
        ...CONTRACT_FIELDS,
        evento_id: glContratoEvento.id,
        evento_plano_nome_exibicao: changePlan.nome_exibicao,
        evento_cobranca_tipo_desc: glPlanoPagamento.cobranca_tipo_desc,
        evento_agendamento_data: glContratoEvento.agendamento_data,
      })
      .from(glContrato)
      .innerJoin(glPlano, eq(glPlano.id, glContrato.gl_plano_id))
      .leftJoin(glContratoEvento, and(eq(glContratoEvento.gl_contrato_id, glContrato.id), eq(glContratoEvento.situacao, 'pendente')))
      .leftJoin(changePlan, eq(changePlan.id, glContratoEvento.gl_plano_id))
      .leftJoin(glPlanoPagamento, eq(glPlanoPagamento.id, glContratoEvento.gl_plano_pagamento_id))
      .where(activeContractOf(sql.placeholder('clienteId'), sql.placeholder('produtoId')))
      .prepare(name);
  }).execute({ clienteId, produtoId });
  if (!row) return null;
  const { evento_id, evento_plano_nome_exibicao, evento_cobranca_tipo_desc, evento_agendamento_data, ...contract } = row;
  return {
    contract,
    pending:
      evento_id !== null && evento_plano_nome_exibicao !== null && evento_cobranca_tipo_desc !== null
        ? {
            id: evento_id,
            plano: { nome_exibicao: evento_plano_nome_exibicao },
            plano_pagamento: { cobranca_tipo_desc: evento_cobranca_tipo_desc },
            agendamento_data: evento_agendamento_data,
          }
        : null,
  };
}
