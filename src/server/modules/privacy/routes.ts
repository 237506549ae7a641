import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/envelope';
import { IdSchema } from '#shared/schemas/auth';
import { PRIVACY_MESSAGES } from '#shared/privacy';
import { DeletionRequestSchema } from '#shared/schemas/privacy';
import { currentUserId, requireRecentProof, requireUser } from '../../platform/session/guards.ts';
import { loggableError } from '../../platform/db/errors.ts';
import { requireLoopback } from '../dev-mailbox/index.ts';
import { acceptCurrentVersions } from './legal-versions.ts';
import {
  cancelDeletion,
  deletionScheduledMessage,
  processDeletions,
  requestDeletion,
} from './account-deletion.ts';
import { processExports, requestExport, takeExport } from './data-export.ts';
import type { PrivacyDeps } from './lgpd-requests.ts';
import { privacyOverview } from './overview.ts';

/**
 * The person's privacy self-service (issue 19, docs/decisions/088-privacy-self-service.md), always
 * on the signed-in person: no user id is taken from the request.
 */
export const privacyRoutes: FastifyPluginCallbackZod<{
  privacy: PrivacyDeps;
  authRateLimitMax: number;
}> = (app, { privacy, authRateLimitMax }, done) => {
  const { db } = privacy;
  const signedIn = requireUser(db);
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };
  const base = '/gl_usuario/me/privacidade';

  app.get(base, { preValidation: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return envelope(await privacyOverview(db, currentUserId(request)));
  });

  // Accepting the legal pages' versions in force (after staff published new ones).
  app.post(`${base}/consentimento`, { preValidation: signedIn }, async (request) => {
    const usuarioId = currentUserId(request);
    await acceptCurrentVersions(db, usuarioId, { ip: request.ip, now: new Date() });
    return envelope(await privacyOverview(db, usuarioId), {
      message: PRIVACY_MESSAGES.consentRecorded,
    });
  });

  // A copy of the data: asks the step-up proof (decision 011); produced in the background.
  app.post(
    `${base}/exportacao`,
    { preValidation: [signedIn, requireRecentProof()] },
    async (request) => {
      const data = await requestExport(db, currentUserId(request), request.ip);
      // This instance starts on it now; the job of any instance would take it otherwise.
      processExports(db, privacy.providerName).catch((error: unknown) =>
        request.log.warn({ err: loggableError(error) }, 'privacy export: left for the next run'),
      );
      return envelope(data, { message: PRIVACY_MESSAGES.exportRequested });
    },
  );

  app.get(
    `${base}/exportacao/:id/arquivo`,
    { schema: { params: z.object({ id: IdSchema }) }, preValidation: signedIn },
    async (request, reply) => {
      const zip = await takeExport(db, currentUserId(request), request.params.id);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="meus-dados.zip"')
        .type('application/zip')
        .send(Buffer.from(zip));
    },
  );

  // The password (and the second factor) confirm it: limited like every check of a secret.
  app.post(
    `${base}/exclusao`,
    { schema: { body: DeletionRequestSchema }, preValidation: signedIn, config: limited },
    async (request) => {
      const data = await requestDeletion(privacy, {
        usuarioId: currentUserId(request),
        ip: request.ip,
        ...request.body,
      });
      return envelope(data, { message: deletionScheduledMessage(data) });
    },
  );

  app.delete(`${base}/exclusao`, { preValidation: signedIn }, async (request) => {
    await cancelDeletion(db, currentUserId(request), request.ip);
    return envelope(await privacyOverview(db, currentUserId(request)), {
      message: PRIVACY_MESSAGES.deletionCancelled,
    });
  });
  done();
};

/**
 * Development and browser tests only (app.ts registers it outside production; loopback callers):
 * runs the privacy job as if `dias` days had passed, so a test sees a deletion's grace end.
 */
export const devPrivacyRoutes: FastifyPluginCallbackZod<{ privacy: PrivacyDeps }> = (
  app,
  { privacy },
  done,
) => {
  app.post(
    '/dev/privacidade/processar',
    {
      schema: { body: z.object({ dias: z.number().int().min(0).max(30) }) },
      preValidation: requireLoopback,
    },
    async (request) => {
      const now = new Date(Date.now() + request.body.dias * 24 * 3_600_000);
      const exclusoes = await processDeletions(privacy, now);
      const exportacoes = await processExports(privacy.db, privacy.providerName);
      return envelope({ exclusoes, exportacoes });
    },
  );
  done();
};
