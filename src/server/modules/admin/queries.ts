import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.ts';
import { glCliente } from '../../platform/db/schema.ts';

export async function findClientSummary(db: Queryable, id: number) {
  const [cliente] = await db
    .select({
      id: glCliente.id,
      razao_social: glCliente.razao_social,
      nome_fantasia: glCliente.nome_fantasia,
    })
    .from(glCliente)
    .where(eq(glCliente.id, id));
  return cliente ?? null;
}
