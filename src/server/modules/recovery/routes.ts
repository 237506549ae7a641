import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import {
  RecoverEmailRequestSchema,
  RecoverTokenCheckRequestSchema,
  RecoverTokenRequestSchema,
} from '#shared/schemas/account';
import { CONTA_MESSAGES } from '#shared/messages';
import { refuseCommonPassword } from '../../platform/crypto/common-passwords.ts';
import { requireCaptcha, type CaptchaProvider } from '../captcha/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { isDatabaseUnavailable, loggableError } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { isResetTokenUsable, processResetRequests, queueResetRequest, resetPassword } from './service.ts';
import { backgroundTrigger } from './worker.ts';

export interface RecoveryRoutesOptions {
  db: Database;
  captcha: CaptchaProvider;
  publicUrl: string;
  providerName: string;
  authRateLimitMax: number;
}

/** §7 password recovery (docs/decisions/018-password-recovery.md). */
export const recoveryRoutes: FastifyPluginCallbackZod<RecoveryRoutesOptions> = (
  app,
  { db, captcha, publicUrl, providerName, authRateLimitMax },
  done,
) => {
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };
  // The queued requests, handled in this instance after the answers (decision 101). Never thrown
  // to a request; what fails stays queued for the periodic sweep (worker.ts).
  const resetRequests = backgroundTrigger(
    () => processResetRequests(db, { publicUrl, providerName }),
    (error) =>
      app.log[isDatabaseUnavailable(error) ? 'warn' : 'error'](
        { err: loggableError(error) },
        'password reset requests: processing failed, the sweep retries',
      ),
  );
  // A run in progress ends before the database closes (main.ts closes the app first).
  app.addHook('onClose', () => resetRequests.idle());

  /**
   * §7 POST api/acesso/recuperar_email: one answer whether or not the address has an account, in
   * the same time too (OWASP ASVS 5.0 6.3.8, decision 101): after the captcha the request does one
   * insert, whatever the address, and answers; the look-up and the e-mail come after the answer.
   */
  app.post(
    '/acesso/recuperar_email',
    {
      schema: { body: RecoverEmailRequestSchema },
      config: limited,
      // onResponse runs on the response's 'finish', when the answer's last byte has gone to the
      // socket; the trigger then waits for the next turn of the event loop (setImmediate), so no
      // work of the processing can delay or shape the answer.
      onResponse: (_request, reply, done) => {
        if (reply.statusCode === 200) resetRequests.trigger();
        done();
      },
    },
    async (request) => {
      await requireCaptcha(captcha, request.body.recaptcha, request.ip);
      await queueResetRequest(db, request.body.email);
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
      const reset = await resetPassword(db, {
        token: request.body.token,
        senha: request.body.senha,
        keepSessionId: request.session.record?.id ?? null,
        providerName,
        ip: request.ip,
      });
      if (!reset) throw new AppError(404, CONTA_MESSAGES.resetLinkInvalid, 'reset_token_invalid');
      // The e-mail lets the login start filled in; only the holder of the e-mailed link gets it.
      return envelope({ email: reset.email }, { message: CONTA_MESSAGES.passwordChanged });
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
