import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { ACESSO_MESSAGES, ProductParamsSchema } from '#shared/schemas/auth';
import type { Database } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { listPublicAccounts, listPublicPlans } from './service.ts';

/**
 * §7 GET /api/gl_produto/{pid}/public_planos and GET /api/pg_conta/public_index: what the plans
 * page shows to anyone, visitors included (§2, §6).
 */
export const planRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get('/gl_produto/:pid/public_planos', { schema: { params: ProductParamsSchema } }, async (request) => {
    const plans = await listPublicPlans(db, request.params.pid);
    if (!plans) throw notFound(ACESSO_MESSAGES.productNotFound, 'product_not_found');
    return envelope(plans);
  });

  app.get('/pg_conta/public_index', async () => envelope(await listPublicAccounts(db)));
  done();
};
