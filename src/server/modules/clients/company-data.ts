import { eq } from 'drizzle-orm';
import { canChangePlan } from '#shared/levels';
import { PLANO_MESSAGES } from '#shared/plans';
import type { CompanyDataDto, CompanyDataValues } from '#shared/schemas/company';
import { recordAudit, type AuditOrigin } from '../../platform/audit/audit-trail.ts';
import { linkLevelInClient } from '../../platform/session/guards.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { glCidade, glCliente } from '../../platform/db/schema.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { customerOf, findCustomerRow } from './service.ts';

/**
 * 'Dados da empresa' (issue 41 item 2): the client's billing details, read by anyone linked to it
 * and saved by its managers (§6: level 10 or lower). The document and the kind of person are not
 * among them: another document is another client.
 */

const clientNotFound = () => notFound(PLANO_MESSAGES.clientNotFound, 'client_not_found');

async function companyData(db: Queryable, clienteId: number, podeEditar: boolean): Promise<CompanyDataDto | null> {
  const row = await findCustomerRow(db, clienteId);
  if (!row) return null;
  return { ...customerOf(row), email_fatura: row.cliente.email_fatura, pode_editar: podeEditar };
}

/** GET: for any person linked to the client; no link is 404, as for the customer data (decision 030). */
export async function readCompanyData(db: Queryable, usuarioId: number, clienteId: number): Promise<CompanyDataDto> {
  const level = await linkLevelInClient(db, usuarioId, clienteId);
  if (level === null) throw clientNotFound();
  const data = await companyData(db, clienteId, canChangePlan(level));
  if (!data) throw clientNotFound();
  return data;
}

/** The columns the call writes, by their wire names. */
const EDITABLE = [
  'razao_social',
  'email',
  'telefone_celular',
  'telefone_fixo',
  'end_cep',
  'end_logradouro',
  'end_numero',
  'end_complemento',
  'end_bairro',
  'gl_cidade_id',
  'data_nascimento',
  'email_fatura',
] as const;
type Editable = (typeof EDITABLE)[number];

/**
 * PUT (the caller checked the manager): writes the fields, under the row's lock, and records in
 * the audit trail which changed (their names, not their values: the trail keeps no personal data
 * it does not need). Nothing changed writes nothing. The birth date is kept for an individual
 * only (§3; a check of the table refuses one for a company). Returns the data saved.
 */
export async function saveCompanyData(
  db: Database,
  clienteId: number,
  values: CompanyDataValues,
  origin: AuditOrigin,
): Promise<CompanyDataDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(glCliente).where(eq(glCliente.id, clienteId)).for('update');
    if (!before) throw clientNotFound();
    const [cidade] = await tx.select({ id: glCidade.id }).from(glCidade).where(eq(glCidade.id, values.gl_cidade_id));
    if (!cidade) throw fieldError('gl_cidade_id', PLANO_MESSAGES.unknownCity, 'unknown_city');
    const after: Pick<typeof before, Editable> = {
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
      data_nascimento: before.tipo_pessoa === 1 ? values.data_nascimento : null,
      email_fatura: values.email_fatura,
    };
    const fields = EDITABLE.filter((field) => after[field] !== before[field]);
    if (fields.length === 0) return;
    await tx.update(glCliente).set(after).where(eq(glCliente.id, clienteId));
    await recordAudit(tx, {
      ...origin,
      action: 'dados_empresa_alterados',
      resource: 'gl_cliente',
      resourceId: clienteId,
      fields,
    });
  });
  const data = await companyData(db, clienteId, true);
  if (!data) throw clientNotFound();
  return data;
}
