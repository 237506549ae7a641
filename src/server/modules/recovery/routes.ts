import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import {
  RecoverEmailRequestSchema,
  RecoverTokenCheckRequestSchema,
  RecoverTokenRequestSchema,
} from '#shared/schemas/account';
import { CONTA_MESSAGES } from '#shared/messages';
import { refuseCommonPassword } from '../../auth/common-passwords.ts';
import { requireCaptcha, type CaptchaProvider } from '../../captcha/provider.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { isResetTokenUsable, requestPasswordReset, resetPassword } from './service.ts';

export interface RecuperacaoRoutesOptions {
  db: Database;
  captcha: CaptchaProvider;
  publicUrl: string;
  providerName: string;
  authRateLimitMax: number;
}

/** §7 password recovery (docs/decisions/018-password-recovery.md). */
export const recuperacaoRoutes: FastifyPluginCallbackZod<RecuperacaoRoutesOptions> = (
  app,
  { db, captcha, publicUrl, providerName, authRateLimitMax },
  done,
) => {
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };

  /** §7 POST api/acesso/recuperar_email: one answer whether or not the address has an account. */
  app.post(
    '/acesso/recuperar_email',
    { schema: { body: RecoverEmailRequestSchema }, config: limited },
    async (request) => {
      await requireCaptcha(captcha, request.body.recaptcha, request.ip);
      await requestPasswordReset(db, request.body.email, { publicUrl, providerName });
      return envelope(null, { message: CONTA_MESSAGES.recoverSent });
    },
  );

  /** §7 POST api/acesso/recuperar_token: the e-mailed link's token and the new password. */
  app.post(
    '/acesso/recuperar_token',
    { schema: { body: RecoverTokenRequestSchema }, config: limited },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await refuseCommonPassword('senha', request.body.senha);
      const ok = await resetPassword(db, {
        token: request.body.token,
        senha: request.body.senha,
        keepSessionId: request.session.record?.id ?? null,
        providerName,
        ip: request.ip,
      });
      if (!ok) throw new AppError(404, CONTA_MESSAGES.resetLinkInvalid, 'reset_token_invalid');
      return envelope(null, { message: CONTA_MESSAGES.passwordChanged });
    },
  );

  /**
   * The reset page asks, when it opens, whether its link still works (ours, docs/decisions/050):
   * the same 404 as recuperar_token when it does not. The token travels in the body, like there;
   * limited like the other calls that check a secret.
   */
  app.post(
    '/acesso/recuperar_token/verificar',
    { schema: { body: RecoverTokenCheckRequestSchema }, config: limited },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!(await isResetTokenUsable(db, request.body.token))) {
        throw new AppError(404, CONTA_MESSAGES.resetLinkInvalid, 'reset_token_invalid');
      }
      return envelope(null);
    },
  );

  done();
};
