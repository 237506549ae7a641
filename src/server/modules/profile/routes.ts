import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { PasswordUpdateRequestSchema, ProfileUpdateRequestSchema } from '#shared/schemas/profile';
import { USUARIO_MESSAGES } from '#shared/messages';
import { refuseCommonPassword } from '../../platform/crypto/common-passwords.ts';
import { currentUserId, requireUser } from '../../platform/session/guards.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { unauthorized } from '../../platform/errors.ts';
import { changePassword, findMe, updateMe } from './service.ts';

/**
 * §7 gl_usuario/me calls: the signed-in user's own record only (§6); no user id is taken from
 * the request.
 */
export const profileRoutes: FastifyPluginCallbackZod<{
  db: Database;
  config: Config;
  authRateLimitMax: number;
}> = (app, { db, config, authRateLimitMax }, done) => {
  const signedIn = requireUser(db);
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };

  app.get('/gl_usuario/me', { preValidation: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return envelope({ data: await findMe(db, currentUserId(request)) });
  });

  app.post(
    '/gl_usuario/me/update',
    { schema: { body: ProfileUpdateRequestSchema }, preValidation: signedIn },
    async (request) =>
      envelope(
        { data: await updateMe(db, currentUserId(request), request.body) },
        { message: USUARIO_MESSAGES.profileUpdated },
      ),
  );

  app.post(
    '/gl_usuario/me/senha_update',
    { schema: { body: PasswordUpdateRequestSchema }, preValidation: signedIn, config: limited },
    async (request) => {
      await refuseCommonPassword('senha_nova', request.body.senha_nova);
      const record = request.session.record;
      if (!record) throw unauthorized();
      await changePassword(db, record.usuarioId, request.body, {
        providerName: config.PROVIDER_NAME,
        sessionId: record.id,
        ip: request.ip,
      });
      return envelope(null, { message: USUARIO_MESSAGES.passwordChanged });
    },
  );
  done();
};
