/** Uploaded and generated files (src/server/platform/storage). */
import { sql } from 'drizzle-orm';
import { bigint, char, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditoria } from './columns.ts';
import { glUsuario } from './users.ts';

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
