/** Client accounts (modules/clients) and their people and invitations (modules/people). */
import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditoria, dia, instante, trigramIndexes } from './columns.ts';
import { glCidade } from './geo.ts';
import { glProduto } from './products.ts';
import { glUsuario } from './users.ts';

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
    // The hourly cap counts a client's invitations of the last hour, whatever became of them
    // (modules/people/service.ts INVITATIONS_PER_HOUR): without it the count reads every client's.
    index('gl_cliente_convite_cliente_criado_idx').on(t.gl_cliente_id, t.datahora_criado),
    check('gl_cliente_convite_nivel_ck', sql`${t.nivel} in (10, 13, 20)`),
  ],
);
