/** The people: one row per person, customers and staff alike. */
import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditoria, instante, trigramIndexes } from './columns.ts';

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
