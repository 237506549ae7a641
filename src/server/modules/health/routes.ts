import type { FastifyInstance } from 'fastify';

/** Liveness answers while the process runs; readiness only while the database answers too. */
export function healthRoutes(app: FastifyInstance, ping: () => Promise<void>): void {
  app.get('/healthz', { config: { rateLimit: false } }, () => ({ status: 'ok' }));
  app.get('/readyz', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await ping();
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'indisponivel' });
    }
  });
}
