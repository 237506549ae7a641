/**
 * 'Dados da empresa' (issue 41 item 2): the client's own billing details, outside the plan
 * change. The fields, masks and checks are §5's plan signup's (CUSTOMER_FIELDS); the document and
 * the kind of person are not among them (another document is another client), and an e-mail for
 * invoices is added.
 */
import { z } from 'zod';
import { EmailSchema } from '../fields.ts';
import { CUSTOMER_FIELDS, type Customer } from './plans.ts';

export const COMPANY_MESSAGES = {
  saved: 'Dados da empresa salvos.',
  managerOnly: 'Somente o gerente da conta pode alterar os dados da empresa.',
} as const;

/** PUT /api/gl_cliente/{id}/dados. */
/**
 * gl_cliente.email_fatura: where the invoices also go (the issue e-mail and the reminders),
 * besides the managers. Optional: blank (spaces too) is none, not a "required" error. The same
 * rule for the managers' 'Dados da empresa' and staff's client form.
 */
export const InvoiceEmailSchema = z.preprocess(
  (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
  EmailSchema.nullable(),
);

export const CompanyDataRequestSchema = z.object({
  razao_social: CUSTOMER_FIELDS.razao_social,
  email: CUSTOMER_FIELDS.email,
  telefone_celular: CUSTOMER_FIELDS.telefone_celular,
  telefone_fixo: CUSTOMER_FIELDS.telefone_fixo,
  end_cep: CUSTOMER_FIELDS.end_cep,
  end_logradouro: CUSTOMER_FIELDS.end_logradouro,
  end_numero: CUSTOMER_FIELDS.end_numero,
  end_complemento: CUSTOMER_FIELDS.end_complemento,
  end_bairro: CUSTOMER_FIELDS.end_bairro,
  gl_cidade_id: CUSTOMER_FIELDS.gl_cidade_id,
  /** Individuals only (§3); the server drops it for a company. */
  data_nascimento: CUSTOMER_FIELDS.data_nascimento,
  email_fatura: InvoiceEmailSchema,
});
export type CompanyDataRequest = z.input<typeof CompanyDataRequestSchema>;
export type CompanyDataValues = z.output<typeof CompanyDataRequestSchema>;

/** GET /api/gl_cliente/{id}/dados: the client's data for anyone linked to it; managers edit. */
export interface CompanyDataDto extends Customer {
  email_fatura: string | null;
  pode_editar: boolean;
}
