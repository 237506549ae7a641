/**
 * Payloads of the staff area (/admin; §2 "Generic edit pages", §5 "Generic save"). One schema
 * per resource operation; the server validates with it and the edit screen's form uses the same
 * one. Only the fields named here can be written (no mass assignment: id, nivel, audit fields,
 * tokens and file ids are never taken from a body).
 */
import { z } from 'zod';
import { ID_MAX } from './auth.ts';
import { DATE_INVALID_MESSAGE, DateSchema, EmailSchema, REQUIRED_MESSAGE, documentSchema, maxLengthMessage, optionalText, requiredText, text, type TextOptions } from '../fields.ts';
import { parseDateInput, parseInstant } from '../dates.ts';
import { onlyDigits } from '../masks.ts';
import { httpOrigin } from './destination.ts';
import { isLocalHostname, parseHttpUrl } from '../urls.ts';
import { BOLETO_BANKS } from '../boleto/banks/index.ts';
import { MAX_FINE_PERCENT, MAX_INTEREST_PERCENT_MONTH } from '../overdue-charges.ts';
import { normalizePixKey, PIX_KEY_MESSAGES, PIX_KEY_TYPES, type PixKeyType } from '../pix/pix-key.ts';
import { isDueDateRule } from '../due-date.ts';
import { InvoiceEmailSchema } from './company.ts';

/** §6 staff levels (lower is stronger); decision 030 says which may do what. */
export const STAFF_LEVEL = { admin: 1, supervisor: 3, operator: 5 } as const;
/** §6 account levels of a client-user link. */
export const ACCOUNT_LEVELS = [
  { nivel: 10, text: 'Gerente da conta' },
  { nivel: 13, text: 'Supervisor da conta' },
  { nivel: 20, text: 'Usuário da conta' },
] as const;
export const ACCOUNT_LEVEL_MAX = 20;

const TEXT_MAX = 200;
const LONG_TEXT_MAX = 10_000;

/** '' (an emptied field) is no value. */
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Optional text: '' or absent becomes null. */
export const nullableText = (max = TEXT_MAX, options: TextOptions = {}) =>
  z.preprocess(emptyToNull, optionalText(max, options).nullable()).transform((value) => (value === '' ? null : value));
/** Descriptions (markdown, service notes): line breaks and tabs allowed. */
const nullableLongText = () => nullableText(LONG_TEXT_MAX, { multiline: true });

/** A checkbox: a JSON boolean, or 'true'/'false' from a multipart form. */
export const Flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** A positive integer id (a JSON number or a form's string). */
export const IdField = z.coerce.number({ error: REQUIRED_MESSAGE }).int().min(1, { error: REQUIRED_MESSAGE }).max(ID_MAX);

const intField = (min: number, max: number) =>
  z.coerce.number({ error: REQUIRED_MESSAGE }).int().min(min).max(max);

const nullableInt = (min: number, max: number) => z.preprocess(emptyToNull, intField(min, max).nullable());

/** §5 decimal input: two decimals; sent as '1234.56' (a number is accepted too). */
export const MONEY_MESSAGE = 'Informe um valor com até duas casas decimais.';
export const Money = z
  .union([z.string(), z.number()], { error: REQUIRED_MESSAGE })
  .transform((value) => String(value).trim())
  .refine((value) => value !== '', { error: REQUIRED_MESSAGE, abort: true })
  .refine((value) => /^\d{1,10}(\.\d{1,2})?$/.test(value), { error: MONEY_MESSAGE })
  .transform((value) => Number(value).toFixed(2));
const NullableMoney = z.preprocess(emptyToNull, Money.nullable());

/** An optional date in any §5 format; outputs 'YYYY-MM-DD' or null. */
export const NullableDate = z.preprocess(emptyToNull, DateSchema.nullable());

/** A date-time (§9 YYYY-MM-DDTHH:mm:ss, or an ISO string with zone); outputs an instant. */
export const DateTimeField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .refine((value) => parseInstant(value) !== null, { error: DATE_INVALID_MESSAGE })
  .transform((value) => parseInstant(value) ?? new Date(Number.NaN));
export const NullableDateTime = z.preprocess(emptyToNull, DateTimeField.nullable());

const url = (max = 500) =>
  nullableText(max).refine((value) => value === null || /^https?:\/\/\S+$/i.test(value), {
    error: 'Informe um endereço http ou https.',
  });

// --- gl_produto ---------------------------------------------------------------------------
export const PRODUCT_URL_MESSAGE = 'Informe um endereço http(s) (https://...) ou um caminho deste portal (/...).';

/**
 * Where sign-in sends a person (§4) and what the redirect page trusts (decision 041): an
 * absolute http(s) URL, or a path of this portal ('/painel'; never '//host' or '/\host', which
 * browsers read as another host). javascript:, data: and the rest are refused.
 */
function isProductUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\') && !/\s/.test(value);
  return httpOrigin(value) !== null && !/\s/.test(value);
}

