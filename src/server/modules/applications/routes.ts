import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import {
  APPLICATION_MESSAGES,
  AplicativoParamsSchema,
  InteracaoParamsSchema,
  type ConnectedApplicationsResponse,
} from '#shared/schemas/applications';
import { currentUserId, requireUser } from '../../platform/session/guards.ts';
import type { Database } from '../../platform/db/database.ts';
import {
  allowApplication,
  connectedApplications,
  interactionInfo,
  revokeApplication,
} from './service.ts';

/**
 * Connected applications (issue 34, decision 097): what a pending sign-in asks (anonymous: the
 * login screen names the application before anyone signs in; the id is an unguessable secret of
 * that browser's sign-in), the consent, and the person's own list with 'Revogar acesso'.
 */
export const applicationRoutes: FastifyPluginCallbackZod<{ db: Database }> = (
  app,
  { db },
  done,
) => {
  const signedIn = requireUser(db);

  app.get(
    '/oidc/interacao/:uid',
    { schema: { params: InteracaoParamsSchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return envelope(await interactionInfo(db, request.params.uid));
    },
  );

  app.post(
    '/oidc/interacao/:uid/consentimento',
    { schema: { params: InteracaoParamsSchema }, preValidation: signedIn },
    async (request) => {
      const usuarioId = currentUserId(request);
      const data = await allowApplication(db, request.params.uid, usuarioId, {
        actor: usuarioId,
        ip: request.ip,
      });
      return envelope(data, { message: APPLICATION_MESSAGES.allowed });
    },
  );

  const list = async (usuarioId: number): Promise<ConnectedApplicationsResponse> => ({
    aplicativos: await connectedApplications(db, usuarioId),
  });

  app.get('/gl_usuario/me/aplicativos', { preValidation: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return envelope(await list(currentUserId(request)));
  });

  // Like ending a session, revoking only takes access away: no step-up (decision 070).
  app.post(
    '/gl_usuario/me/aplicativos/:id/revogar',
    { schema: { params: AplicativoParamsSchema }, preValidation: signedIn },
    async (request) => {
      const usuarioId = currentUserId(request);
      const aplicativo = await revokeApplication(db, usuarioId, request.params.id, {
        actor: usuarioId,
        ip: request.ip,
      });
      return envelope(await list(usuarioId), { message: APPLICATION_MESSAGES.revoked(aplicativo) });
    },
  );
  done();
};
