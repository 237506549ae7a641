/**
 * The one pg-core schema of the whole product (docs/architecture.md).
 *
 * Names are the specification's Portuguese wire names: tables keep its gl_ (global) and pg_
 * (payment) prefixes and every TypeScript property equals its column name, so a row serialises to
 * the wire names with no mapping. Every table carries the audit block of §3 (id, datahora_criado,
 * datahora_modificado).
 *
 * Storage conventions:
 * - money is numeric(12,2) read as a string ('149.90'), never a float;
 * - instants are timestamptz (UTC, read as Date); calendar days are date (read as 'YYYY-MM-DD');
 * - documents, phones and CEPs are stored normalised, without mask: digits only, except the
 *   alphanumeric CNPJ (12 digits/upper-case letters + 2 check digits);
 * - secrets are never stored: tokens are kept as a SHA-256 hex hash (`token_hash`), recovery
 *   keys as an HMAC under a server key (`chave_hash`), passwords as argon2id (`senha_hash`).
 * - business ids are integer identities "by default": an explicit id may be inserted (products
 *   1 and 2 of the demo), after which the identity sequence must be moved past it
 *   (see `syncIdentitySequence` in demo-seed.ts).
 */
import { relations, sql, type SQL } from 'drizzle-orm';
import type { ExtraConfigColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * GIN trigram indexes (pg_trgm) on text columns, one each, named `<table>_<column>_trgm_idx`:
 * they serve ILIKE '%q%' (the staff's searches), which no b-tree can (issue 37).
 */
function trigramIndexes(table: string, columns: ExtraConfigColumn[]) {
  return columns.map((column) => index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops')));
}

// ---------------------------------------------------------------------------------------------
// Column helpers
// ---------------------------------------------------------------------------------------------

/** An instant: timestamp with time zone, read as a Date. */
const instante = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A calendar day, read as 'YYYY-MM-DD'. */
const dia = (name: string) => date(name, { mode: 'string' });
/** Money: numeric(12,2), read as a string such as '149.90'. */
const dinheiro = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/** datahora_criado / datahora_modificado; the latter is refreshed by every drizzle update. */
function datasAuditoria() {
  return {
    datahora_criado: instante('datahora_criado').notNull().defaultNow(),
    datahora_modificado: instante('datahora_modificado')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}

/** The audit block with an integer identity id (business entities). */
function auditoria() {
  return {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ...datasAuditoria(),
  };
}

// ---------------------------------------------------------------------------------------------
// Geography (ids are IBGE codes, no identity)
// ---------------------------------------------------------------------------------------------

export const glEstado = pgTable('gl_estado', {
  /** IBGE code of the state (e.g. 35 = SP). */
  id: integer('id').primaryKey(),
  ...datasAuditoria(),
  sigla: char('sigla', { length: 2 }).notNull().unique('gl_estado_sigla_uq'),
  nome: text('nome').notNull(),
});

export const glCidade = pgTable(
  'gl_cidade',
  {
    /** IBGE code of the municipality (7 digits, e.g. 3550308 = São Paulo). */
    id: integer('id').primaryKey(),
    ...datasAuditoria(),
    nome: text('nome').notNull(),
    /** nome in lower case without accents, for searching ('sao paulo'). */
    nome_busca: text('nome_busca').notNull(),
    gl_estado_id: integer('gl_estado_id')
      .notNull()
      .references(() => glEstado.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('gl_cidade_nome_busca_idx').on(t.nome_busca.op('text_pattern_ops')),
    index('gl_cidade_gl_estado_id_idx').on(t.gl_estado_id),
    // The first two digits of a municipality's IBGE code are its state's code.
    check('gl_cidade_estado_ck', sql`${t.id} / 100000 = ${t.gl_estado_id}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Users and client accounts
// ---------------------------------------------------------------------------------------------

export const glUsuario = pgTable(
  'gl_usuario',
  {
    ...auditoria(),
    nome: text('nome').notNull(),
    apelido: text('apelido'),
    /** Unique case-insensitively (index on lower(email)); store it trimmed. */
    email: text('email').notNull(),
    telefone_celular: text('telefone_celular'),
    senha_hash: text('senha_hash').notNull(),
    /** Set when a temporary password was issued: the next login must set a new one. */
    senha_revalidar: boolean('senha_revalidar').notNull().default(false),
    /**
     * When the temporary password of a new account stops working (48 h after it was sent);
     * null when the password is the person's own (docs/decisions/017-sign-up.md).
     */
    senha_temporaria_expira: instante('senha_temporaria_expira'),
    /** NULL for customers; the staff level otherwise (operator ≤ 5, supervisor ≤ 3, admin ≤ 1). */
    nivel: integer('nivel'),
    ativo: boolean('ativo').notNull().default(true),
    /**
     * The TOTP secret, encrypted (AES-256-GCM, docs/decisions/011-two-factor.md). While
     * twofa_ativo is false it is the pending secret of an enrolment not yet activated.
     */
    twofa_secret: text('twofa_secret'),
    /** When a code of the pending secret was last validated; activation must follow within 10 min. */
    twofa_secret_validado_em: instante('twofa_secret_validado_em'),
    twofa_ativo: boolean('twofa_ativo').notNull().default(false),
    /** "Lembrar em 30 dias": do not offer 2FA activation again before this instant. */
    twofa_lembrar_em: instante('twofa_lembrar_em'),
    datahora_senha_alterada: instante('datahora_senha_alterada'),
    /** The staff's search: the searched columns lowercased in one (searchColumn; decision 106). */
    busca: text('busca').generatedAlwaysAs(
      (): SQL => sql`lower(${glUsuario.nome} || E'\\n' || ${glUsuario.email} || E'\\n' || coalesce(${glUsuario.apelido}, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('gl_usuario_email_lower_uq').on(sql`lower(${t.email})`),
    // The staff's list and pick: its order, and its search (ILIKE '%q%', pg_trgm; issue 37).
    index('gl_usuario_nome_idx').on(t.nome, t.id),
    ...trigramIndexes('gl_usuario', [t.nome, t.email, t.apelido, t.busca]),
  ],
);

export const glCliente = pgTable(
  'gl_cliente',
  {
    ...auditoria(),
    /** 1 individual (CPF), 2 company (CNPJ). */
    tipo_pessoa: smallint('tipo_pessoa').notNull(),
    /** Normalised: 11 digits (CPF) or 14 characters (CNPJ, digits or alphanumeric), no mask. */
    cpfcnpj: text('cpfcnpj').notNull().unique('gl_cliente_cpfcnpj_uq'),
    razao_social: text('razao_social').notNull(),
    nome_fantasia: text('nome_fantasia'),
    email: text('email'),
    telefone_fixo: text('telefone_fixo'),
    telefone_celular: text('telefone_celular'),
    end_cep: text('end_cep'),
    end_logradouro: text('end_logradouro'),
    end_numero: text('end_numero'),
    end_complemento: text('end_complemento'),
    end_bairro: text('end_bairro'),
    gl_cidade_id: integer('gl_cidade_id').references(() => glCidade.id, { onDelete: 'restrict' }),
    /** Individuals only. */
    data_nascimento: dia('data_nascimento'),
    /** Token of the public invoice list (/cliente/{token}/fatura): base64url of 32 random bytes. */
    fatura_token: text('fatura_token').notNull().unique('gl_cliente_fatura_token_uq'),
    /** Whether the managers get the invoices' payment reminders (issue 20); staff turn them off. */
    fatura_lembrete: boolean('fatura_lembrete').notNull().default(true),
    /**
     * An e-mail for invoices (issue 41 item 2), kept by the client's managers in 'Dados da empresa':
     * the issue e-mail and the payment reminders also go there, besides the managers.
     */
    email_fatura: text('email_fatura'),
    /** The staff's search: the searched columns lowercased in one (searchColumn; decision 106). */
    busca: text('busca').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${glCliente.razao_social} || E'\\n' || coalesce(${glCliente.nome_fantasia}, '') || E'\\n' || ${glCliente.cpfcnpj} || E'\\n' || coalesce(${glCliente.email}, ''))`,
    ),
  },
  (t) => [
    index('gl_cliente_gl_cidade_id_idx').on(t.gl_cidade_id),
    // The staff's list and pick: its order, and its search (ILIKE '%q%', pg_trgm; issue 37).
    index('gl_cliente_razao_social_idx').on(t.razao_social, t.id),
    ...trigramIndexes('gl_cliente', [t.razao_social, t.nome_fantasia, t.cpfcnpj, t.email, t.busca]),
    check('gl_cliente_tipo_pessoa_ck', sql`${t.tipo_pessoa} in (1, 2)`),
    check(
      'gl_cliente_cpfcnpj_ck',
      sql`(${t.tipo_pessoa} = 1 and ${t.cpfcnpj} ~ '^[0-9]{11}$') or (${t.tipo_pessoa} = 2 and ${t.cpfcnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$')`,
    ),
    check(
      'gl_cliente_data_nascimento_ck',
      sql`${t.tipo_pessoa} = 1 or ${t.data_nascimento} is null`,
    ),
    check('gl_cliente_fatura_token_ck', sql`char_length(${t.fatura_token}) >= 32`),
  ],
);

export const glClienteUsuario = pgTable(
  'gl_cliente_usuario',
  {
    ...auditoria(),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'cascade' }),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    /** Account level: user ≤ 20, supervisor ≤ 13, manager ≤ 10 (only ≤ 10 may change plans). */
    nivel: integer('nivel').notNull(),
  },
  (t) => [
    uniqueIndex('gl_cliente_usuario_uq').on(t.gl_cliente_id, t.gl_usuario_id),
    index('gl_cliente_usuario_gl_usuario_id_idx').on(t.gl_usuario_id),
  ],
);

/**
 * An invitation to a client account (issue 41 item 3, decision 114): e-mailed to one address with
 * a level, as a link that works once for seven days. Only the token's SHA-256 is stored. Accepted
 * (datahora_aceito) or cancelled (datahora_cancelado: by staff of the account, or replaced by a
 * new invitation to the same e-mail), it is used; at most one unused invitation per e-mail and
 * account.
 */
export const glClienteConvite = pgTable(
  'gl_cliente_convite',
  {
    ...auditoria(),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The level the person gets: §6 account level 10, 13 or 20. */
    nivel: integer('nivel').notNull(),
    /** Where the person lands after accepting: the product the inviter was in (else product 1, §9). */
    gl_produto_id: integer('gl_produto_id').references(() => glProduto.id, { onDelete: 'set null' }),
    convidado_por: integer('convidado_por').references(() => glUsuario.id, { onDelete: 'set null' }),
    token_hash: text('token_hash').notNull().unique('gl_cliente_convite_token_hash_uq'),
    expira_em: instante('expira_em').notNull(),
    datahora_aceito: instante('datahora_aceito'),
    aceito_por: integer('aceito_por').references(() => glUsuario.id, { onDelete: 'set null' }),
    datahora_cancelado: instante('datahora_cancelado'),
  },
  (t) => [
    uniqueIndex('gl_cliente_convite_aberto_uq')
      .on(t.gl_cliente_id, sql`lower(${t.email})`)
      .where(sql`datahora_aceito is null and datahora_cancelado is null`),
    check('gl_cliente_convite_nivel_ck', sql`${t.nivel} in (10, 13, 20)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Products, plans, payment
// ---------------------------------------------------------------------------------------------

export const glProduto = pgTable('gl_produto', {
  ...auditoria(),
  nome: text('nome').notNull(),
  /** Where the user goes after login; relative urls resolve against PUBLIC_URL. */
  url: text('url').notNull(),
  logo_url: text('logo_url'),
  /** The product does not register users by itself: no 'Criar uma nova conta' card. */
  cadastro_usuario_inativo: boolean('cadastro_usuario_inativo').notNull().default(false),
  /** Sign-up ('Cadastre-se') is allowed. */
  cadastro_permitido: boolean('cadastro_permitido').notNull().default(false),
  ativo: boolean('ativo').notNull().default(true),
  /**
   * When its invoices fall due (decision 102, shared/due-date.ts): day N of the month the period
   * starts ('dia_mes') or N days after the issue ('dias_apos_emissao'); then the next business day.
   */
  fatura_vencimento_tipo: text('fatura_vencimento_tipo').notNull().default('dias_apos_emissao'),
  fatura_vencimento_valor: smallint('fatura_vencimento_valor').notNull().default(10),
  /** Issued invoices wait for the approval of a client's manager before they go out (decision 102). */
  fatura_aprovacao: boolean('fatura_aprovacao').notNull().default(false),
}, (t) => [
  check(
    'gl_produto_fatura_vencimento_ck',
    sql`(${t.fatura_vencimento_tipo} = 'dia_mes' and ${t.fatura_vencimento_valor} between 1 and 28) or (${t.fatura_vencimento_tipo} = 'dias_apos_emissao' and ${t.fatura_vencimento_valor} between 0 and 90)`,
  ),
]);

export const glPlano = pgTable(
  'gl_plano',
  {
    ...auditoria(),
    gl_produto_id: integer('gl_produto_id')
      .notNull()
      .references(() => glProduto.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    nome_exibicao: text('nome_exibicao').notNull(),
    usuario_ilimitado: boolean('usuario_ilimitado').notNull().default(false),
    usuario_qtde: integer('usuario_qtde'),
    dispositivo_qtde: integer('dispositivo_qtde'),
    flag_valor_condicao: boolean('flag_valor_condicao').notNull().default(false),
    /** The plan requires proof files (png, jpeg, pdf, max 5 MB each) on change. */
    flag_enviar_foto: boolean('flag_enviar_foto').notNull().default(false),
    /** Markdown (pt-BR). */
    descricao_exibicao: text('descricao_exibicao'),
    ordem: integer('ordem').notNull().default(0),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('gl_plano_gl_produto_id_idx').on(t.gl_produto_id, t.ordem)],
);

export const glPlanoPagamento = pgTable(
  'gl_plano_pagamento',
  {
    ...auditoria(),
    gl_plano_id: integer('gl_plano_id')
      .notNull()
      .references(() => glPlano.id, { onDelete: 'restrict' }),
    /** Billing cycle in months: 1 mensal, 3 trimestral, 6 semestral, 12 anual. */
    cobranca_tipo: smallint('cobranca_tipo').notNull(),
    cobranca_tipo_desc: text('cobranca_tipo_desc').notNull(),
    flag_gratuito: boolean('flag_gratuito').notNull().default(false),
    flag_promocao: boolean('flag_promocao').notNull().default(false),
    valor: dinheiro('valor').notNull(),
    valor_promocional: dinheiro('valor_promocional'),
    /**
     * For how many months from the start of the contract on this option the promotional price
     * applies (flag_promocao); null: while the contract stays on it (decision 102).
     */
    promocao_meses: smallint('promocao_meses'),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [
    index('gl_plano_pagamento_gl_plano_id_idx').on(t.gl_plano_id),
    check(
      'gl_plano_pagamento_valor_ck',
      sql`${t.valor} >= 0 and (${t.valor_promocional} is null or ${t.valor_promocional} >= 0)`,
    ),
  ],
);

/** Payment accounts (Boleto, Pix, ...). The free option id -1 is virtual and never a row. */
export const pgConta = pgTable(
  'pg_conta',
  {
    ...auditoria(),
    nome: text('nome').notNull(),
    nome_exibicao: text('nome_exibicao').notNull(),
    descricao_exibicao: text('descricao_exibicao'),
    ativo: boolean('ativo').notNull().default(true),
    /**
     * The account's PIX key (issue 20): its type, the key as the BR Code carries it
     * (shared/pix/pix-key.ts), and the receiver's name and city the payer's bank shows.
     */
    pix_chave_tipo: text('pix_chave_tipo'),
    pix_chave: text('pix_chave'),
    pix_nome: varchar('pix_nome', { length: 25 }),
    pix_cidade: varchar('pix_cidade', { length: 15 }),
    /**
     * The HMAC secret the PSP signs its webhook calls with (issue 20), sealed with
     * auth/secret-box.ts; never returned after it is generated.
     */
    pix_webhook_segredo: text('pix_webhook_segredo'),
    /**
     * Staff confirmed this account shares its PIX key with another (issue 39): a PSP's notice
     * names one account, so a second holder of a key must be meant.
     */
    pix_chave_compartilhada: boolean('pix_chave_compartilhada').notNull().default(false),
    /**
     * Late charges of its overdue invoices (issue 39, decision 110): a fine once, at most 2 %
     * (CDC art. 52 §1º), and interest per month pro rata die, at most 1 %. 0: none.
     */
    multa_percentual: numeric('multa_percentual', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    juros_mensal_percentual: numeric('juros_mensal_percentual', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    /**
     * Boletos (issue 40, decision 112): set, the account issues a registered boleto for each
     * open invoice. The bank's FEBRABAN code, its agência, conta, carteira and the beneficiary's
     * agreement code (convênio), digits only; the beneficiary as the boleto names it; the
     * instructions printed on it. boleto_sequencia is the last nosso número handed out.
     */
    boleto_banco: char('boleto_banco', { length: 3 }),
    boleto_agencia: text('boleto_agencia'),
    boleto_agencia_dv: text('boleto_agencia_dv'),
    boleto_conta: text('boleto_conta'),
    boleto_conta_dv: text('boleto_conta_dv'),
    boleto_carteira: text('boleto_carteira'),
    boleto_convenio: text('boleto_convenio'),
    beneficiario_nome: text('beneficiario_nome'),
    beneficiario_cpfcnpj: text('beneficiario_cpfcnpj'),
    beneficiario_endereco: text('beneficiario_endereco'),
    boleto_instrucoes: text('boleto_instrucoes'),
    boleto_sequencia: bigint('boleto_sequencia', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // One account per PIX key, but those staff confirmed as sharing one.
    uniqueIndex('pg_conta_pix_chave_uq').on(t.pix_chave).where(sql`pix_chave is not null and not pix_chave_compartilhada`),
    check('pg_conta_multa_ck', sql`${t.multa_percentual} >= 0 and ${t.multa_percentual} <= 2`),
    check('pg_conta_juros_ck', sql`${t.juros_mensal_percentual} >= 0 and ${t.juros_mensal_percentual} <= 1`),
    check(
      'pg_conta_boleto_ck',
      sql`${t.boleto_banco} is null or (${t.boleto_agencia} is not null and ${t.boleto_conta} is not null and ${t.boleto_carteira} is not null and ${t.boleto_convenio} is not null and ${t.beneficiario_nome} is not null and ${t.beneficiario_cpfcnpj} is not null)`,
    ),
    check(
      'pg_conta_pix_ck',
      sql`(${t.pix_chave} is null and ${t.pix_chave_tipo} is null) or (${t.pix_chave} is not null and ${t.pix_chave_tipo} in ('cpf', 'cnpj', 'email', 'telefone', 'aleatoria') and ${t.pix_nome} is not null and ${t.pix_cidade} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Contracts and plan changes
// ---------------------------------------------------------------------------------------------

export const glContrato = pgTable(
  'gl_contrato',
  {
    ...auditoria(),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'restrict' }),
    gl_produto_id: integer('gl_produto_id')
      .notNull()
      .references(() => glProduto.id, { onDelete: 'restrict' }),
    gl_plano_id: integer('gl_plano_id')
      .notNull()
      .references(() => glPlano.id, { onDelete: 'restrict' }),
    gl_plano_pagamento_id: integer('gl_plano_pagamento_id')
      .notNull()
      .references(() => glPlanoPagamento.id, { onDelete: 'restrict' }),
    /** NULL = free (the virtual account -1). */
    pg_conta_id: integer('pg_conta_id').references(() => pgConta.id, { onDelete: 'restrict' }),
    periodo_inicio: dia('periodo_inicio').notNull(),
    periodo_fim: dia('periodo_fim').notNull(),
    /**
     * The last day of the last period billed (or found free); null: nothing billed yet. The billing
     * run issues the period starting at proxima_competencia once it is within the lead time, and
     * moves this forward in the same transaction (decision 102).
     */
    faturado_ate: dia('faturado_ate'),
    /** The first day of the next period to bill: the day after faturado_ate, or the current period's. */
    proxima_competencia: dia('proxima_competencia')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(faturado_ate + 1, periodo_inicio)`),
    /** The promotional price applies to periods starting before this day; null: none. */
    promocao_ate: dia('promocao_ate'),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [
    // The billing run's and the roll-over's work lists (decision 102): a range of one index each.
    index('gl_contrato_proxima_competencia_idx').on(t.proxima_competencia).where(sql`ativo`),
    index('gl_contrato_periodo_fim_idx').on(t.periodo_fim).where(sql`ativo`),
    // One active contract per client and product.
    uniqueIndex('gl_contrato_ativo_uq')
      .on(t.gl_cliente_id, t.gl_produto_id)
      .where(sql`ativo`),
    index('gl_contrato_gl_cliente_id_idx').on(t.gl_cliente_id, t.gl_produto_id),
    index('gl_contrato_gl_produto_id_idx').on(t.gl_produto_id),
    index('gl_contrato_gl_plano_id_idx').on(t.gl_plano_id),
    check('gl_contrato_periodo_ck', sql`${t.periodo_fim} >= ${t.periodo_inicio}`),
  ],
);

/** A plan change of a contract: pending until applied (now or at the period's close) or cancelled. */
export const glContratoEvento = pgTable(
  'gl_contrato_evento',
  {
    ...auditoria(),
    gl_contrato_id: integer('gl_contrato_id')
      .notNull()
      .references(() => glContrato.id, { onDelete: 'restrict' }),
    gl_plano_id: integer('gl_plano_id')
      .notNull()
      .references(() => glPlano.id, { onDelete: 'restrict' }),
    gl_plano_pagamento_id: integer('gl_plano_pagamento_id')
      .notNull()
      .references(() => glPlanoPagamento.id, { onDelete: 'restrict' }),
    /** NULL = free (the virtual account -1). */
    pg_conta_id: integer('pg_conta_id').references(() => pgConta.id, { onDelete: 'restrict' }),
    situacao: text('situacao').notNull().default('pendente'),
    /** Timing 1 (immediately) = true; timing 2 (at the close of the current plan) = false. */
    imediato: boolean('imediato').notNull().default(false),
    /** The day a scheduled change is applied. */
    agendamento_data: dia('agendamento_data'),
    datahora_aplicado: instante('datahora_aplicado'),
    datahora_cancelado: instante('datahora_cancelado'),
    /** Who asked for the change. */
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, {
      onDelete: 'restrict',
    }),
    /** The client's Idempotency-Key of the submit (decision 020): a retried submit is this change. */
    chave_idempotencia: text('chave_idempotencia'),
  },
  (t) => [
    // One pending change per contract.
    uniqueIndex('gl_contrato_evento_pendente_uq')
      .on(t.gl_contrato_id)
      .where(sql`situacao = 'pendente'`),
    // One change per submit: a person's key names at most one change.
    uniqueIndex('gl_contrato_evento_idempotencia_uq')
      .on(t.gl_usuario_id, t.chave_idempotencia)
      .where(sql`chave_idempotencia is not null`),
    index('gl_contrato_evento_gl_contrato_id_idx').on(t.gl_contrato_id),
    // The scheduler's work list.
    index('gl_contrato_evento_agendamento_idx')
      .on(t.agendamento_data)
      .where(sql`situacao = 'pendente'`),
    index('gl_contrato_evento_gl_usuario_id_idx').on(t.gl_usuario_id),
    check(
      'gl_contrato_evento_situacao_ck',
      sql`${t.situacao} in ('pendente', 'aplicado', 'cancelado')`,
    ),
  ],
);

/** An uploaded file; the bytes live in storage under `caminho`. */
export const glArquivo = pgTable(
  'gl_arquivo',
  {
    ...auditoria(),
    nome_original: text('nome_original').notNull(),
    /** Storage key (a generated name, never the user's file name). */
    caminho: text('caminho').notNull().unique('gl_arquivo_caminho_uq'),
    tipo_mime: text('tipo_mime').notNull(),
    tamanho: bigint('tamanho', { mode: 'number' }).notNull(),
    /** SHA-256 of the content, hex. */
    sha256: char('sha256', { length: 64 }).notNull(),
    /** Who uploaded it (NULL for files the system made). */
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('gl_arquivo_gl_usuario_id_idx').on(t.gl_usuario_id),
    check('gl_arquivo_tamanho_ck', sql`${t.tamanho} >= 0`),
  ],
);

/** Proof files sent with a plan change. */
export const glContratoEventoArquivo = pgTable(
  'gl_contrato_evento_arquivo',
  {
    ...auditoria(),
    gl_contrato_evento_id: integer('gl_contrato_evento_id')
      .notNull()
      .references(() => glContratoEvento.id, { onDelete: 'cascade' }),
    gl_arquivo_id: integer('gl_arquivo_id')
      .notNull()
      .references(() => glArquivo.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('gl_contrato_evento_arquivo_uq').on(t.gl_contrato_evento_id, t.gl_arquivo_id),
    index('gl_contrato_evento_arquivo_gl_arquivo_id_idx').on(t.gl_arquivo_id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Sessions and access security
// ---------------------------------------------------------------------------------------------

/** A login session. The cookie carries id and token; only the token's SHA-256 is stored. */
export const glSessao = pgTable(
  'gl_sessao',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...datasAuditoria(),
    token_hash: text('token_hash').notNull(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    gl_cliente_id: integer('gl_cliente_id').references(() => glCliente.id, {
      onDelete: 'set null',
    }),
    gl_produto_id: integer('gl_produto_id').references(() => glProduto.id, {
      onDelete: 'set null',
    }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    datahora_expira: instante('datahora_expira').notNull(),
    datahora_ultimo_acesso: instante('datahora_ultimo_acesso').notNull().defaultNow(),
    /**
     * The last time this session proved its user again (a sign-in with every factor asked, or
     * the step-up call): sensitive 2FA changes need it recent (docs/decisions/011-two-factor.md).
     */
    datahora_reautenticado: instante('datahora_reautenticado'),
  },
  (t) => [
    index('gl_sessao_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_sessao_datahora_expira_idx').on(t.datahora_expira),
  ],
);

/** A short-lived access event (evento_id + evento_token of §3): login, conta_criar, ... */
export const glAcessoEvento = pgTable(
  'gl_acesso_evento',
  {
    ...auditoria(),
    token_hash: text('token_hash').notNull(),
    /** e.g. 'login', 'conta_criar'. */
    tipo: text('tipo').notNull(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    gl_produto_id: integer('gl_produto_id')
      .notNull()
      .references(() => glProduto.id, { onDelete: 'cascade' }),
    gl_cliente_id: integer('gl_cliente_id').references(() => glCliente.id, { onDelete: 'cascade' }),
    gl_sessao_id: uuid('gl_sessao_id').references(() => glSessao.id, { onDelete: 'set null' }),
    datahora_expira: instante('datahora_expira').notNull(),
    datahora_usado: instante('datahora_usado'),
  },
  (t) => [
    index('gl_acesso_evento_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_acesso_evento_gl_sessao_id_idx').on(t.gl_sessao_id),
    index('gl_acesso_evento_datahora_expira_idx').on(t.datahora_expira),
  ],
);

/** 2FA recovery keys, hashed; generating new ones deletes the old; each is single-use. */
export const glUsuarioChaveRecuperacao = pgTable(
  'gl_usuario_chave_recuperacao',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    chave_hash: text('chave_hash').notNull(),
    datahora_usado: instante('datahora_usado'),
  },
  (t) => [index('gl_usuario_chave_recuperacao_gl_usuario_id_idx').on(t.gl_usuario_id)],
);

/** Trusted devices (60 days), named by a cookie whose token's hash is stored. */
export const glUsuarioDispositivo = pgTable(
  'gl_usuario_dispositivo',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 80 }).notNull(),
    token_hash: text('token_hash').notNull().unique('gl_usuario_dispositivo_token_hash_uq'),
    trusted_datetime: instante('trusted_datetime').notNull().defaultNow(),
    trusted_ip: text('trusted_ip'),
    trusted_until: instante('trusted_until').notNull(),
  },
  (t) => [index('gl_usuario_dispositivo_gl_usuario_id_idx').on(t.gl_usuario_id)],
);

/**
 * TOTP time steps already accepted. The unique (user, step) pair is what makes a code usable
 * once, even under concurrent requests: insert the step, and a conflict means "already used".
 */
export const glUsuarioTotpPasso = pgTable(
  'gl_usuario_totp_passo',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    passo: bigint('passo', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('gl_usuario_totp_passo_uq').on(t.gl_usuario_id, t.passo)],
);

/**
 * Sign-in history (docs/decisions/071-sign-in-history-and-alerts.md): every sign-in
 * and every refused attempt on a known account, with the address and user agent; the person
 * sees the last 30, the housekeeping job deletes rows older than 180 days.
 */
export const glUsuarioAcesso = pgTable(
  'gl_usuario_acesso',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    /**
     * sucesso (password sign-in), evento (event login, e.login), chave_acesso (passkey),
     * senha_incorreta, codigo_incorreto (2FA code or recovery key), bloqueado (refused unchecked
     * by the throttle of decision 010).
     */
    tipo: text('tipo').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [
    index('gl_usuario_acesso_gl_usuario_id_idx').on(t.gl_usuario_id, t.datahora_criado.desc()),
    index('gl_usuario_acesso_datahora_criado_idx').on(t.datahora_criado),
    check(
      'gl_usuario_acesso_tipo_ck',
      sql`${t.tipo} in ('sucesso', 'evento', 'chave_acesso', 'senha_incorreta', 'codigo_incorreto', 'bloqueado')`,
    ),
  ],
);

/**
 * The browsers a person has signed in from, each named by the long-lived `portal_navegador`
 * cookie whose token's hash is stored: a sign-in from a browser not listed here is a new one,
 * and the person is told by e-mail (decision 071). The unique pair decides "new" once.
 */
export const glUsuarioNavegador = pgTable(
  'gl_usuario_navegador',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    user_agent: text('user_agent'),
    datahora_ultimo_acesso: instante('datahora_ultimo_acesso').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gl_usuario_navegador_uq').on(t.gl_usuario_id, t.token_hash),
    index('gl_usuario_navegador_ultimo_acesso_idx').on(t.datahora_ultimo_acesso),
  ],
);

/**
 * Passkeys (WebAuthn credentials; docs/decisions/072-passkeys.md). The public key is not a
 * secret; the private key never leaves the authenticator. Attestation is not kept (none asked).
 */
export const glUsuarioChaveAcesso = pgTable(
  'gl_usuario_chave_acesso',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    /** The person's name for it, as a trusted device's (max 80). */
    nome: varchar('nome', { length: 80 }).notNull(),
    /** The credential id, base64url. */
    credencial_id: text('credencial_id').notNull().unique('gl_usuario_chave_acesso_credencial_uq'),
    /** The COSE public key, base64url. */
    chave_publica: text('chave_publica').notNull(),
    /** The signature counter last seen (0 for authenticators that keep none). */
    contador: bigint('contador', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it ('internal', 'hybrid', 'usb', ...). */
    transportes: text('transportes').array(),
    /** The WebAuthn user handle it was created for, base64url (checked at sign-in). */
    usuario_handle: text('usuario_handle').notNull(),
    /** Backup eligible (a multi-device, synced passkey) and backed up, from the flags. */
    backup_elegivel: boolean('backup_elegivel').notNull().default(false),
    backup_feito: boolean('backup_feito').notNull().default(false),
    datahora_ultimo_uso: instante('datahora_ultimo_uso'),
    /**
     * The session it was registered from (no foreign key: sessions come and go). A password
     * reset or change keeps the recent passkeys of the session making it only (decision 098).
     */
    gl_sessao_id: uuid('gl_sessao_id'),
  },
  (t) => [index('gl_usuario_chave_acesso_gl_usuario_id_idx').on(t.gl_usuario_id)],
);

/**
 * WebAuthn challenges handed out, each answerable once within five minutes: a registration's is
 * bound to its person, a sign-in's to nobody. Taking one is a DELETE ... RETURNING.
 */
export const glWebauthnDesafio = pgTable(
  'gl_webauthn_desafio',
  {
    ...auditoria(),
    desafio: text('desafio').notNull().unique('gl_webauthn_desafio_uq'),
    tipo: text('tipo').notNull(),
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, { onDelete: 'cascade' }),
    datahora_expira: instante('datahora_expira').notNull(),
  },
  (t) => [
    index('gl_webauthn_desafio_datahora_expira_idx').on(t.datahora_expira),
    check('gl_webauthn_desafio_tipo_ck', sql`${t.tipo} in ('registro', 'login')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// OpenID Connect provider (issue 18, docs/decisions/086-oidc-provider.md)
// ---------------------------------------------------------------------------------------------

/**
 * What oidc-provider keeps (sessions, interactions, codes, tokens, grants): one row per model
 * and id, the library's payload as it gives it, with the fields it looks rows up by. Shared by
 * every instance on the database; rows past their expiry are never returned and are purged by
 * the housekeeping job.
 */
export const glOidcRegistro = pgTable(
  'gl_oidc_registro',
  {
    modelo: text('modelo').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grant_id: text('grant_id'),
    user_code: text('user_code'),
    uid: text('uid'),
    /**
     * The person the row belongs to (the payload's accountId: sessions, grants, codes, tokens),
     * so everything a person gave applications can be revoked at once (issue 34, decision 096).
     */
    gl_usuario_id: integer('gl_usuario_id'),
    datahora_expira: instante('datahora_expira'),
    datahora_consumido: instante('datahora_consumido'),
    ...datasAuditoria(),
  },
  (t) => [
    primaryKey({ name: 'gl_oidc_registro_pk', columns: [t.modelo, t.id] }),
    index('gl_oidc_registro_grant_id_idx').on(t.grant_id),
    index('gl_oidc_registro_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_oidc_registro_uid_idx').on(t.modelo, t.uid),
    index('gl_oidc_registro_user_code_idx').on(t.modelo, t.user_code),
    index('gl_oidc_registro_datahora_expira_idx').on(t.datahora_expira),
  ],
);

/**
 * The provider's signing keys (JWK), the private part encrypted with a key derived from
 * SESSION_SECRET. The newest active key signs; every key not retired is published in the JWKS.
 */
export const glOidcChave = pgTable(
  'gl_oidc_chave',
  {
    ...auditoria(),
    kid: text('kid').notNull().unique('gl_oidc_chave_kid_uq'),
    alg: text('alg').notNull(),
    chave_publica: jsonb('chave_publica').$type<Record<string, unknown>>().notNull(),
    chave_privada_cifrada: text('chave_privada_cifrada').notNull(),
    /** From when it signs: a rotated key is published first and signs later (decision 086). */
    datahora_ativa: instante('datahora_ativa').notNull(),
    /** No longer published; kept for the record. */
    datahora_aposentada: instante('datahora_aposentada'),
  },
);

/**
 * An application that signs people in through the portal (an OpenID Connect client, issue 18),
 * registered by staff under one product. A confidential client authenticates with a secret of
 * which only the SHA-256 is kept (it is 256 random bits, shown once); a public one (a browser or
 * mobile app) with PKCE alone. Redirect URIs are matched exactly (decision 087).
 */
export const glOidcCliente = pgTable(
  'gl_oidc_cliente',
  {
    ...auditoria(),
    gl_produto_id: integer('gl_produto_id')
      .notNull()
      .references(() => glProduto.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    /**
     * The application's logo on the steps of its sign-in (issue 38): an address on the portal's
     * own origin or a data:image, as the product's logo_url, since the CSP loads no other image.
     */
    logo_url: text('logo_url'),
    client_id: text('client_id').notNull().unique('gl_oidc_cliente_client_id_uq'),
    confidencial: boolean('confidencial').notNull().default(true),
    segredo_hash: text('segredo_hash'),
    redirect_uris: text('redirect_uris').array().notNull(),
    post_logout_redirect_uris: text('post_logout_redirect_uris').array().notNull().default(sql`'{}'::text[]`),
    backchannel_logout_uri: text('backchannel_logout_uri'),
    /**
     * One of the provider's own applications: its sign-in asks no consent. Any other (a
     * partner's) shows the consent screen first (issue 34, decision 097).
     */
    primeira_parte: boolean('primeira_parte').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('gl_oidc_cliente_gl_produto_id_idx').on(t.gl_produto_id)],
);

/**
 * A person's connection to an application ('Aplicativos conectados', issue 34): the scopes they
 * allowed (consent, or a first-party sign-in), since when, and the last time the application got
 * a token. Revoking it ends the application's grants and tokens; a security event of the person
 * (password, 2FA, sessions ended by staff) ends all of them (decision 096).
 */
export const glOidcConsentimento = pgTable(
  'gl_oidc_consentimento',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    gl_oidc_cliente_id: integer('gl_oidc_cliente_id')
      .notNull()
      .references(() => glOidcCliente.id, { onDelete: 'cascade' }),
    escopos: text('escopos').array().notNull(),
    datahora_ultimo_uso: instante('datahora_ultimo_uso').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gl_oidc_consentimento_usuario_cliente_uq').on(t.gl_usuario_id, t.gl_oidc_cliente_id),
    index('gl_oidc_consentimento_gl_oidc_cliente_id_idx').on(t.gl_oidc_cliente_id),
  ],
);

/**
 * What a person's authorization of an application (oidc-provider's grant) was given with: the
 * client account chosen at the sign-in, which the `cliente` claim describes (issue 18).
 */
export const glOidcAutorizacao = pgTable('gl_oidc_autorizacao', {
  grant_id: text('grant_id').primaryKey(),
  gl_usuario_id: integer('gl_usuario_id')
    .notNull()
    .references(() => glUsuario.id, { onDelete: 'cascade' }),
  gl_cliente_id: integer('gl_cliente_id').references(() => glCliente.id, { onDelete: 'set null' }),
  gl_oidc_cliente_id: integer('gl_oidc_cliente_id')
    .notNull()
    .references(() => glOidcCliente.id, { onDelete: 'cascade' }),
  datahora_criado: instante('datahora_criado').notNull().defaultNow(),
});

/** Failed-login counters per key ('email:x', 'ip:y') for throttling. */
export const glAcessoTentativa = pgTable(
  'gl_acesso_tentativa',
  {
    ...auditoria(),
    chave: text('chave').notNull().unique('gl_acesso_tentativa_chave_uq'),
    falhas: integer('falhas').notNull().default(0),
    janela_inicio: instante('janela_inicio').notNull().defaultNow(),
    bloqueado_ate: instante('bloqueado_ate'),
  },
  (t) => [index('gl_acesso_tentativa_janela_inicio_idx').on(t.janela_inicio)],
);

/**
 * ALTCHA challenges already accepted (hash of the challenge signature), kept until they expire:
 * the unique hash is what makes a solved challenge usable once, even under concurrent requests.
 */
export const glCaptchaDesafioUsado = pgTable(
  'gl_captcha_desafio_usado',
  {
    ...auditoria(),
    desafio_hash: text('desafio_hash').notNull().unique('gl_captcha_desafio_usado_hash_uq'),
    datahora_expira: instante('datahora_expira').notNull(),
  },
  (t) => [index('gl_captcha_desafio_usado_datahora_expira_idx').on(t.datahora_expira)],
);

/** Password-reset tokens (hashed, single-use, expiring). */
export const glUsuarioSenhaToken = pgTable(
  'gl_usuario_senha_token',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique('gl_usuario_senha_token_token_hash_uq'),
    datahora_expira: instante('datahora_expira').notNull(),
    datahora_usado: instante('datahora_usado'),
  },
  (t) => [
    index('gl_usuario_senha_token_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_usuario_senha_token_datahora_expira_idx').on(t.datahora_expira),
  ],
);

/**
 * Reset requests (§7 recuperar_email) waiting for the worker that looks the address up and mails
 * the link: the request answers after this one insert, the same work for a known address and an
 * unknown one, so its time tells nothing (issue 34); the row goes when it is processed.
 */
export const glUsuarioSenhaPedido = pgTable('gl_usuario_senha_pedido', {
  ...auditoria(),
  email: text('email').notNull(),
});

/** Consent records: which version of which document a user accepted, when and from where. */
export const glUsuarioTermoAceite = pgTable(
  'gl_usuario_termo_aceite',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    documento: text('documento').notNull(),
    versao: text('versao').notNull(),
    ip: text('ip'),
    datahora_aceite: instante('datahora_aceite').notNull().defaultNow(),
  },
  (t) => [
    index('gl_usuario_termo_aceite_gl_usuario_id_idx').on(t.gl_usuario_id),
    // A version is accepted once (issue 19): accepting again records nothing.
    uniqueIndex('gl_usuario_termo_aceite_uq').on(t.gl_usuario_id, t.documento, t.versao),
    check(
      'gl_usuario_termo_aceite_documento_ck',
      sql`${t.documento} in ('termos_uso', 'politica_privacidade')`,
    ),
  ],
);

/**
 * The published versions of the legal pages (issue 19): the newest of each document is the one
 * in force, which a person's consent must name; staff publish a new one in the back-office.
 */
export const glDocumentoVersao = pgTable(
  'gl_documento_versao',
  {
    ...auditoria(),
    documento: text('documento').notNull(),
    versao: text('versao').notNull(),
    /** What changed, shown to the person asked to accept it. */
    resumo: text('resumo'),
    datahora_publicado: instante('datahora_publicado').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gl_documento_versao_uq').on(t.documento, t.versao),
    check('gl_documento_versao_documento_ck', sql`${t.documento} in ('termos_uso', 'politica_privacidade')`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A person's request under the LGPD (art. 18, issue 19): a copy of their data (exportacao) or the
 * deletion of their account (exclusao). One open request of each kind per person (unique
 * indexes); the state only moves forward by conditional updates, so a request is processed once
 * however many instances run the job.
 */
export const glPrivacidadePedido = pgTable(
  'gl_privacidade_pedido',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    situacao: text('situacao').notNull(),
    /** 0-100, while an export is produced. */
    progresso: integer('progresso').notNull().default(0),
    ip: text('ip'),
    /** A deletion runs from this instant (the 7-day grace period). */
    datahora_agendado: instante('datahora_agendado'),
    /** An export may be downloaded until this instant (24 h). */
    datahora_expira: instante('datahora_expira'),
    datahora_concluido: instante('datahora_concluido'),
    /** The export's ZIP, kept until it is downloaded or expires. */
    arquivo: bytea('arquivo'),
    /** For staff: what the processing found (clients left without a manager). */
    observacao: text('observacao'),
  },
  (t) => [
    index('gl_privacidade_pedido_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_privacidade_pedido_fila_idx').on(t.tipo, t.situacao),
    uniqueIndex('gl_privacidade_pedido_exportacao_aberta_uq')
      .on(t.gl_usuario_id)
      .where(sql`${t.tipo} = 'exportacao' and ${t.situacao} in ('pendente', 'processando', 'pronto')`),
    uniqueIndex('gl_privacidade_pedido_exclusao_aberta_uq')
      .on(t.gl_usuario_id)
      .where(sql`${t.tipo} = 'exclusao' and ${t.situacao} in ('agendado', 'processando')`),
    check('gl_privacidade_pedido_tipo_ck', sql`${t.tipo} in ('exportacao', 'exclusao')`),
    check(
      'gl_privacidade_pedido_situacao_ck',
      sql`${t.situacao} in ('pendente', 'processando', 'pronto', 'baixado', 'expirado', 'agendado', 'cancelado', 'concluido')`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Audit trail (issue 34, decision 099)
// ---------------------------------------------------------------------------------------------

/**
 * Security-relevant events, append-only: staff writes in the back-office, link and level
 * changes, sessions ended by staff, 2FA, passkey and password changes, applications' consent and
 * revocation, LGPD requests, webhook secrets made. A trigger (migration 0010) refuses every
 * UPDATE and TRUNCATE, and a DELETE outside the housekeeping's purge of rows past the retention.
 * No foreign keys: a row outlives what it names. Who and whom are person ids; changed fields are
 * named, their values are not kept (personal data stays out of a five-year record, LGPD art. 6
 * III), except for the few fields a resource marks (levels, links, flags).
 */
export const glAuditoria = pgTable(
  'gl_auditoria',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    datahora: instante('datahora').notNull().defaultNow(),
    /** Who did it; null for the system (a job). */
    gl_usuario_id: integer('gl_usuario_id'),
    /** The person the event is about, when it is about one. */
    alvo_usuario_id: integer('alvo_usuario_id'),
    acao: text('acao').notNull(),
    recurso: text('recurso').notNull(),
    recurso_id: text('recurso_id'),
    campos: text('campos').array().notNull().default(sql`'{}'::text[]`),
    detalhes: jsonb('detalhes').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('gl_auditoria_datahora_idx').on(t.datahora.desc(), t.id.desc()),
    index('gl_auditoria_gl_usuario_id_idx').on(t.gl_usuario_id, t.datahora.desc()),
    index('gl_auditoria_alvo_usuario_id_idx').on(t.alvo_usuario_id, t.datahora.desc()),
    index('gl_auditoria_recurso_idx').on(t.recurso, t.datahora.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
// Invoices and NFS-e
// ---------------------------------------------------------------------------------------------

/** An invoice. situacao: 5 fechada/emitida, 6 paga, 8 vencida (other codes possible). */
export const pgFatura = pgTable(
  'pg_fatura',
  {
    ...auditoria(),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'restrict' }),
    gl_contrato_id: integer('gl_contrato_id').references(() => glContrato.id, {
      onDelete: 'restrict',
    }),
    situacao: smallint('situacao').notNull(),
    data_vencimento: dia('data_vencimento').notNull(),
    /** When it was paid. */
    datahora_confirmado: instante('datahora_confirmado'),
    /** The sum of its items' valor. */
    valor: dinheiro('valor').notNull(),
    servico_discriminacao: text('servico_discriminacao'),
    /** The first day of the period it bills. */
    data_competencia: dia('data_competencia'),
    /** Its last day (invoices of the billing run). */
    periodo_fim: dia('periodo_fim'),
    /** 'manual' (typed by staff), 'recorrente' (a period, billing run), 'ajuste' (prorations). */
    origem: text('origem').notNull().default('manual'),
    /** The payment option a period was priced with: the roll-over compares it (decision 102). */
    gl_plano_pagamento_id: integer('gl_plano_pagamento_id').references(() => glPlanoPagamento.id, {
      onDelete: 'restrict',
    }),
    /** SHA-256 of the single-use link a manager approves a held invoice with (situação 4). */
    aprovacao_token_hash: text('aprovacao_token_hash'),
  },
  (t) => [
    // The staff's invoice list: its order, and its search of the service text (issue 37).
    index('pg_fatura_vencimento_idx').on(t.data_vencimento.desc(), t.id.desc()),
    ...trigramIndexes('pg_fatura', [t.servico_discriminacao]),
    index('pg_fatura_gl_cliente_id_vencimento_idx').on(
      t.gl_cliente_id,
      t.data_vencimento.desc().nullsFirst(),
    ),
    index('pg_fatura_gl_contrato_id_idx').on(t.gl_contrato_id),
    // Each period of a contract is billed once (cancelled invoices aside): the last word on it.
    uniqueIndex('pg_fatura_contrato_competencia_uq')
      .on(t.gl_contrato_id, t.data_competencia)
      .where(sql`origem = 'recorrente' and situacao <> 9`),
    uniqueIndex('pg_fatura_aprovacao_token_uq').on(t.aprovacao_token_hash),
    // The open invoices by due date: the run marks the overdue ones (situação 8).
    index('pg_fatura_abertas_vencimento_idx').on(t.data_vencimento).where(sql`situacao = 5`),
    // The unpaid invoices by due date: the reminders job's windows read only these, so a run
    // costs what it may send, not the table (issue 37).
    index('pg_fatura_a_pagar_vencimento_idx').on(t.data_vencimento, t.id).where(sql`situacao in (5, 8)`),
    // A client's unpaid invoices, the next due first: the Painel's summary (issue 39) reads
    // these and never the client's paid history.
    index('pg_fatura_a_pagar_cliente_idx')
      .on(t.gl_cliente_id, t.data_vencimento, t.id)
      .where(sql`situacao in (5, 8)`),
    check('pg_fatura_origem_ck', sql`${t.origem} in ('manual', 'recorrente', 'ajuste')`),
  ],
);

/**
 * What a contract owes or is owed between invoices (decision 102): prorations of an immediate
 * plan change, the difference of a period billed before its plan changed, a credit carried
 * over. The next invoice of the contract takes every open one (pg_fatura_id set in its
 * transaction, once).
 */
export const glContratoAjuste = pgTable(
  'gl_contrato_ajuste',
  {
    ...auditoria(),
    gl_contrato_id: integer('gl_contrato_id')
      .notNull()
      .references(() => glContrato.id, { onDelete: 'restrict' }),
    descricao: text('descricao').notNull(),
    unidade: text('unidade'),
    qtde: numeric('qtde', { precision: 12, scale: 4, mode: 'string' }),
    /** Negative for a credit. */
    valor: dinheiro('valor').notNull(),
    /** The plan change it comes from, if any. */
    gl_contrato_evento_id: integer('gl_contrato_evento_id').references(() => glContratoEvento.id, {
      onDelete: 'restrict',
    }),
    pg_fatura_id: integer('pg_fatura_id').references(() => pgFatura.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('gl_contrato_ajuste_abertos_idx').on(t.gl_contrato_id).where(sql`pg_fatura_id is null`),
    index('gl_contrato_ajuste_pg_fatura_id_idx').on(t.pg_fatura_id),
  ],
);

/** The billing runs that did something (issued, rolled over, failed): Administração → Faturamento. */
export const pgFaturamentoExecucao = pgTable(
  'pg_faturamento_execucao',
  {
    ...auditoria(),
    datahora_inicio: instante('datahora_inicio').notNull(),
    datahora_fim: instante('datahora_fim').notNull(),
    faturas: integer('faturas').notNull().default(0),
    valor_total: dinheiro('valor_total').notNull().default('0.00'),
    periodos_renovados: integer('periodos_renovados').notNull().default(0),
    vencidas: integer('vencidas').notNull().default(0),
    erros: integer('erros').notNull().default(0),
    ultimo_erro: text('ultimo_erro'),
    /** 'automatico' (the periodic run) or 'manual' (staff's 'Emitir agora'). */
    tipo: text('tipo').notNull().default('automatico'),
  },
  (t) => [index('pg_faturamento_execucao_inicio_idx').on(t.datahora_inicio.desc())],
);

/**
 * Each PIX payment a PSP reported through the webhook (issue 20), once: the end-to-end id is the
 * payment's identity in the Pix system, so a repeated notification finds its row and changes
 * nothing. resultado says what it did: confirmada (the invoice is now paid), ja_paga, valor_divergente
 * or fatura_desconhecida (kept for staff).
 */
export const pgPixRecebimento = pgTable(
  'pg_pix_recebimento',
  {
    ...auditoria(),
    end_to_end_id: text('end_to_end_id').notNull().unique('pg_pix_recebimento_end_to_end_id_uq'),
    pg_conta_id: integer('pg_conta_id')
      .notNull()
      .references(() => pgConta.id, { onDelete: 'restrict' }),
    pg_fatura_id: integer('pg_fatura_id').references(() => pgFatura.id, { onDelete: 'set null' }),
    txid: text('txid'),
    valor: dinheiro('valor').notNull(),
    /** When the payer's bank settled it (the PSP's horario). */
    datahora_pagamento: instante('datahora_pagamento').notNull(),
    resultado: text('resultado').notNull(),
  },
  (t) => [
    index('pg_pix_recebimento_pg_fatura_id_idx').on(t.pg_fatura_id),
    check(
      'pg_pix_recebimento_resultado_ck',
      sql`${t.resultado} in ('confirmada', 'ja_paga', 'valor_divergente', 'fatura_desconhecida')`,
    ),
  ],
);

/**
 * A CNAB 240 remessa file of a payment account (issue 40): numbered in turn per account (its
 * NSA, decided under the account's row lock and a unique index), kept to be downloaded again.
 */
export const pgRemessa = pgTable(
  'pg_remessa',
  {
    ...auditoria(),
    pg_conta_id: integer('pg_conta_id')
      .notNull()
      .references(() => pgConta.id, { onDelete: 'restrict' }),
    numero: integer('numero').notNull(),
    conteudo: text('conteudo').notNull(),
    quantidade: integer('quantidade').notNull(),
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('pg_remessa_numero_uq').on(t.pg_conta_id, t.numero)],
);

/**
 * The registered boleto of an invoice (issue 40, decision 112): one per invoice, its nosso número
 * unique in its account (handed out by the account's row, under its lock). situacao:
 * em_registro (made, not yet confirmed by the bank), registrado (the bank's 'entrada
 * confirmada'), liquidado (paid), baixa_pedida / baixado (withdrawn: the invoice was paid or
 * cancelled another way), rejeitado (the bank refused it; ocorrencia says why).
 */
export const pgBoleto = pgTable(
  'pg_boleto',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .references(() => pgFatura.id, { onDelete: 'restrict' })
      .unique('pg_boleto_pg_fatura_id_uq'),
    pg_conta_id: integer('pg_conta_id')
      .notNull()
      .references(() => pgConta.id, { onDelete: 'restrict' }),
    banco: char('banco', { length: 3 }).notNull(),
    sequencia: bigint('sequencia', { mode: 'number' }).notNull(),
    /** As the free field holds it; nosso_numero_impresso as the boleto prints it. */
    nosso_numero: text('nosso_numero').notNull(),
    nosso_numero_impresso: text('nosso_numero_impresso').notNull(),
    valor: dinheiro('valor').notNull(),
    data_vencimento: dia('data_vencimento').notNull(),
    codigo_barras: char('codigo_barras', { length: 44 }).notNull(),
    linha_digitavel: char('linha_digitavel', { length: 47 }).notNull(),
    situacao: text('situacao').notNull().default('em_registro'),
    /** The remessa file that registered it, and the one that asked its baixa: each in one file. */
    pg_remessa_id: integer('pg_remessa_id').references(() => pgRemessa.id, { onDelete: 'restrict' }),
    baixa_remessa_id: integer('baixa_remessa_id').references(() => pgRemessa.id, { onDelete: 'restrict' }),
    /** The bank's last occurrence about it, in its words (a rejection's reason). */
    ocorrencia: text('ocorrencia'),
    datahora_registrado: instante('datahora_registrado'),
    /** What the bank's liquidação says was paid (the fine and interest included) and credited when. */
    valor_pago: dinheiro('valor_pago'),
    data_credito: dia('data_credito'),
  },
  (t) => [
    uniqueIndex('pg_boleto_nosso_numero_uq').on(t.pg_conta_id, t.nosso_numero),
    index('pg_boleto_situacao_idx').on(t.pg_conta_id, t.situacao),
    check(
      'pg_boleto_situacao_ck',
      sql`${t.situacao} in ('em_registro', 'registrado', 'liquidado', 'baixa_pedida', 'baixado', 'rejeitado')`,
    ),
  ],
);

/**
 * A CNAB 240 retorno file staff uploaded (issue 40 item 5, decision 112): kept as received, once
 * per account (its SHA-256 is unique there, so the same file twice changes nothing), with how
 * many of its occurrences did what.
 */
export const pgRetorno = pgTable(
  'pg_retorno',
  {
    ...auditoria(),
    pg_conta_id: integer('pg_conta_id')
      .notNull()
      .references(() => pgConta.id, { onDelete: 'restrict' }),
    /** The bank's file number (NSA of the file header). */
    numero: integer('numero').notNull(),
    nome_arquivo: text('nome_arquivo').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    conteudo: text('conteudo').notNull(),
    registrados: integer('registrados').notNull().default(0),
    liquidados: integer('liquidados').notNull().default(0),
    rejeitados: integer('rejeitados').notNull().default(0),
    /** Occurrences staff should look at: payments of settled invoices, unknown boletos. */
    atencao: integer('atencao').notNull().default(0),
    outras: integer('outras').notNull().default(0),
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('pg_retorno_sha256_uq').on(t.pg_conta_id, t.sha256)],
);

/**
 * One occurrence of a retorno (a segment T with its U): what the bank said about a boleto, in its
 * words, and what the portal did with it (resultado).
 */
export const pgRetornoOcorrencia = pgTable(
  'pg_retorno_ocorrencia',
  {
    ...auditoria(),
    pg_retorno_id: integer('pg_retorno_id')
      .notNull()
      .references(() => pgRetorno.id, { onDelete: 'cascade' }),
    pg_conta_id: integer('pg_conta_id')
      .notNull()
      .references(() => pgConta.id, { onDelete: 'restrict' }),
    pg_boleto_id: integer('pg_boleto_id').references(() => pgBoleto.id, { onDelete: 'set null' }),
    pg_fatura_id: integer('pg_fatura_id').references(() => pgFatura.id, { onDelete: 'set null' }),
    /** The file's line of the segment T. */
    linha: integer('linha').notNull(),
    nosso_numero: text('nosso_numero').notNull(),
    /** FEBRABAN's código de movimento retorno ('02' entrada confirmada, '06' liquidação…). */
    movimento: char('movimento', { length: 2 }).notNull(),
    motivos: text('motivos').notNull().default(''),
    descricao: text('descricao').notNull(),
    valor_titulo: dinheiro('valor_titulo'),
    valor_pago: dinheiro('valor_pago'),
    data_ocorrencia: dia('data_ocorrencia'),
    data_credito: dia('data_credito'),
    resultado: text('resultado').notNull(),
  },
  (t) => [
    index('pg_retorno_ocorrencia_retorno_idx').on(t.pg_retorno_id),
    index('pg_retorno_ocorrencia_conta_idx').on(t.pg_conta_id, t.id),
    check(
      'pg_retorno_ocorrencia_resultado_ck',
      sql`${t.resultado} in ('registrado', 'liquidado', 'rejeitado', 'baixado', 'ja_paga', 'repetida', 'desconhecido', 'informativa')`,
    ),
  ],
);

/**
 * A cancellation of a subscription asked online (issue 41, decision 113; Decreto 11.034/2022:
 * by the channel it was contracted, taken at once, with a protocol number). Pending until
 * the period close applies it (acesso_ate, the last day of access, is the period's end), or
 * effective at once (imediato, and always under the withdrawal right of CDC art. 49,
 * arrependimento); a pending one may be withdrawn (desistido). At most one pending per contract.
 */
export const glContratoCancelamento = pgTable(
  'gl_contrato_cancelamento',
  {
    ...auditoria(),
    gl_contrato_id: integer('gl_contrato_id')
      .notNull()
      .references(() => glContrato.id, { onDelete: 'restrict' }),
    gl_cliente_id: integer('gl_cliente_id')
      .notNull()
      .references(() => glCliente.id, { onDelete: 'restrict' }),
    gl_usuario_id: integer('gl_usuario_id').references(() => glUsuario.id, { onDelete: 'set null' }),
    /** Given to the customer at once: 'CAN' + the São Paulo day + a sequence. */
    protocolo: text('protocolo')
      .notNull()
      .unique('gl_contrato_cancelamento_protocolo_uq')
      .default(
        sql`'CAN' || to_char(now() at time zone 'America/Sao_Paulo', 'YYYYMMDD') || lpad(nextval('gl_contrato_cancelamento_protocolo_seq')::text, 6, '0')`,
      ),
    motivo: text('motivo').notNull(),
    motivo_texto: text('motivo_texto'),
    imediato: boolean('imediato').notNull(),
    arrependimento: boolean('arrependimento').notNull().default(false),
    acesso_ate: dia('acesso_ate').notNull(),
    situacao: text('situacao').notNull().default('pendente'),
    datahora_efetivado: instante('datahora_efetivado'),
    datahora_desistido: instante('datahora_desistido'),
  },
  (t) => [
    uniqueIndex('gl_contrato_cancelamento_pendente_uq').on(t.gl_contrato_id).where(sql`situacao = 'pendente'`),
    index('gl_contrato_cancelamento_criado_idx').on(t.datahora_criado),
    check('gl_contrato_cancelamento_situacao_ck', sql`${t.situacao} in ('pendente', 'efetivado', 'desistido')`),
  ],
);

/**
 * An invoice paid for a contract withdrawn under CDC art. 49 (issue 41): its amount is to be
 * returned. Staff see the list and mark what they refunded; the refund itself is outside the portal.
 */
export const pgFaturaReembolso = pgTable(
  'pg_fatura_reembolso',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .references(() => pgFatura.id, { onDelete: 'restrict' })
      .unique('pg_fatura_reembolso_fatura_uq'),
    gl_contrato_cancelamento_id: integer('gl_contrato_cancelamento_id')
      .notNull()
      .references(() => glContratoCancelamento.id, { onDelete: 'restrict' }),
    valor: dinheiro('valor').notNull(),
    situacao: text('situacao').notNull().default('pendente'),
    datahora_reembolsado: instante('datahora_reembolsado'),
  },
  (t) => [check('pg_fatura_reembolso_situacao_ck', sql`${t.situacao} in ('pendente', 'reembolsado')`)],
);

/**
 * The payment reminders sent (issue 20): one row per invoice and kind, so however many instances
 * run the job, each reminder is e-mailed once (the row and the e-mails are one transaction).
 */
export const pgFaturaLembrete = pgTable(
  'pg_fatura_lembrete',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .references(() => pgFatura.id, { onDelete: 'cascade' }),
    /** vencimento: 3 days before the due date; atraso: the day after it. */
    tipo: text('tipo').notNull(),
  },
  (t) => [
    uniqueIndex('pg_fatura_lembrete_uq').on(t.pg_fatura_id, t.tipo),
    check('pg_fatura_lembrete_tipo_ck', sql`${t.tipo} in ('vencimento', 'atraso')`),
  ],
);

/** An invoice line. valor is the line's total (not a unit price); qtde may be 0. */
export const pgFaturaItem = pgTable(
  'pg_fatura_item',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .references(() => pgFatura.id, { onDelete: 'cascade' }),
    codigo: text('codigo'),
    descricao: text('descricao').notNull(),
    unidade: text('unidade'),
    qtde: numeric('qtde', { precision: 12, scale: 4, mode: 'string' }),
    valor: dinheiro('valor'),
  },
  (t) => [index('pg_fatura_item_pg_fatura_id_idx').on(t.pg_fatura_id)],
);

/** The tax service note (NFS-e) of an invoice. */
export const pgNfse = pgTable(
  'pg_nfse',
  {
    ...auditoria(),
    pg_fatura_id: integer('pg_fatura_id')
      .notNull()
      .unique('pg_nfse_pg_fatura_id_uq')
      .references(() => pgFatura.id, { onDelete: 'restrict' }),
    nf_numero: text('nf_numero').notNull(),
    datahora_emissao: instante('datahora_emissao').notNull(),
    /** The national NFS-e access key (50 characters). */
    chave_acesso: char('chave_acesso', { length: 50 }),
    /** The note at the city hall's site; the "view" action is enabled only when present. */
    url_visualizar: text('url_visualizar'),
    pdf_arquivo_id: integer('pdf_arquivo_id').references(() => glArquivo.id, {
      onDelete: 'restrict',
    }),
    xml_arquivo_id: integer('xml_arquivo_id').references(() => glArquivo.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('pg_nfse_pdf_arquivo_id_idx').on(t.pdf_arquivo_id),
    index('pg_nfse_xml_arquivo_id_idx').on(t.xml_arquivo_id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Mail outbox
// ---------------------------------------------------------------------------------------------

/** Transactional outbox: written with the action, delivered by a worker with retries. */
export const glEmailSaida = pgTable(
  'gl_email_saida',
  {
    ...auditoria(),
    destinatario: text('destinatario').notNull(),
    assunto: text('assunto').notNull(),
    corpo_html: text('corpo_html').notNull(),
    corpo_texto: text('corpo_texto').notNull(),
    situacao: text('situacao').notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    datahora_proxima_tentativa: instante('datahora_proxima_tentativa').notNull().defaultNow(),
    ultimo_erro: text('ultimo_erro'),
    datahora_enviado: instante('datahora_enviado'),
  },
  (t) => [
    index('gl_email_saida_fila_idx').on(t.situacao, t.datahora_proxima_tentativa),
    // The retention's purge (issue 37) and a person's e-mails (LGPD export and deletion).
    index('gl_email_saida_datahora_criado_idx').on(t.datahora_criado),
    index('gl_email_saida_destinatario_idx').on(sql`lower(${t.destinatario})`),
    check('gl_email_saida_situacao_ck', sql`${t.situacao} in ('pendente', 'enviado', 'falhou')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Relations (drizzle's relational query API)
// ---------------------------------------------------------------------------------------------

export const glEstadoRelations = relations(glEstado, ({ many }) => ({
  cidades: many(glCidade),
}));

export const glCidadeRelations = relations(glCidade, ({ one, many }) => ({
  estado: one(glEstado, { fields: [glCidade.gl_estado_id], references: [glEstado.id] }),
  clientes: many(glCliente),
}));

export const glUsuarioRelations = relations(glUsuario, ({ many }) => ({
  clientesUsuario: many(glClienteUsuario),
  sessoes: many(glSessao),
  acessoEventos: many(glAcessoEvento),
  chavesRecuperacao: many(glUsuarioChaveRecuperacao),
  dispositivos: many(glUsuarioDispositivo),
  acessos: many(glUsuarioAcesso),
  navegadores: many(glUsuarioNavegador),
  chavesAcesso: many(glUsuarioChaveAcesso),
  totpPassos: many(glUsuarioTotpPasso),
  senhaTokens: many(glUsuarioSenhaToken),
  termosAceite: many(glUsuarioTermoAceite),
  contratoEventos: many(glContratoEvento),
  arquivos: many(glArquivo),
}));

export const glClienteRelations = relations(glCliente, ({ one, many }) => ({
  cidade: one(glCidade, { fields: [glCliente.gl_cidade_id], references: [glCidade.id] }),
  clientesUsuario: many(glClienteUsuario),
  contratos: many(glContrato),
  faturas: many(pgFatura),
  sessoes: many(glSessao),
  acessoEventos: many(glAcessoEvento),
}));

export const glClienteUsuarioRelations = relations(glClienteUsuario, ({ one }) => ({
  cliente: one(glCliente, { fields: [glClienteUsuario.gl_cliente_id], references: [glCliente.id] }),
  usuario: one(glUsuario, { fields: [glClienteUsuario.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glProdutoRelations = relations(glProduto, ({ many }) => ({
  planos: many(glPlano),
  contratos: many(glContrato),
  sessoes: many(glSessao),
  acessoEventos: many(glAcessoEvento),
}));

export const glPlanoRelations = relations(glPlano, ({ one, many }) => ({
  produto: one(glProduto, { fields: [glPlano.gl_produto_id], references: [glProduto.id] }),
  planosPagamento: many(glPlanoPagamento),
  contratos: many(glContrato),
  contratoEventos: many(glContratoEvento),
}));

export const glPlanoPagamentoRelations = relations(glPlanoPagamento, ({ one, many }) => ({
  plano: one(glPlano, { fields: [glPlanoPagamento.gl_plano_id], references: [glPlano.id] }),
  contratos: many(glContrato),
  contratoEventos: many(glContratoEvento),
}));

export const pgContaRelations = relations(pgConta, ({ many }) => ({
  contratos: many(glContrato),
  contratoEventos: many(glContratoEvento),
}));

export const glContratoRelations = relations(glContrato, ({ one, many }) => ({
  cliente: one(glCliente, { fields: [glContrato.gl_cliente_id], references: [glCliente.id] }),
  produto: one(glProduto, { fields: [glContrato.gl_produto_id], references: [glProduto.id] }),
  plano: one(glPlano, { fields: [glContrato.gl_plano_id], references: [glPlano.id] }),
  planoPagamento: one(glPlanoPagamento, {
    fields: [glContrato.gl_plano_pagamento_id],
    references: [glPlanoPagamento.id],
  }),
  conta: one(pgConta, { fields: [glContrato.pg_conta_id], references: [pgConta.id] }),
  eventos: many(glContratoEvento),
  faturas: many(pgFatura),
}));

export const glContratoEventoRelations = relations(glContratoEvento, ({ one, many }) => ({
  contrato: one(glContrato, {
    fields: [glContratoEvento.gl_contrato_id],
    references: [glContrato.id],
  }),
  plano: one(glPlano, { fields: [glContratoEvento.gl_plano_id], references: [glPlano.id] }),
  planoPagamento: one(glPlanoPagamento, {
    fields: [glContratoEvento.gl_plano_pagamento_id],
    references: [glPlanoPagamento.id],
  }),
  conta: one(pgConta, { fields: [glContratoEvento.pg_conta_id], references: [pgConta.id] }),
  usuario: one(glUsuario, { fields: [glContratoEvento.gl_usuario_id], references: [glUsuario.id] }),
  arquivos: many(glContratoEventoArquivo),
}));

export const glArquivoRelations = relations(glArquivo, ({ one, many }) => ({
  usuario: one(glUsuario, { fields: [glArquivo.gl_usuario_id], references: [glUsuario.id] }),
  contratoEventos: many(glContratoEventoArquivo),
  nfsePdf: many(pgNfse, { relationName: 'nfse_pdf' }),
  nfseXml: many(pgNfse, { relationName: 'nfse_xml' }),
}));

export const glContratoEventoArquivoRelations = relations(glContratoEventoArquivo, ({ one }) => ({
  evento: one(glContratoEvento, {
    fields: [glContratoEventoArquivo.gl_contrato_evento_id],
    references: [glContratoEvento.id],
  }),
  arquivo: one(glArquivo, {
    fields: [glContratoEventoArquivo.gl_arquivo_id],
    references: [glArquivo.id],
  }),
}));

export const glSessaoRelations = relations(glSessao, ({ one, many }) => ({
  usuario: one(glUsuario, { fields: [glSessao.gl_usuario_id], references: [glUsuario.id] }),
  cliente: one(glCliente, { fields: [glSessao.gl_cliente_id], references: [glCliente.id] }),
  produto: one(glProduto, { fields: [glSessao.gl_produto_id], references: [glProduto.id] }),
  acessoEventos: many(glAcessoEvento),
}));

export const glAcessoEventoRelations = relations(glAcessoEvento, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glAcessoEvento.gl_usuario_id], references: [glUsuario.id] }),
  produto: one(glProduto, { fields: [glAcessoEvento.gl_produto_id], references: [glProduto.id] }),
  cliente: one(glCliente, { fields: [glAcessoEvento.gl_cliente_id], references: [glCliente.id] }),
  sessao: one(glSessao, { fields: [glAcessoEvento.gl_sessao_id], references: [glSessao.id] }),
}));

export const glUsuarioChaveRecuperacaoRelations = relations(
  glUsuarioChaveRecuperacao,
  ({ one }) => ({
    usuario: one(glUsuario, {
      fields: [glUsuarioChaveRecuperacao.gl_usuario_id],
      references: [glUsuario.id],
    }),
  }),
);

export const glUsuarioAcessoRelations = relations(glUsuarioAcesso, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glUsuarioAcesso.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glUsuarioNavegadorRelations = relations(glUsuarioNavegador, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glUsuarioNavegador.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glUsuarioChaveAcessoRelations = relations(glUsuarioChaveAcesso, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glUsuarioChaveAcesso.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glUsuarioDispositivoRelations = relations(glUsuarioDispositivo, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioDispositivo.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const glUsuarioTotpPassoRelations = relations(glUsuarioTotpPasso, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioTotpPasso.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const glUsuarioSenhaTokenRelations = relations(glUsuarioSenhaToken, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioSenhaToken.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const glUsuarioTermoAceiteRelations = relations(glUsuarioTermoAceite, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioTermoAceite.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const pgFaturaRelations = relations(pgFatura, ({ one, many }) => ({
  cliente: one(glCliente, { fields: [pgFatura.gl_cliente_id], references: [glCliente.id] }),
  contrato: one(glContrato, { fields: [pgFatura.gl_contrato_id], references: [glContrato.id] }),
  itens: many(pgFaturaItem),
  nfse: one(pgNfse),
}));

export const pgFaturaItemRelations = relations(pgFaturaItem, ({ one }) => ({
  fatura: one(pgFatura, { fields: [pgFaturaItem.pg_fatura_id], references: [pgFatura.id] }),
}));

export const pgNfseRelations = relations(pgNfse, ({ one }) => ({
  fatura: one(pgFatura, { fields: [pgNfse.pg_fatura_id], references: [pgFatura.id] }),
  pdfArquivo: one(glArquivo, {
    fields: [pgNfse.pdf_arquivo_id],
    references: [glArquivo.id],
    relationName: 'nfse_pdf',
  }),
  xmlArquivo: one(glArquivo, {
    fields: [pgNfse.xml_arquivo_id],
    references: [glArquivo.id],
    relationName: 'nfse_xml',
  }),
}));
