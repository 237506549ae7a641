import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** While closing, how often connections that became idle are looked for and closed. */
const IDLE_SWEEP_MS = 100;
/** A connection answered before its body arrived is ended this long after its answer went out. */
const ANSWERED_EARLY_LINGER_MS = 200;

/**
 * Shutdown of the HTTP side (main.ts, docs/operations.md). Fastify closes the idle keep-alive
 * connections when it closes (forceCloseConnections: 'idle', set in app.ts), but only those idle
 * at that moment:
 * - a connection busy with a request would stay open after its answer, for Fastify's 72 s
 *   keep-alive, and hold the close. So an answer sent while closing says `Connection: close`,
 *   and connections that become idle are closed as they do, not once at the start;
 * - a request answered before its body arrived (a refusal that did not need it: 403 without the
 *   CSRF token, 413) is not over until the client stops sending, which a slow client may take
 *   its time to do (issue 36 item 5). Such connections got their answer: closing ends them.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  const answeredEarly = new Set<Socket>();
  const end = (socket: Socket) => {
    // The answer is written; a moment for it to reach the client before the connection goes.
    socket.end();
    setTimeout(() => socket.destroy(), ANSWERED_EARLY_LINGER_MS).unref();
  };
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of answeredEarly) end(socket);
    answeredEarly.clear();
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const socket: unknown = request.raw.socket;
    // A real connection only (the tests' app.inject has a stand-in without one).
    if (!request.raw.complete && socket instanceof Socket && !socket.destroyed) {
      if (closing) end(socket);
      else if (!answeredEarly.has(socket)) {
        answeredEarly.add(socket);
        socket.once('close', () => answeredEarly.delete(socket));
        // Its body read to the end after all (unread-body.ts): the connection may serve another.
        request.raw.once('end', () => answeredEarly.delete(socket));
      }
    }
    done();
  });
}
