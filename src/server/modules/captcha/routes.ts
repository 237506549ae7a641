import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { notFound } from '../../platform/errors.ts';
import { AltchaCaptcha } from './altcha.ts';
import type { CaptchaProvider } from './provider.ts';

/**
 * GET /api/captcha/config (which captcha the forms show) and GET /api/captcha/desafio (an ALTCHA
 * challenge). Our additions; the specification only names the payload field `recaptcha`.
 */
export const captchaRoutes: FastifyPluginCallbackZod<{
  captcha: CaptchaProvider;
  authRateLimitMax: number;
}> = (app, { captcha, authRateLimitMax }, done) => {
  app.get('/captcha/config', (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return envelope(captcha.publicConfig);
  });

  app.get(
    '/captcha/desafio',
    { config: { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } } },
    async (_request, reply) => {
      if (!(captcha instanceof AltchaCaptcha)) throw notFound();
      const challenge = await captcha.createChallenge();
      reply.header('Cache-Control', 'no-store');
      // The envelope, plus the challenge at the top level where the ALTCHA widget reads it when
      // given this URL (docs/decisions/014-captcha.md).
      return { ...envelope(challenge), ...challenge };
    },
  );
  done();
};
