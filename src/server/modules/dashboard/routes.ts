import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { requireUser } from '../../platform/session/guards.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { unauthorized } from '../../platform/errors.ts';
import { dashboardSummary } from './summary.ts';

/**
 * GET /api/painel/resumo (issue 39 item 1): the Painel's summary of the session's client, for
 * the signed-in person only; nothing is taken from the request but the session.
 */
export const dashboardRoutes: FastifyPluginCallbackZod<{ db: Queryable }> = (app, { db }, done) => {
  app.get('/painel/resumo', { preValidation: requireUser(db) }, async (request, reply) => {
    const record = request.session.record;
    if (!record) throw unauthorized();
    reply.header('Cache-Control', 'no-store');
    return envelope(
      await dashboardSummary(db, {
        usuarioId: record.usuarioId,
        clienteId: record.clienteId,
        produtoId: record.produtoId,
      }),
    );
  });
  done();
};
