/** The products (modules/products): what a person signs in to and a client subscribes to. */
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { auditoria } from './columns.ts';

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
