import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { Queryable } from '../db/database.ts';
import { requireStaff } from '../auth/guards.ts';

/** Where the OpenAPI document is published. */
export const API_DOCS_PATH = '/api/docs';

/**
 * Collects every route's zod schemas into an OpenAPI 3.1 document (through the zod type
 * provider's transform, so the document is generated from the same schemas that validate the
 * requests). Registered before the routes, which it must see being added.
 */
export async function collectApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
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
}

/**
 * GET /api/docs: the OpenAPI document itself (not in the §3 envelope: it is for tools such as
 * client generators and Swagger UI), to anyone outside production; in production to signed-in
 * staff only (it maps every route, which helps a reader and an attacker alike).
 */
export function publishApiDocs(app: FastifyInstance, options: { db: Queryable; isProduction: boolean }): void {
  app.get(
    API_DOCS_PATH,
    {
      schema: { hide: true },
      ...(options.isProduction ? { preValidation: requireStaff(options.db, STAFF_LEVEL.operator) } : {}),
    },
    () => app.swagger(),
  );
}
