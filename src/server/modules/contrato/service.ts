import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { glContrato, glPlano } from '../../db/schema.ts';

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
