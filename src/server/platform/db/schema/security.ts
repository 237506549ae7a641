/** Access security (modules/security): sign-in history, browsers, passkeys (decisions 070-072). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns.ts';
import { glUsuario } from './users.ts';

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
