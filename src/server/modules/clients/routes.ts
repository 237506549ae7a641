import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/envelope';
import { IdSchema } from '#shared/schemas/auth';
import { CustomerRequestSchema } from '#shared/schemas/plans';
import { PLANO_MESSAGES } from '#shared/plans';
import { currentUserId, requireUser } from '../../auth/guards.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { findCustomer, requireClientManager, saveCustomer } from './service.ts';

const ClientParamsSchema = z.object({ id: IdSchema });

/**
 * The customer data of the plan signup (docs/decisions/022-customer-data-call.md), in the §7
 * generic shape: GET {base}/{id}/edit loads it, PUT {base}/{id} saves it (JSON).
 */
export const clienteRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    '/gl_cliente/:id/edit',
    { schema: { params: ClientParamsSchema }, preValidation: requireUser(db) },
    async (request, reply) => {
      await requireClientManager(db, currentUserId(request), request.params.id);
      const customer = await findCustomer(db, request.params.id);
      if (!customer) throw notFound(PLANO_MESSAGES.clientNotFound, 'client_not_found');
      reply.header('Cache-Control', 'no-store');
      return envelope(customer);
    },
  );

  app.put(
    '/gl_cliente/:id',
    { schema: { params: ClientParamsSchema, body: CustomerRequestSchema }, preValidation: requireUser(db) },
    async (request) => {
      await requireClientManager(db, currentUserId(request), request.params.id);
      await saveCustomer(db, request.params.id, request.body);
      const customer = await findCustomer(db, request.params.id);
      return envelope(customer);
    },
  );
  done();
};
