import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { DropdownQuerySchema } from '#shared/schemas/dropdown';
import { CepRequestSchema, type CepAddress } from '#shared/schemas/plans';
import { PLANO_MESSAGES } from '#shared/plans';
import type { Database } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { CepProvider } from './cep.ts';
import { findCityOption, searchCities } from './service.ts';

/**
 * Geography: §7 GET /api/gl_cidade, the city dropdown's source (§3 "cities text nome plus ' - '
 * plus estado.sigla"). Public reference data (IBGE), so open to visitors too, under the API's
 * global rate limit.
 */
export const geoRoutes: FastifyPluginCallbackZod<{ db: Database; cep: CepProvider; cepRateLimitMax: number }> = (
  app,
  { db, cep, cepRateLimitMax },
  done,
) => {
  app.get('/gl_cidade', { schema: { querystring: DropdownQuerySchema } }, async (request, reply) => {
    // Reference data: the same for everyone, changing only with a deploy.
    reply.header('Cache-Control', 'public, max-age=3600');
    return envelope(await searchCities(db, request.query.q, request.query.p));
  });

  /**
   * §7 POST /api/geo/cep: data has logradouro, bairro, gl_cidade (and uf); 'Preencha um CEP
   * válido.' for fewer than 8 or more than 9 characters (§5). Open to visitors like gl_cidade; its
   * own per-address limit, as an online provider is a third party's service.
   */
  app.post(
    '/geo/cep',
    { schema: { body: CepRequestSchema }, config: { rateLimit: { max: cepRateLimitMax, timeWindow: '1 minute' } } },
    async (request) => {
      const found = await cep.lookup(request.body.cep);
      if (!found) throw notFound(PLANO_MESSAGES.cepNotFound, 'cep_not_found');
      const data: CepAddress = {
        cep: request.body.cep,
        logradouro: found.logradouro,
        bairro: found.bairro,
        gl_cidade: await findCityOption(db, found.cidade, found.uf),
        uf: found.uf,
      };
      return envelope(data);
    },
  );
  done();
};
