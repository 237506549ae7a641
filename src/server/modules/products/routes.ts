import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { ACESSO_MESSAGES, ProductParamsSchema } from '#shared/schemas/auth';
import { DestinationQuerySchema, type DestinationCheck } from '#shared/schemas/destination';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { findActiveProduct, isAllowedDestination } from './service.ts';

/** §7 GET /api/gl_produto/{pid}/edit: data is the product, public (the login screen loads it first). */
export const productRoutes: FastifyPluginCallbackZod<{ db: Database; config: Config }> = (
  app,
  { db, config },
  done,
) => {
  app.get('/gl_produto/:pid/edit', { schema: { params: ProductParamsSchema } }, async (request) => {
    const product = await findActiveProduct(db, request.params.pid, config.publicUrl);
    if (!product) throw notFound(ACESSO_MESSAGES.productNotFound, 'product_not_found');
    return envelope(product);
  });

  /**
   * The redirect page's allow-list (§2 accessurl_redirect, decision 041): is this origin the
   * portal's or an active product's? Public, like the products themselves; the origin only.
   */
  app.get('/gl_produto/destino', { schema: { querystring: DestinationQuerySchema } }, async (request) => {
    const { origem } = request.query;
    const data: DestinationCheck = { origem, permitido: await isAllowedDestination(db, origem, config.publicUrl) };
    return envelope(data);
  });
  done();
};