/** The due-date rule's kinds (decision 102, shared/due-date.ts); gl_produto's check holds them too. */
export const FATURA_VENCIMENTO_TIPOS = ['dia_mes', 'dias_apos_emissao'] as const;
export const DUE_DATE_MESSAGES = {
  tipo: 'Escolha como a fatura vence.',
  diaMes: 'Para o dia do mês, informe de 1 a 28.',
  diasAposEmissao: 'Informe de 0 a 90 dias.',
} as const;

/** Only '' is no value: an absent key stays absent, so an update without it keeps the column. */
const blankToNull = (value: unknown) => (value === '' ? null : value);

export const ProdutoSaveSchema = z
  .object({
    nome: requiredText({ max: TEXT_MAX }),
    url: requiredText({ max: 500 }).refine(isProductUrl, { error: PRODUCT_URL_MESSAGE }),
    logo_url: nullableText(500),
    cadastro_usuario_inativo: Flag.optional(),
    cadastro_permitido: Flag.optional(),
    ativo: Flag.optional(),
    // Optional, with no default here: a payload without them (older clients, scripts) keeps the
    // product's rule on an update and gets the column defaults on a create (schema.ts).
    fatura_vencimento_tipo: z.enum(FATURA_VENCIMENTO_TIPOS, { error: DUE_DATE_MESSAGES.tipo }).optional(),
    fatura_vencimento_valor: z
      .preprocess(blankToNull, z.coerce.number({ error: REQUIRED_MESSAGE }).int({ error: REQUIRED_MESSAGE }).nullable())
      .optional(),
    fatura_aprovacao: Flag.optional(),
  })
  .superRefine(({ fatura_vencimento_tipo: tipo, fatura_vencimento_valor: valor }, context) => {
    if (tipo === undefined && valor === undefined) return;
    // The value means nothing without its kind (and the reverse), so they travel together.
    if (tipo === undefined) {
      context.addIssue({ code: 'custom', path: ['fatura_vencimento_tipo'], message: DUE_DATE_MESSAGES.tipo });
      return;
    }
    if (valor === undefined || valor === null) {
      context.addIssue({ code: 'custom', path: ['fatura_vencimento_valor'], message: REQUIRED_MESSAGE });
      return;
    }
    const rule = tipo === 'dia_mes' ? { tipo, dia: valor } : { tipo, dias: valor };
    if (!isDueDateRule(rule)) {
      context.addIssue({
        code: 'custom',
        path: ['fatura_vencimento_valor'],
        message: tipo === 'dia_mes' ? DUE_DATE_MESSAGES.diaMes : DUE_DATE_MESSAGES.diasAposEmissao,
      });
    }
  });
export type ProdutoSave = z.input<typeof ProdutoSaveSchema>;

// --- gl_oidc_cliente (issue 18, decision 087) ----------------------------------------------
export const OIDC_URI_MESSAGE =
  'Informe endereços completos, um por linha, com https (http só em localhost) e sem #fragmento.';
/** Production: the portal calls an application's back-channel logout URI only on a public address. */
export const OIDC_PUBLIC_ADDRESS_MESSAGE =
  'Informe um endereço público: endereços locais, privados ou de link local não são aceitos.';
const OIDC_URIS_MAX = 10;

/**
 * An application's redirect or logout address: absolute, https outside the developer's own
 * machine, no fragment (RFC 6749 §3.1.2), compared as written (exact match).
 */
