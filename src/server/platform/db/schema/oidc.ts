/**
 * OpenID Connect provider (src/server/modules/oidc, modules/applications; issue 18,
 * docs/decisions/086-oidc-provider.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { glCliente } from './clients.ts';
import { auditoria, datasAuditoria, instante } from './columns.ts';
import { glProduto } from './products.ts';
import { glUsuario } from './users.ts';

/**
 * What oidc-provider keeps (sessions, interactions, codes, tokens, grants): one row per model
 * and id, the library's payload as it gives it, with the fields it looks rows up by. Shared by
 * every instance on the database; rows past their expiry are never returned and are purged by
 * the housekeeping job.
 */
export const glOidcRegistro = pgTable(
  'gl_oidc_registro',
  {
    modelo: text('modelo').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grant_id: text('grant_id'),
    user_code: text('user_code'),
    uid: text('uid'),
    /**
     * The person the row belongs to (the payload's accountId: sessions, grants, codes, tokens),
     * so everything a person gave applications can be revoked at once (issue 34, decision 096).
     */
    gl_usuario_id: integer('gl_usuario_id'),
    datahora_expira: instante('datahora_expira'),
    datahora_consumido: instante('datahora_consumido'),
    ...datasAuditoria(),
  },
  (t) => [
    primaryKey({ name: 'gl_oidc_registro_pk', columns: [t.modelo, t.id] }),
    index('gl_oidc_registro_grant_id_idx').on(t.grant_id),
    index('gl_oidc_registro_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_oidc_registro_uid_idx').on(t.modelo, t.uid),
    index('gl_oidc_registro_user_code_idx').on(t.modelo, t.user_code),
    index('gl_oidc_registro_datahora_expira_idx').on(t.datahora_expira),
  ],
);

/**
 * The provider's signing keys (JWK), the private part encrypted with a key derived from
 * SESSION_SECRET. The newest active key signs; every key not retired is published in the JWKS.
 */
export const glOidcChave = pgTable(
  'gl_oidc_chave',
  {
    ...auditoria(),
    kid: text('kid').notNull().unique('gl_oidc_chave_kid_uq'),
    alg: text('alg').notNull(),
    chave_publica: jsonb('chave_publica').$type<Record<string, unknown>>().notNull(),
    chave_privada_cifrada: text('chave_privada_cifrada').notNull(),
    /** From when it signs: a rotated key is published first and signs later (decision 086). */
    datahora_ativa: instante('datahora_ativa').notNull(),
    /** No longer published; kept for the record. */
    datahora_aposentada: instante('datahora_aposentada'),
  },
);

/**
 * An application that signs people in through the portal (an OpenID Connect client, issue 18),
 * registered by staff under one product. A confidential client authenticates with a secret of
 * which only the SHA-256 is kept (it is 256 random bits, shown once); a public one (a browser or
 * mobile app) with PKCE alone. Redirect URIs are matched exactly (decision 087).
 */
export const glOidcCliente = pgTable(
  'gl_oidc_cliente',
  {
    ...auditoria(),
    gl_produto_id: integer('gl_produto_id')
      .notNull()
      .references(() => glProduto.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    /**
     * The application's logo on the steps of its sign-in (issue 38): an address on the portal's
     * own origin or a data:image, as the product's logo_url, since the CSP loads no other image.
     */
    logo_url: text('logo_url'),
    client_id: text('client_id').notNull().unique('gl_oidc_cliente_client_id_uq'),
    confidencial: boolean('confidencial').notNull().default(true),
    segredo_hash: text('segredo_hash'),
    redirect_uris: text('redirect_uris').array().notNull(),
    post_logout_redirect_uris: text('post_logout_redirect_uris').array().notNull().default(sql`'{}'::text[]`),
    backchannel_logout_uri: text('backchannel_logout_uri'),
    /**
     * One of the provider's own applications: its sign-in asks no consent. Any other (a
     * partner's) shows the consent screen first (issue 34, decision 097).
     */
    primeira_parte: boolean('primeira_parte').notNull().default(false),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('gl_oidc_cliente_gl_produto_id_idx').on(t.gl_produto_id)],
);

/**
 * A person's connection to an application ('Aplicativos conectados', issue 34): the scopes they
 * allowed (consent, or a first-party sign-in), since when, and the last time the application got
 * a token. Revoking it ends the application's grants and tokens; a security event of the person
 * (password, 2FA, sessions ended by staff) ends all of them (decision 096).
 */
export const glOidcConsentimento = pgTable(
  'gl_oidc_consentimento',
  {
    ...auditoria(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    gl_oidc_cliente_id: integer('gl_oidc_cliente_id')
      .notNull()
      .references(() => glOidcCliente.id, { onDelete: 'cascade' }),
    escopos: text('escopos').array().notNull(),
    datahora_ultimo_uso: instante('datahora_ultimo_uso').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gl_oidc_consentimento_usuario_cliente_uq').on(t.gl_usuario_id, t.gl_oidc_cliente_id),
    index('gl_oidc_consentimento_gl_oidc_cliente_id_idx').on(t.gl_oidc_cliente_id),
  ],
);

/**
 * What a person's authorization of an application (oidc-provider's grant) was given with: the
 * client account chosen at the sign-in, which the `cliente` claim describes (issue 18).
 */
export const glOidcAutorizacao = pgTable('gl_oidc_autorizacao', {
  grant_id: text('grant_id').primaryKey(),
  gl_usuario_id: integer('gl_usuario_id')
    .notNull()
    .references(() => glUsuario.id, { onDelete: 'cascade' }),
  gl_cliente_id: integer('gl_cliente_id').references(() => glCliente.id, { onDelete: 'set null' }),
  gl_oidc_cliente_id: integer('gl_oidc_cliente_id')
    .notNull()
    .references(() => glOidcCliente.id, { onDelete: 'cascade' }),
  datahora_criado: instante('datahora_criado').notNull().defaultNow(),
});
