import type { FastifyInstance } from 'fastify';

/**
 * Shutdown of the HTTP side (main.ts, docs/operations.md). Fastify closes the idle keep-alive
 * connections when it closes (forceCloseConnections: 'idle', set in app.ts), but a connection
 * busy with a request at that moment would stay open after its answer, for Fastify's 72 s
 * keep-alive, and hold the close. So an answer sent while closing says `Connection: close` and
 * Node ends the connection right after it.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
}
