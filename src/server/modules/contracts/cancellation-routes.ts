import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { ContratoParamsSchema } from '#shared/schemas/billing';
import { CANCELLATION_MESSAGES, CancellationRequestSchema } from '#shared/schemas/cancellation';
import { IdParamSchema } from '#shared/schemas/crud';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { currentUserId, requireStaff, requireUser } from '../../platform/session/guards.ts';
import type { Database } from '../../platform/db/database.ts';
import { cancellationsByReason, cancellationTerms, markRefunded, requestCancellation, undoCancellation } from './cancellation.ts';

/**
 * Cancelling a subscription online (issue 41, decision 113): what it would do, the request, and
 * withdrawing a pending one. Any person linked to the client reads; its managers act. Staff
 * read them by reason and month, and record the refunds they made.
 */
export const cancellationRoutes: FastifyPluginCallbackZod<{ db: Database; providerName: string; publicUrl: string }> = (
  app,
  { db, providerName, publicUrl },
  done,
) => {
  app.get(
    '/gl_contrato/:id/cancelamento',
    { schema: { params: ContratoParamsSchema }, preValidation: requireUser(db) },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return envelope(await cancellationTerms(db, currentUserId(request), request.params.id));
    },
  );

  app.post(
    '/gl_contrato/:id/cancelamento',
    { schema: { params: ContratoParamsSchema, body: CancellationRequestSchema }, preValidation: requireUser(db) },
    async (request, reply) => {
      const usuarioId = currentUserId(request);
      const { cancelamento, message } = await requestCancellation(db, {
        usuarioId,
        contratoId: request.params.id,
        request: request.body,
        origin: { actor: usuarioId, ip: request.ip },
        providerName,
        publicUrl,
      });
      reply.header('Cache-Control', 'no-store');
      return envelope(cancelamento, { message });
    },
  );

  app.post(
    '/gl_contrato/:id/cancelamento/desistir',
    { schema: { params: ContratoParamsSchema }, preValidation: requireUser(db) },
    async (request, reply) => {
      const usuarioId = currentUserId(request);
      const undone = await undoCancellation(db, {
        usuarioId,
        contratoId: request.params.id,
        origin: { actor: usuarioId, ip: request.ip },
        providerName,
        publicUrl,
      });
      reply.header('Cache-Control', 'no-store');
      return envelope(undone, { message: CANCELLATION_MESSAGES.undone });
    },
  );

  // Administração → Cancelamentos: how many by reason in each of the last twelve months.
  app.get('/admin/cancelamentos/resumo', { preValidation: requireStaff(db, STAFF_LEVEL.operator) }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return envelope(await cancellationsByReason(db));
  });

  // A refund staff made outside the portal (issue 41): recorded once, in the audit trail.
  app.post(
    '/admin/pg_fatura_reembolso/:id/reembolsado',
    { schema: { params: IdParamSchema }, preValidation: requireStaff(db, STAFF_LEVEL.supervisor) },
    async (request) => {
      await markRefunded(db, request.params.id, { actor: currentUserId(request), ip: request.ip });
      return envelope(null, { message: CANCELLATION_MESSAGES.refunded });
    },
  );

  done();
};
