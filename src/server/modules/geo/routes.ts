import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { DropdownQuerySchema } from '#shared/schemas/dropdown';
import type { Database } from '../../db/database.ts';
import { searchCities } from './service.ts';

/**
 * Geography: §7 GET /api/gl_cidade, the city dropdown's source (§3 "cities text nome plus ' - '
 * plus estado.sigla"). Public reference data (IBGE), so open to visitors too, under the API's
 * global rate limit.
 */
export const geoRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get('/gl_cidade', { schema: { querystring: DropdownQuerySchema } }, async (request, reply) => {
    // Reference data: the same for everyone, changing only with a deploy.
    reply.header('Cache-Control', 'public, max-age=3600');
    return envelope(await searchCities(db, request.query.q, request.query.p));
  });
  done();
};
