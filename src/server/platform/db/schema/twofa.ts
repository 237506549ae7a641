/** Two-factor authentication (modules/twofa): recovery keys, trusted devices, TOTP steps used. */
import { bigint, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns.ts';
import { glUsuario } from './users.ts';

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
