import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema } from '#shared/schemas/auth';
import { envelope } from '#shared/envelope';
import type { Database } from '../../platform/db/database.ts';
import { findMail, listRecentMails } from './queries.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * The mailbox shows temporary passwords and reset links, so (decision 016) it answers only a caller
 * on this machine: the socket's address must be loopback and the request must not have come
 * through a proxy (a local reverse proxy would make every visitor look local).
 */
export async function requireLoopback(request: FastifyRequest): Promise<void> {
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  if (forwarded || !isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) {
    throw forbidden('A caixa postal de desenvolvimento só atende a esta máquina (localhost).', 'dev_mailbox_loopback_only');
  }
  return Promise.resolve();
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Development mailbox (GET /api/dev/caixa-postal and /{id}): the outbox read back. app.ts registers
 * it only outside production.
 */
export const devMailboxRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get('/dev/caixa-postal', { preValidation: requireLoopback }, async (_request, reply) => {
    const rows = await listRecentMails(db);
    void reply.header('cache-control', 'no-store');
    return envelope(rows.map((row) => ({ ...row, datahora_criado: iso(row.datahora_criado) })));
  });

  app.get(
    '/dev/caixa-postal/:id',
    {
      schema: { params: z.object({ id: IdSchema }) },
      preValidation: requireLoopback,
    },
    async (request, reply) => {
      const row = await findMail(db, request.params.id);
      if (!row) throw notFound('Mensagem não encontrada.');
      void reply.header('cache-control', 'no-store');
      return envelope({
        id: row.id,
        destinatario: row.destinatario,
        assunto: row.assunto,
        situacao: row.situacao,
        tentativas: row.tentativas,
        ultimo_erro: row.ultimo_erro,
        datahora_criado: iso(row.datahora_criado),
        datahora_enviado: iso(row.datahora_enviado),
        corpo_html: row.corpo_html,
        corpo_texto: row.corpo_texto,
      });
    },
  );
  done();
};
