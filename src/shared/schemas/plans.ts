/**
 * Plans and plan change (§2 Plans page, §3 Plan / Payment account / Customer for plan signup,
 * §4 Plan change, §5 Plan signup, §7 public_planos, pg_conta/public_index,
 * selecionarPlanoAssinar, cancelar, geo/cep). One schema per call, used by the route and the form.
 */
import { z } from 'zod';
import { CPF_CNPJ_INVALID_MESSAGE_PLAN, documentKind } from '../cpf-cnpj.ts';
import {
  CepSchema,
  DateSchema,
  EmailSchema,
  PhoneSchema,
  documentSchema,
  optionalText,
  requiredText,
} from '../fields.ts';
import type { SelectOption } from './dropdown.ts';
import { ID_MAX, IdSchema, TokenSchema } from './ids.ts';
import { CEP_INVALID_MESSAGE } from '../messages.ts';
import { FREE_ACCOUNT_ID, PLANO_MESSAGES, TIMING_AT_CLOSE, TIMING_NOW } from '../plans.ts';

/** A money value as numeric(12,2) text ('149.90'). */
export type Money = string;

/** §3 Plan, as GET /api/gl_produto/{pid}/public_planos lists it. */
export interface PublicPlan {
  id: number;
  nome_exibicao: string;
  usuario_ilimitado: boolean;
  usuario_qtde: number | null;
  dispositivo_qtde: number | null;
  flag_valor_condicao: boolean;
  flag_enviar_foto: boolean;
  /** Markdown (§2: rendered safely). */
  descricao_exibicao_calculada: string;
  planos_pagamento_ativo: PublicPlanPayment[];
}

export interface PublicPlanPayment {
  id: number;
  cobranca_tipo_desc: string;
  flag_gratuito: boolean;
  flag_promocao: boolean;
  valor: Money;
  valor_promocional: Money | null;
}

/** §3 Payment account (GET /api/pg_conta/public_index). */
export interface PaymentAccount {
  id: number;
  nome_exibicao: string;
  descricao_exibicao: string | null;
}

/** §7 POST /api/gl_contrato_evento/selecionarPlanoAssinar (JSON, or the fields of a multipart body). */
export const PlanChangeRequestSchema = z.object({
  // §7 lists the event; the session authorises (docs/decisions/020-plan-change.md).
  evento_id: IdSchema.optional().nullable(),
  evento_token: TokenSchema.optional().nullable(),
  imediato: z.coerce
    .number({ error: PLANO_MESSAGES.timingRequired })
    .refine((value) => value === TIMING_NOW || value === TIMING_AT_CLOSE, {
      error: PLANO_MESSAGES.timingRequired,
    }),
  // Absent for a client without a contract on the product: the change is its plan signup (§5).
  gl_contrato_id: z.preprocess((value) => (value === '' ? null : value), IdSchema.optional().nullable()),
  gl_plano_pagamento_id: IdSchema,
  pg_conta_id: z.coerce
    .number({ error: PLANO_MESSAGES.paymentRequired })
    .int({ error: PLANO_MESSAGES.paymentRequired })
    .refine((value) => value === FREE_ACCOUNT_ID || (value > 0 && value <= ID_MAX), {
      error: PLANO_MESSAGES.paymentRequired,
    }),
});
export type PlanChangeRequest = z.input<typeof PlanChangeRequestSchema>;

export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'Chave de idempotência inválida (16 a 100 letras, números, - ou _).' });

/** §7 POST /api/gl_contrato_evento/{id}/cancelar. */
export const PlanChangeCancelRequestSchema = z
  .object({
    evento_id: IdSchema.optional().nullable(),
    evento_token: TokenSchema.optional().nullable(),
  })
  .optional();
export const PlanChangeParamsSchema = z.object({ id: IdSchema });

/** §3 Login event info contrato_evento_aberto: the contract's pending change. */
export interface OpenPlanChange {
  id: number;
  plano: { nome_exibicao: string };
  plano_pagamento: { cobranca_tipo_desc: string };
  /** 'YYYY-MM-DD'; null for none. */
  agendamento_data: string | null;
}

