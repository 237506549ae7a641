/** Plans, their payment options (modules/plans) and the payment accounts they are paid into. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, integer, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, dinheiro } from './columns.ts';
import { glProduto } from './products.ts';

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
