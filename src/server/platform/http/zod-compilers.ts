import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Every route validates its input and serialises its answer with its zod schemas. Given to
 * Fastify as its compiler factories (the `schemaController` option), they keep it from loading
 * its default ajv and fast-json-stringify compilers, which nothing uses: about 60 ms of every
 * start (docs/decisions/093-start-time.md). Fastify calls a compiler with
 * { schema, method, url, httpPart } whichever factory built it; its types name ajv's only, hence
 * the casts.
 */
export const zodCompilersFactory: CompilersFactory = {
  buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
  buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
};
