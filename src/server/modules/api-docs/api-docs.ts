import type { FastifyInstance, RouteOptions } from 'fastify';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { Queryable } from '../../platform/db/database.ts';
import { requireStaff } from '../../platform/session/guards.ts';
import { zodCompilersFactory } from '../../platform/http/zod-compilers.ts';

/** Where the OpenAPI document is published. */
export const API_DOCS_PATH = '/api/docs';

/** The parts of a route the OpenAPI document is made of (what @fastify/swagger reads). */
type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config' | 'constraints'>;

/** The OpenAPI document of the routes collected by collectApiDocs, built on first request. */
export interface ApiDocs {
  document(): Promise<unknown>;
}

/**
 * Writes the OpenAPI 3.1 document of the routes through @fastify/swagger and the zod type
 * provider's transform (so it comes from the same schemas that validate the requests), on a
 * Fastify instance of its own that only ever holds the routes' descriptions. Loading the two and
 * their dependencies takes 50–100 ms, which every start paid when the document was collected
 * as the routes were added (docs/decisions/093-start-time.md); now only its first reader does.
 */
async function writeDocument(routes: readonly DocumentedRoute[]): Promise<unknown> {
  const [{ default: Fastify }, { default: swagger }, { jsonSchemaTransform }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('fastify-type-provider-zod'),
  ]);
  const describer = Fastify({ exposeHeadRoutes: false, schemaController: { compilersFactory: zodCompilersFactory } });
  try {
    await describer.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Portal do Cliente API',
          description:
            'Every answer is the §3 envelope { status, message, errors, warnings, data }; a failure adds `code` ' +
            '(docs/decisions/003-error-contract.md). A call that changes something sends the X-XSRF-TOKEN header ' +
            'with the XSRF-TOKEN cookie of the session (docs/decisions/002-sessions-and-csrf.md).',
          version: '1',
        },
      },
      transform: jsonSchemaTransform,
    });
    for (const route of routes) describer.route({ ...route, handler: () => null });
    await describer.ready();
    return describer.swagger();
  } finally {
    await describer.close();
  }
}

/**
 * Notes every route as it is added (registered before the routes, which it must see), leaving
 * out the HEAD twins Fastify adds to GET routes, as @fastify/swagger does.
 */
export function collectApiDocs(app: FastifyInstance): ApiDocs {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema, config, constraints }) => {
    if (method === 'HEAD') return;
    routes.push({ method, url, schema, config, ...(constraints && { constraints }) });
  });
  let written: Promise<unknown> | undefined;
  return {
    document: () => {
      // The routes are all there once the app serves requests; a failed attempt is not kept.
      written ??= writeDocument(routes).catch((error: unknown) => {
        written = undefined;
        throw error;
      });
      return written;
    },
  };
}

/**
 * GET /api/docs: the OpenAPI document itself (not in the §3 envelope: it is for tools such as
 * client generators and Swagger UI), to anyone outside production; in production to signed-in
 * staff only (it maps every route, which helps a reader and an attacker alike).
 */
export function publishApiDocs(
  app: FastifyInstance,
  options: { docs: ApiDocs; db: Queryable; isProduction: boolean },
): void {
  app.get(
    API_DOCS_PATH,
    {
      schema: { hide: true },
      ...(options.isProduction ? { preValidation: requireStaff(options.db, STAFF_LEVEL.operator) } : {}),
    },
    () => options.docs.document(),
  );
}