export function isOidcUri(value: string): boolean {
  if (/\s/.test(value) || value.includes('#')) return false;
  const url = parseHttpUrl(value);
  if (!url || !/^https?:\/\//i.test(value)) return false;
  return url.protocol === 'https:' || isLocalHostname(url.hostname);
}

/** A textarea with one address per line (or a JSON list) → the list, blank lines dropped. */
const oidcUriList = (min: number) =>
  z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '')
          : (value ?? []),
      z.array(text().max(500, { error: OIDC_URI_MESSAGE }), { error: OIDC_URI_MESSAGE }),
    )
    .refine((uris) => uris.length >= min, { error: min > 0 ? REQUIRED_MESSAGE : OIDC_URI_MESSAGE })
    .refine((uris) => uris.length <= OIDC_URIS_MAX, { error: `Informe no máximo ${OIDC_URIS_MAX} endereços.` })
    .refine((uris) => uris.every(isOidcUri), { error: OIDC_URI_MESSAGE })
    .transform((uris) => [...new Set(uris)]);

/**
 * An application's logo (issue 38): a path on the portal ('/logos/vendas.png') or a data:image,
 * the only images the CSP (img-src 'self' data:) loads. Anything else would be saved and never
 * shown, so it is refused; 64 KiB leaves room for a small image inline.
 */
export const LOGO_URL_MESSAGE =
  'Informe um endereço do próprio portal, começando com / (ex.: /logos/vendas.png), ou uma imagem data:image.';
const LOGO_URL_MAX = 65_536;
const isDisplayableLogoUrl = (value: string) =>
  /^\/(?![/\\])\S*$/.test(value) || /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/i.test(value);

const OidcClienteFields = {
  nome: requiredText({ max: TEXT_MAX }),
  logo_url: nullableText(LOGO_URL_MAX).refine((value) => value === null || isDisplayableLogoUrl(value), {
    error: LOGO_URL_MESSAGE,
  }),
  redirect_uris: oidcUriList(1),
  post_logout_redirect_uris: oidcUriList(0),
  backchannel_logout_uri: nullableText(500).refine((value) => value === null || isOidcUri(value), {
    error: OIDC_URI_MESSAGE,
  }),
  /** The provider's own application: its sign-in asks no consent (decision 097). */
  primeira_parte: Flag.optional(),
  ativo: Flag.optional(),
};
/** The product and the kind (confidential or public) are chosen once, at registration. */
export const OidcClienteCreateSchema = z.object({
  gl_produto_id: IdField,
  confidencial: Flag,
  ...OidcClienteFields,
});
export const OidcClienteUpdateSchema = z.object(OidcClienteFields);
export type OidcClienteSave = z.input<typeof OidcClienteCreateSchema>;

/** POST /api/admin/gl_oidc_cliente/{id}/segredo: the new secret, shown this once. */
/** POST /api/admin/pg_conta/{id}/pix_webhook_segredo (issue 20): shown once. */
export interface PixWebhookSecretResponse {
  segredo: string;
}

export interface OidcSecretResponse {
  client_id: string;
  client_secret: string;
}

// --- gl_documento_versao (issue 19) ----------------------------------------------------------
/** A new version of a legal page: the next sign-in of everyone asks them to accept it. */
export const DocumentoVersaoCreateSchema = z.object({
  documento: z.enum(['termos_uso', 'politica_privacidade'], { error: 'Escolha o documento.' }),
  versao: requiredText({ max: 40 }),
  resumo: nullableText(2000, { multiline: true }),
});
export type DocumentoVersaoSave = z.input<typeof DocumentoVersaoCreateSchema>;

// --- gl_plano -----------------------------------------------------------------------------
export const PlanoSaveSchema = z.object({
  gl_produto_id: IdField,
  nome: requiredText({ max: TEXT_MAX }),
  nome_exibicao: requiredText({ max: TEXT_MAX }),
  usuario_ilimitado: Flag.optional(),
  usuario_qtde: nullableInt(0, 1_000_000),
  dispositivo_qtde: nullableInt(0, 1_000_000),
  flag_valor_condicao: Flag.optional(),
  flag_enviar_foto: Flag.optional(),
  descricao_exibicao: nullableLongText(),
  ordem: intField(0, 10_000).optional(),
  ativo: Flag.optional(),
});
export type PlanoSave = z.input<typeof PlanoSaveSchema>;

