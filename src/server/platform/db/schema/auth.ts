/** Sign-in (modules/auth, src/server/auth): the failed-login throttle (decision 010). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns.ts';

/** Failed-login counters per key ('email:x', 'ip:y') for throttling. */
export const glAcessoTentativa = pgTable(
  'gl_acesso_tentativa',
  {
    ...auditoria(),
    chave: text('chave').notNull().unique('gl_acesso_tentativa_chave_uq'),
    falhas: integer('falhas').notNull().default(0),
    janela_inicio: instante('janela_inicio').notNull().defaultNow(),
    bloqueado_ate: instante('bloqueado_ate'),
  },
  (t) => [index('gl_acesso_tentativa_janela_inicio_idx').on(t.janela_inicio)],
);
