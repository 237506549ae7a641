/** Password recovery (modules/recovery; decisions 018, 101). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns.ts';
import { glUsuario } from './users.ts';

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
