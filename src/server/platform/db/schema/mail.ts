/** Mail outbox (src/server/platform/mail; decision 016). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditoria, instante } from './columns.ts';

/** Transactional outbox: written with the action, delivered by a worker with retries. */
export const glEmailSaida = pgTable(
  'gl_email_saida',
  {
    ...auditoria(),
    destinatario: text('destinatario').notNull(),
    assunto: text('assunto').notNull(),
    corpo_html: text('corpo_html').notNull(),
    corpo_texto: text('corpo_texto').notNull(),
    situacao: text('situacao').notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    datahora_proxima_tentativa: instante('datahora_proxima_tentativa').notNull().defaultNow(),
    ultimo_erro: text('ultimo_erro'),
    datahora_enviado: instante('datahora_enviado'),
  },
  (t) => [
    index('gl_email_saida_fila_idx').on(t.situacao, t.datahora_proxima_tentativa),
    // The retention's purge (issue 37) and a person's e-mails (LGPD export and deletion).
    index('gl_email_saida_datahora_criado_idx').on(t.datahora_criado),
    index('gl_email_saida_destinatario_idx').on(sql`lower(${t.destinatario})`),
    check('gl_email_saida_situacao_ck', sql`${t.situacao} in ('pendente', 'enviado', 'falhou')`),
  ],
);
