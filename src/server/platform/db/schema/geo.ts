/** Geography (modules/geo): states and municipalities; ids are IBGE codes, no identity. */
import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { datasAuditoria } from './columns.ts';

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