/** data of selecionarPlanoAssinar. */
export interface PlanChangeResponse {
  id: number;
  situacao: 'pendente' | 'aplicado';
  imediato: boolean;
  agendamento_data: string | null;
  plano: { id: number; nome_exibicao: string };
  plano_pagamento: { id: number; cobranca_tipo_desc: string };
}

// ---------------------------------------------------------------------------------------------
// Customer for plan signup (§3, §5): GET /api/gl_cliente/{id}/edit and PUT /api/gl_cliente/{id}
// (ours: docs/decisions/022-customer-data-call.md)

const ADDRESS_MAX = 150;

/** Optional text: '' and null become null. */
const optionalValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

/** The §3 fields as a plain shape, for the call's schema and for the plan signup form. */
export const CUSTOMER_FIELDS = {
  tipo_pessoa: z.coerce
    .number({ error: 'Campo obrigatório.' })
    .refine((value) => value === 1 || value === 2, { error: 'Campo obrigatório.' }),
  cpfcnpj: documentSchema('cpfcnpj', CPF_CNPJ_INVALID_MESSAGE_PLAN),
  razao_social: requiredText({ max: ADDRESS_MAX }),
  email: EmailSchema,
  telefone_celular: PhoneSchema,
  telefone_fixo: optionalValue(PhoneSchema),
  end_cep: CepSchema,
  end_logradouro: requiredText({ max: ADDRESS_MAX }),
  end_numero: requiredText({ max: 20 }),
  end_complemento: optionalValue(optionalText(ADDRESS_MAX)),
  end_bairro: requiredText({ max: ADDRESS_MAX }),
  gl_cidade_id: IdSchema,
  // Individuals only (§3); dropped for a company.
  data_nascimento: optionalValue(DateSchema),
};

/** The document must be of the kind the person type says: a CPF for 1, a CNPJ for 2. */
export function documentMatchesKind(value: { tipo_pessoa: number; cpfcnpj: string }, ctx: z.RefinementCtx) {
  const kind = documentKind(value.cpfcnpj);
  if ((value.tipo_pessoa === 1 && kind !== 'cpf') || (value.tipo_pessoa === 2 && kind !== 'cnpj')) {
    ctx.addIssue({ code: 'custom', path: ['cpfcnpj'], message: PLANO_MESSAGES.documentKindMismatch });
  }
}

export const CustomerRequestSchema = z
  .object(CUSTOMER_FIELDS)
  .superRefine(documentMatchesKind)
  .transform((value) => ({
    ...value,
    data_nascimento: value.tipo_pessoa === 1 ? value.data_nascimento : null,
  }));
export type CustomerRequest = z.input<typeof CustomerRequestSchema>;
export type CustomerValues = z.output<typeof CustomerRequestSchema>;

/** data of GET /api/gl_cliente/{id}/edit: stored values (no masks), the city as a §3 Select option. */
export interface Customer {
  id: number;
  tipo_pessoa: 1 | 2;
  cpfcnpj: string;
  razao_social: string;
  email: string | null;
  telefone_celular: string | null;
  telefone_fixo: string | null;
  end_cep: string | null;
  end_logradouro: string | null;
  end_numero: string | null;
  end_complemento: string | null;
  end_bairro: string | null;
  gl_cidade_id: number | null;
  cidade: SelectOption | null;
  data_nascimento: string | null;
}

// ---------------------------------------------------------------------------------------------
// geo/cep (§7; docs/decisions/021-cep-lookup.md)

/** §5/§9: the lookup needs 8 to 9 characters; then the CEP's own shape. */
export const CepRequestSchema = z.object({
  cep: z
    .string({ error: CEP_INVALID_MESSAGE })
    .trim()
    .min(8, { error: CEP_INVALID_MESSAGE, abort: true })
    .max(9, { error: CEP_INVALID_MESSAGE, abort: true })
    .pipe(CepSchema),
});
export type CepRequest = z.input<typeof CepRequestSchema>;

/** data of POST /api/geo/cep: what is known of the CEP ('' when unknown); uf is ours. */
export interface CepAddress {
  cep: string;
  logradouro: string;
  bairro: string;
  gl_cidade: SelectOption | null;
  uf: string | null;
}
