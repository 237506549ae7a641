import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/envelope';
import { IdSchema } from '#shared/schemas/auth';
import { COMPANY_MESSAGES, CompanyDataRequestSchema } from '#shared/schemas/company';
import { CustomerRequestSchema } from '#shared/schemas/plans';
import { PLANO_MESSAGES } from '#shared/plans';
import { currentUserId, requireUser } from '../../platform/session/guards.ts';
import type { Database } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { readCompanyData, saveCompanyData } from './company-data.ts';
import { findCustomer, requireClientManager, saveCustomer } from './service.ts';

const ClientParamsSchema = z.object({ id: IdSchema });

/**
 * The customer data of the plan signup (docs/decisions/022-customer-data-call.md), in the §7
 * generic shape: GET {base}/{id}/edit loads it, PUT {base}/{id} saves it (JSON).
 */
export const clientRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
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

  // 'Dados da empresa' (issue 41 item 2): anyone linked reads, managers save.
  app.get(
    '/gl_cliente/:id/dados',
    { schema: { params: ClientParamsSchema }, preValidation: requireUser(db) },
    async (request, reply) => {
      const data = await readCompanyData(db, currentUserId(request), request.params.id);
      reply.header('Cache-Control', 'no-store');
      return envelope(data);
    },
  );

  app.put(
    '/gl_cliente/:id/dados',
    { schema: { params: ClientParamsSchema, body: CompanyDataRequestSchema }, preValidation: requireUser(db) },
    async (request) => {
      const usuarioId = currentUserId(request);
      await requireClientManager(db, usuarioId, request.params.id, COMPANY_MESSAGES.managerOnly);
      const data = await saveCompanyData(db, request.params.id, request.body, { actor: usuarioId, ip: request.ip });
      return envelope(data, { message: COMPANY_MESSAGES.saved });
    },
  );
  done();
};