// --- gl_plano_pagamento (child of a plan) ---------------------------------------------------
/** Billing cycles in months (schema.ts). */
export const COBRANCA_TIPOS = [
  { id: 1, text: 'Mensal' },
  { id: 3, text: 'Trimestral' },
  { id: 6, text: 'Semestral' },
  { id: 12, text: 'Anual' },
] as const;
export const PROMOCAO_MESES_MESSAGE = 'Informe de 1 a 120 meses, ou deixe vazio.';
const PlanoPagamentoFields = {
  cobranca_tipo: z.coerce
    .number({ error: REQUIRED_MESSAGE })
    .refine((value) => COBRANCA_TIPOS.some((tipo) => tipo.id === value), { error: 'Escolha a periodicidade.' }),
  cobranca_tipo_desc: requiredText({ max: 60 }),
  flag_gratuito: Flag.optional(),
  flag_promocao: Flag.optional(),
  valor: Money,
  valor_promocional: NullableMoney,
  /**
   * Months of promotional price from the contract's start on this option; empty (null): while
   * the contract stays on it (decision 102). Absent keeps the stored value on an update.
   */
  promocao_meses: z
    .preprocess(
      emptyToNull,
      z.coerce
        .number({ error: PROMOCAO_MESES_MESSAGE })
        .int({ error: PROMOCAO_MESES_MESSAGE })
        .min(1, { error: PROMOCAO_MESES_MESSAGE })
        .max(120, { error: PROMOCAO_MESES_MESSAGE })
        .nullable(),
    )
    .optional(),
  ativo: Flag.optional(),
};
export const PlanoPagamentoCreateSchema = z.object({ gl_plano_id: IdField, ...PlanoPagamentoFields });
/** The plan of a payment option does not change. */
export const PlanoPagamentoUpdateSchema = z.object(PlanoPagamentoFields);
export type PlanoPagamentoSave = z.input<typeof PlanoPagamentoCreateSchema>;

// --- pg_conta -----------------------------------------------------------------------------
/** Issue 39 (decision 110): a payment account's refusals, in pt-BR. */
export const CONTA_MESSAGES = {
  fineMax: `A multa é de no máximo ${MAX_FINE_PERCENT} % (Código de Defesa do Consumidor, art. 52).`,
  interestMax: `Os juros são de no máximo ${MAX_INTEREST_PERCENT_MONTH} % ao mês.`,
  pixKeyTaken: 'Outra conta já usa esta chave PIX. Marque "Mesma chave PIX de outra conta" para confirmar.',
} as const;

/** The banks a boleto account may use (issue 40). */
const BOLETO_BANK_CODES = [...BOLETO_BANKS.keys()] as [string, ...string[]];

