import type { FastifyPluginCallback } from 'fastify';
import { envelope } from '#shared/envelope';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import {
  parsePixNotification,
  PIX_WEBHOOK_MESSAGES,
  receivePixPayments,
  verifyPixSignature,
  type PixWebhookKeys,
} from './pix-webhook.ts';
import { pixWebhookResults } from '../../platform/observability/metrics.ts';

/** Calls per minute per address: a PSP's deliveries stay far below; a forger is slowed down. */
const PIX_WEBHOOK_MAX = 300;
const BODY_LIMIT = 256 * 1024;

/**
 * POST /api/pg_fatura/webhook/pix (issue 20): a machine's call, authenticated by its signature
 * (pix-webhook.ts), so no session cookie and no CSRF token (session-plugin.ts `signedCall`). The
 * body is read as text because the signature covers its exact bytes. A valid call is answered 200
 * with what happened to each payment, also when nothing changed (a repeated delivery), so the PSP
 * stops retrying; a refused signature is 401 and changes nothing.
 */
export const pixWebhookRoutes: FastifyPluginCallback<{
  db: Database;
  config: Config;
  keys: PixWebhookKeys;
}> = (app, { db, config, keys }, done) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, next) => next(null, body),
  );

  app.post(
    '/pg_fatura/webhook/pix',
    { config: { signedCall: true, rateLimit: { max: PIX_WEBHOOK_MAX, timeWindow: '1 minute' } } },
    async (request) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const contaId = await verifyPixSignature(db, keys, {
        conta: header('x-pix-conta'),
        assinatura: header('x-pix-assinatura'),
        body,
        now: new Date(),
      });
      if (contaId === null) {
        pixWebhookResults.inc({ result: 'assinatura_invalida' });
        throw new AppError(401, PIX_WEBHOOK_MESSAGES.invalidSignature, 'invalid_signature');
      }
      const notification = parsePixNotification(body);
      if (!notification) {
        pixWebhookResults.inc({ result: 'corpo_invalido' });
        throw badRequest(PIX_WEBHOOK_MESSAGES.invalidBody);
      }
      const recebidos = await receivePixPayments(db, {
        contaId,
        notification,
        providerName: config.PROVIDER_NAME,
        publicUrl: config.publicUrl,
      });
      for (const { resultado } of recebidos) pixWebhookResults.inc({ result: resultado });
      return envelope({ recebidos });
    },
  );
  done();
};
