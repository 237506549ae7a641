/** Sessions (src/server/platform/session, modules/session) and the short-lived access events of modules/auth. */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { glCliente } from './clients.ts';
import { auditoria, datasAuditoria, instante } from './columns.ts';
import { glProduto } from './products.ts';
import { glUsuario } from './users.ts';

/** A login session. The cookie carries id and token; only the token's SHA-256 is stored. */
export const glSessao = pgTable(
  'gl_sessao',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...datasAuditoria(),
    token_hash: text('token_hash').notNull(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    gl_cliente_id: integer('gl_cliente_id').references(() => glCliente.id, {
      onDelete: 'set null',
    }),
    gl_produto_id: integer('gl_produto_id').references(() => glProduto.id, {
      onDelete: 'set null',
    }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    datahora_expira: instante('datahora_expira').notNull(),
    datahora_ultimo_acesso: instante('datahora_ultimo_acesso').notNull().defaultNow(),
    /**
     * The last time this session proved its user again (a sign-in with every factor asked, or
     * the step-up call): sensitive 2FA changes need it recent (docs/decisions/011-two-factor.md).
     */
    datahora_reautenticado: instante('datahora_reautenticado'),
  },
  (t) => [
    index('gl_sessao_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_sessao_datahora_expira_idx').on(t.datahora_expira),
  ],
);

/** A short-lived access event (evento_id + evento_token of §3): login, conta_criar, ... */
export const glAcessoEvento = pgTable(
  'gl_acesso_evento',
  {
    ...auditoria(),
    token_hash: text('token_hash').notNull(),
    /** e.g. 'login', 'conta_criar'. */
    tipo: text('tipo').notNull(),
    gl_usuario_id: integer('gl_usuario_id')
      .notNull()
      .references(() => glUsuario.id, { onDelete: 'cascade' }),
    gl_produto_id: integer('gl_produto_id')
      .notNull()
      .references(() => glProduto.id, { onDelete: 'cascade' }),
    gl_cliente_id: integer('gl_cliente_id').references(() => glCliente.id, { onDelete: 'cascade' }),
    gl_sessao_id: uuid('gl_sessao_id').references(() => glSessao.id, { onDelete: 'set null' }),
    datahora_expira: instante('datahora_expira').notNull(),
    datahora_usado: instante('datahora_usado'),
  },
  (t) => [
    index('gl_acesso_evento_gl_usuario_id_idx').on(t.gl_usuario_id),
    index('gl_acesso_evento_gl_sessao_id_idx').on(t.gl_sessao_id),
    index('gl_acesso_evento_datahora_expira_idx').on(t.datahora_expira),
  ],
);