/** Digits only (a bank's agência, conta, carteira, convênio), up to `max`; empty is null. */
const nullableDigitsText = (max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{1,${max}}$`), { error: `Somente números, até ${max} dígitos.` })
      .nullable(),
  ).optional();

/** A percentage with two decimals from 0 to `max`; empty is 0 (no charge). */
const percentUpTo = (max: number, message: string) =>
  z.preprocess(
    (value) => (emptyToNull(value) ?? '0'),
    Money.refine((value) => Number(value) <= max, { error: message }),
  );
const PIX_KEY_TYPE_IDS = PIX_KEY_TYPES.map((type) => type.id) as [PixKeyType, ...PixKeyType[]];

/**
 * A payment account, with its optional PIX key (issue 20): a type, a key valid for it (stored as
 * the BR Code carries it), and the receiver's name (25) and city (15) the payer's bank shows.
 */
export const ContaSaveSchema = z
  .object({
    nome: requiredText({ max: TEXT_MAX }),
    nome_exibicao: requiredText({ max: TEXT_MAX }),
    descricao_exibicao: nullableLongText(),
    ativo: Flag.optional(),
    pix_chave_tipo: z.preprocess(emptyToNull, z.enum(PIX_KEY_TYPE_IDS).nullable()).optional(),
    pix_chave: nullableText(140),
    pix_nome: nullableText(25),
    pix_cidade: nullableText(15),
    pix_chave_compartilhada: Flag.optional(),
    multa_percentual: percentUpTo(MAX_FINE_PERCENT, CONTA_MESSAGES.fineMax),
    juros_mensal_percentual: percentUpTo(MAX_INTEREST_PERCENT_MONTH, CONTA_MESSAGES.interestMax),
    // Issue 40: the bank data of an account that issues boletos; digits only, checked per bank.
    boleto_banco: z.preprocess(emptyToNull, z.enum(BOLETO_BANK_CODES).nullable()).optional(),
    boleto_agencia: nullableDigitsText(5),
    boleto_agencia_dv: nullableText(1),
    boleto_conta: nullableDigitsText(12),
    boleto_conta_dv: nullableText(1),
    boleto_carteira: nullableDigitsText(3),
    boleto_convenio: nullableDigitsText(10),
    beneficiario_nome: nullableText(),
    beneficiario_cpfcnpj: z.preprocess(emptyToNull, documentSchema('cpfcnpj').nullable()).optional(),
    beneficiario_endereco: nullableText(),
    boleto_instrucoes: nullableLongText(),
  })
  .superRefine((conta, context) => {
    const bank = conta.boleto_banco ? BOLETO_BANKS.get(conta.boleto_banco) : undefined;
    if (bank) {
      const errors = bank.validate({
        agencia: conta.boleto_agencia ?? '',
        agencia_dv: conta.boleto_agencia_dv ?? null,
        conta: conta.boleto_conta ?? '',
        conta_dv: conta.boleto_conta_dv ?? null,
        carteira: conta.boleto_carteira ?? '',
        convenio: conta.boleto_convenio ?? '',
      });
      for (const [field, message] of Object.entries(errors)) context.addIssue({ code: 'custom', path: [`boleto_${field}`], message });
      if (!conta.beneficiario_nome) context.addIssue({ code: 'custom', path: ['beneficiario_nome'], message: REQUIRED_MESSAGE });
      if (!conta.beneficiario_cpfcnpj) context.addIssue({ code: 'custom', path: ['beneficiario_cpfcnpj'], message: REQUIRED_MESSAGE });
    }
    const tipo = conta.pix_chave_tipo;
    if (!tipo) return;
    if (!conta.pix_chave || normalizePixKey(tipo, conta.pix_chave) === null) {
      context.addIssue({ code: 'custom', path: ['pix_chave'], message: PIX_KEY_MESSAGES[tipo] });
    }
    if (!conta.pix_nome) context.addIssue({ code: 'custom', path: ['pix_nome'], message: REQUIRED_MESSAGE });
    if (!conta.pix_cidade) context.addIssue({ code: 'custom', path: ['pix_cidade'], message: REQUIRED_MESSAGE });
  })
  .transform(({ pix_chave_tipo, pix_chave, pix_nome, pix_cidade, ...conta }) =>
    pix_chave_tipo && pix_chave
      ? { ...conta, pix_chave_tipo, pix_chave: normalizePixKey(pix_chave_tipo, pix_chave), pix_nome, pix_cidade }
      : { ...conta, pix_chave_tipo: null, pix_chave: null, pix_nome: null, pix_cidade: null, pix_chave_compartilhada: false },
  );
export type ContaSave = z.input<typeof ContaSaveSchema>;

// --- gl_cliente ---------------------------------------------------------------------------
const nullableDigits = (lengths: number[], message: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .transform(onlyDigits)
      .refine((value) => lengths.includes(value.length), { error: message })
      .nullable(),
  );
export const ClienteSaveSchema = z.object({
  cpfcnpj: documentSchema('cpfcnpj'),
  razao_social: requiredText({ max: TEXT_MAX }),
  nome_fantasia: nullableText(),
  email: z.preprocess(emptyToNull, EmailSchema.nullable()),
  telefone_fixo: nullableDigits([10, 11, 12], 'Confira o telefone.'),
  telefone_celular: nullableDigits([10, 11, 12], 'Confira o telefone.'),
  end_cep: nullableDigits([8], 'Preencha um CEP válido.'),
  end_logradouro: nullableText(),
  end_numero: nullableText(20),
  end_complemento: nullableText(),
  end_bairro: nullableText(),
  gl_cidade_id: z.preprocess(emptyToNull, IdField.nullable()),
  /** Individuals only (schema.ts check); the server clears it for a CNPJ. */
  data_nascimento: NullableDate,
  /** Payment reminders to the managers (issue 20); on unless staff turn them off. */
  fatura_lembrete: Flag.optional(),
  /** Another address for the invoice e-mails (issue 41 item 2), as the managers set it. */
  email_fatura: InvoiceEmailSchema,
});
export type ClienteSave = z.input<typeof ClienteSaveSchema>;

// --- gl_cliente_usuario (child of a client) -------------------------------------------------
const AccountLevel = z.coerce
  .number({ error: REQUIRED_MESSAGE })
  .int()
  .min(10, { error: 'Escolha o nível.' })
  .max(ACCOUNT_LEVEL_MAX, { error: 'Escolha o nível.' });
export const ClienteUsuarioCreateSchema = z.object({
  gl_cliente_id: IdField,
  gl_usuario_id: IdField,
  nivel: AccountLevel,
});
export const ClienteUsuarioUpdateSchema = z.object({ nivel: AccountLevel });
export type ClienteUsuarioSave = z.input<typeof ClienteUsuarioCreateSchema>;

// --- gl_usuario ---------------------------------------------------------------------------
/** What staff may change of a person's record; the staff level has its own call (admins only). */
export const UsuarioUpdateSchema = z.object({
  nome: requiredText({ max: 60 }),
  apelido: nullableText(60),
  email: EmailSchema,
  telefone_celular: nullableDigits([10, 11, 12], 'Confira o telefone.'),
  ativo: Flag.optional(),
});
export type UsuarioUpdate = z.input<typeof UsuarioUpdateSchema>;
/** POST /api/admin/gl_usuario/{id}/nivel: a staff level 0 to 5, or null (not staff). */
export const UsuarioNivelSchema = z.object({
  nivel: z.preprocess(emptyToNull, z.coerce.number().int().min(0).max(STAFF_LEVEL.operator).nullable()),
});

// --- pg_fatura, pg_fatura_item, pg_nfse -----------------------------------------------------
/** §2 invoice filter codes (5, 6, 8) and the open invoice (1). */
export const FATURA_SITUACOES = [
  { id: 1, text: 'Aberta' },
  { id: 5, text: 'Fechada/Emitida' },
  { id: 6, text: 'Paga' },
  { id: 8, text: 'Vencida' },
] as const;
export const FaturaSaveSchema = z.object({
  gl_cliente_id: IdField,
  situacao: z.coerce
    .number({ error: REQUIRED_MESSAGE })
    // Also 4 (held for approval) and 9 (cancelled), which only the billing gives: an invoice
    // keeps them on an edit, the server refuses a change into them (resources.ts).
    .refine((value) => FATURA_SITUACOES.some((s) => s.id === value) || value === 4 || value === 9, {
      error: 'Escolha a situação.',
    }),
  data_vencimento: DateSchema,
  datahora_confirmado: NullableDateTime,
  servico_discriminacao: nullableLongText(),
  data_competencia: NullableDate,
});
export type FaturaSave = z.input<typeof FaturaSaveSchema>;

/** POST /api/admin/pg_fatura/{id}/pagamento: when the payment was received (issue 20). */
export const PAYMENT_IN_FUTURE_MESSAGE = 'O pagamento não pode ser registrado com data futura.';
export const InvoicePaymentRequestSchema = z.object({
  // A payment seen in the bank already happened (a few minutes of clock skew allowed).
  datahora_confirmado: DateTimeField.refine((when) => when.getTime() <= Date.now() + 5 * 60_000, {
    error: PAYMENT_IN_FUTURE_MESSAGE,
  }),
});

const FaturaItemFields = {
  codigo: nullableText(20),
  descricao: requiredText({ max: TEXT_MAX }),
  unidade: nullableText(10),
  qtde: z.preprocess(
    emptyToNull,
    z
      .union([z.string(), z.number()])
      .transform((value) => String(value).trim())
      .refine((value) => /^\d{1,8}(\.\d{1,4})?$/.test(value), { error: 'Informe a quantidade.' })
      .nullable(),
  ),
  valor: NullableMoney,
};
export const FaturaItemCreateSchema = z.object({ pg_fatura_id: IdField, ...FaturaItemFields });
export const FaturaItemUpdateSchema = z.object(FaturaItemFields);
export type FaturaItemSave = z.input<typeof FaturaItemCreateSchema>;

/** The NFS-e of an invoice; its PDF and XML come as multipart files 'pdf' and 'xml'. */
const NfseFields = {
  nf_numero: requiredText({ max: 20 }),
  datahora_emissao: DateTimeField,
  chave_acesso: z.preprocess(
    emptyToNull,
    z.string().trim().regex(/^\d{50}$/, { error: 'Chave de acesso: são 50 dígitos.' }).nullable(),
  ),
  url_visualizar: url(),
};
export const NfseCreateSchema = z.object({ pg_fatura_id: IdField, ...NfseFields });
export const NfseUpdateSchema = z.object(NfseFields);
export type NfseSave = z.input<typeof NfseCreateSchema>;
/** §5 proofs and notes: at most 5 MB per file. */
export const NFSE_FILE_MAX_BYTES = 5 * 1024 * 1024;

// --- gl_cidade ----------------------------------------------------------------------------
export const CidadeUpdateSchema = z.object({ nome: requiredText({ max: 100 }) });
export type CidadeUpdate = z.input<typeof CidadeUpdateSchema>;

// --- list filters ----------------------------------------------------------------------------
const filterId = z.preprocess(emptyToNull, z.coerce.number().int().min(1).max(ID_MAX).nullable()).optional();
const filterDate = z
  .string()
  .optional()
  .refine((value) => !value || parseDateInput(value) !== null, { error: DATE_INVALID_MESSAGE })
  .transform((value) => (value ? parseDateInput(value) : null));
export const PlanoFilterSchema = z.object({ gl_produto_id: filterId });
export const PlanoPagamentoFilterSchema = z.object({ gl_plano_id: filterId });
export const OidcClienteFilterSchema = z.object({ gl_produto_id: filterId });
/** Contracts (Faturamento, decision 102): one client's. */
export const ContratoFilterSchema = z.object({ gl_cliente_id: filterId });
/** Auditoria (decision 099): a person (who did it, or whom it concerned), a resource, a period. */
export const AuditoriaFilterSchema = z.object({
  gl_usuario_id: filterId,
  recurso: z.preprocess(emptyToNull, z.string().max(60).nullable()).optional(),
  data_inicio: filterDate,
  data_fim: filterDate,
});
export const PrivacidadePedidoFilterSchema = z.object({
  tipo: z.enum(['exportacao', 'exclusao', '']).optional(),
});
export const ClienteUsuarioFilterSchema = z.object({ gl_cliente_id: filterId });
export const FaturaFilterSchema = z.object({
  gl_cliente_id: filterId,
  situacao: filterId,
  data_vencimento_inicio: filterDate,
  data_vencimento_fim: filterDate,
});
export const FaturaChildFilterSchema = z.object({ pg_fatura_id: filterId });
export const ContratoEventoFilterSchema = z.object({
  situacao: z.enum(['pendente', 'aplicado', 'cancelado', '']).optional(),
});

/** A proof file of a plan change, as the staff list shows it. */
export interface PlanChangeProof {
  id: number;
  nome_original: string;
}

export const ADMIN_MESSAGES = {
  tokenRotated: 'Novo link de faturas gerado; o anterior deixou de funcionar.',
  twofaReset: '2FA desativado para este usuário; ele poderá ativá-lo de novo no próximo login.',
  passwordReset: 'No próximo login este usuário terá de criar uma nova senha.',
  sessionsEnded: 'Todas as sessões deste usuário foram encerradas.',
  levelChanged: 'Nível de acesso alterado.',
  strongerUser: 'Você não pode alterar um usuário com nível igual ou mais forte que o seu.',
  ownLink: 'Você não pode criar nem alterar o seu próprio vínculo com um cliente; peça a outro supervisor.',
  textTooLong: maxLengthMessage(TEXT_MAX),
  oidcSecretCreated: 'Novo segredo gerado. Copie-o agora: ele não será mostrado de novo, e o anterior deixou de valer.',
  oidcPublicClient: 'Aplicativos públicos não têm segredo: eles entram com PKCE.',
} as const;
