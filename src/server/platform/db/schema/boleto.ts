/** Registered boletos and the bank's CNAB 240 files (modules/boleto; decision 112). */
import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditoria, dia, dinheiro, instante } from './columns.ts';
import { pgFatura } from './invoices.ts';
import { pgConta } from './plans.ts';
import { glUsuario } from './users.ts';

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
