import { eq } from 'drizzle-orm';
import { canChangePlan } from '#shared/levels';
import type { Customer, CustomerValues } from '#shared/schemas/plans';
import { PLANO_MESSAGES } from '#shared/plans';
import { linkLevelInClient } from '../../platform/session/guards.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { glCidade, glCliente, glEstado } from '../../platform/db/schema.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { cityText } from '../geo/index.ts';

/**
 * The customer data of the plan signup (§3 "Customer for plan signup", §5), read and saved by the
 * client's managers (§6: level 10 or lower, the same rule as the plan change itself);
 * docs/decisions/022-customer-data-call.md.
 */
export async function requireClientManager(
  db: Queryable,
  usuarioId: number,
  clienteId: number,
  // The 403's words name what the caller wanted ('Dados da empresa' has its own).
  managerOnlyMessage: string = PLANO_MESSAGES.managerOnly,
) {
  // By the link alone: staff edit clients through the staff routes (decision 030).
  const level = await linkLevelInClient(db, usuarioId, clienteId);
  // Someone with no link to the client learns nothing about it.
  if (level === null) throw notFound(PLANO_MESSAGES.clientNotFound, 'client_not_found');
  if (!canChangePlan(level)) throw forbidden(managerOnlyMessage, 'manager_only');
}

/** The client's row with its city's name and state, as findCustomer reads it. */
export async function findCustomerRow(db: Queryable, clienteId: number) {
  const [row] = await db
    .select({
      cliente: glCliente,
      cidade_nome: glCidade.nome,
      sigla: glEstado.sigla,
    })
    .from(glCliente)
    .leftJoin(glCidade, eq(glCidade.id, glCliente.gl_cidade_id))
    .leftJoin(glEstado, eq(glEstado.id, glCidade.gl_estado_id))
    .where(eq(glCliente.id, clienteId));
  return row ?? null;
}

export async function findCustomer(db: Queryable, clienteId: number): Promise<Customer | null> {
  const row = await findCustomerRow(db, clienteId);
  return row && customerOf(row);
}

/** The §3 fields of a row of findCustomerRow. */
export function customerOf(row: NonNullable<Awaited<ReturnType<typeof findCustomerRow>>>): Customer {
  const c = row.cliente;
  return {
    id: c.id,
    tipo_pessoa: c.tipo_pessoa === 2 ? 2 : 1,
    cpfcnpj: c.cpfcnpj,
    razao_social: c.razao_social,
    email: c.email,
    telefone_celular: c.telefone_celular,
    telefone_fixo: c.telefone_fixo,
    end_cep: c.end_cep,
    end_logradouro: c.end_logradouro,
    end_numero: c.end_numero,
    end_complemento: c.end_complemento,
    end_bairro: c.end_bairro,
    gl_cidade_id: c.gl_cidade_id,
    cidade:
      c.gl_cidade_id !== null && row.cidade_nome !== null
        ? { id: c.gl_cidade_id, text: cityText(row.cidade_nome, row.sigla) }
        : null,
    data_nascimento: c.data_nascimento,
  };
}

/** Saves exactly the §3 fields (nothing else of the row can be assigned through it). */
export async function saveCustomer(db: Queryable, clienteId: number, values: CustomerValues): Promise<void> {
  const [cidade] = await db.select({ id: glCidade.id }).from(glCidade).where(eq(glCidade.id, values.gl_cidade_id));
  if (!cidade) throw fieldError('gl_cidade_id', PLANO_MESSAGES.unknownCity, 'unknown_city');
  try {
    await db
      .update(glCliente)
      .set({
        tipo_pessoa: values.tipo_pessoa,
        cpfcnpj: values.cpfcnpj,
        razao_social: values.razao_social,
        email: values.email,
        telefone_celular: values.telefone_celular,
        telefone_fixo: values.telefone_fixo,
        end_cep: values.end_cep,
        end_logradouro: values.end_logradouro,
        end_numero: values.end_numero,
        end_complemento: values.end_complemento,
        end_bairro: values.end_bairro,
        gl_cidade_id: values.gl_cidade_id,
        data_nascimento: values.data_nascimento,
      })
      .where(eq(glCliente.id, clienteId));
  } catch (error) {
    if (isUniqueViolation(error, 'gl_cliente_cpfcnpj_uq')) {
      throw fieldError('cpfcnpj', PLANO_MESSAGES.documentTaken, 'document_taken');
    }
    throw error;
  }
}
