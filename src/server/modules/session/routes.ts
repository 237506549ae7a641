import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { anonymousSession, describeSession, SESSION_CONTEXT_LOOKUP } from './service.ts';

/**
 * GET api/sessao/web (§7). With no valid session the body carries status 400 and 'Sessão
 * expirada.' (§4: that is how the SPA learns the session is gone), over HTTP 200 because the
 * question was answered; see docs/decisions/004-anonymous-session-answer.md.
 * (POST /api/acesso/logout lives in modules/auth.)
 */
export const sessionRoutes: FastifyPluginCallbackZod<{ db: Database; config: Config }> = (app, { db, config }, done) => {
  // The session and everything the answer says about it are read in one query.
  app.get('/sessao/web', { config: { sessionLookup: SESSION_CONTEXT_LOOKUP } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const record = request.session.record;
    const info = record ? await describeSession(db, record, config.isProduction) : null;
    if (!info) {
      return envelope(anonymousSession(config.isProduction), {
        status: 400,
        message: MESSAGES.sessionExpired,
        code: ERROR_CODES.sessionExpired,
      });
    }
    return envelope(info);
  });
  done();
};
