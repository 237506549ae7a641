/** The captcha (src/server/modules/captcha): ALTCHA challenges already used. */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns.ts';

/**
 * ALTCHA challenges already accepted (hash of the challenge signature), kept until they expire:
 * the unique hash is what makes a solved challenge usable once, even under concurrent requests.
 */
export const glCaptchaDesafioUsado = pgTable(
  'gl_captcha_desafio_usado',
  {
    ...auditoria(),
    desafio_hash: text('desafio_hash').notNull().unique('gl_captcha_desafio_usado_hash_uq'),
    datahora_expira: instante('datahora_expira').notNull(),
  },
  (t) => [index('gl_captcha_desafio_usado_datahora_expira_idx').on(t.datahora_expira)],
);
