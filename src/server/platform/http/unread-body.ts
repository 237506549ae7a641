import type { FastifyInstance } from 'fastify';

/**
 * A request answered before its body was read to the end (an upload refused midway: too large,
 * the disk full) has the rest of its body read and dropped. Node drops an unread body by itself,
 * but not one that was piped into a parser (the multipart's busboy). Until the body is over, the
 * connection cannot carry the client's next request, which would wait for ever (issue 36 item 3).
 */
export function registerUnreadBodyDrain(app: FastifyInstance): void {
  app.addHook('onResponse', (request, _reply, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      raw.unpipe();
      raw.resume();
    }
    done();
  });
}
