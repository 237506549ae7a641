import type { AdminSelectClientResponse } from '#shared/schemas/acesso';
import { ACESSO_MESSAGES } from '#shared/schemas/acesso';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { findClientSummary } from './queries.ts';

/** The client a staff admin is about to work in (§6 "Admin can select a client via a call"). */
export async function clientToSelect(
  db: Queryable,
  clienteId: number,
): Promise<AdminSelectClientResponse> {
  const cliente = await findClientSummary(db, clienteId);
  if (!cliente) throw notFound(ACESSO_MESSAGES.clientNotFound, 'client_not_found');
  return { cliente };
}
