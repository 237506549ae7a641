import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { TwofaCheckRequestSchema } from '#shared/schemas/auth';
import {
  TWOFA_MESSAGES,
  TwofaActivateRequestSchema,
  TwofaActivateWhenRequestSchema,
  TwofaDeviceParamsSchema,
  TwofaDisableRequestSchema,
  TwofaValidateCodeRequestSchema,
} from '#shared/schemas/twofa';
import { currentUserId, requireRecentProof, requireUser } from '../../platform/session/guards.ts';
import { unauthorized } from '../../platform/errors.ts';
import { activate, disable, generateQrCode, remindLater, validatePendingCode } from './activation.ts';
import type { TwofaDeps } from './deps.ts';
import { regenerateRecoveryKeys } from './recovery-keys.ts';
import { checkUser, status } from './status.ts';
import { DEVICE_COOKIE, deviceIdOfCookie, trustedDeviceCookieToClear, untrustDevice } from './trusted-devices.ts';

/** The user's trusted devices are gone, or this one is: so is this browser's cookie. */
function clearTrustedDeviceCookie(reply: FastifyReply, secure: boolean): void {
  const cookie = trustedDeviceCookieToClear(secure);
  reply.clearCookie(cookie.name, cookie.options);
}

/** The session making a change: it stays signed in, the user's other sessions end. */
function changeOrigin(request: FastifyRequest) {
  const record = request.session.record;
  if (!record) throw unauthorized();
  return { sessionId: record.id, ip: request.ip };
}

/**
 * §7 2FA calls, all POST. Every one but twofaCheckUsuario acts on the signed-in user's own 2FA
 * and devices only (§6: a user edits only their own record); none takes a user id from the body.
 * Turning 2FA on (from the QR code on), renewing the recovery keys and removing a trusted device
 * need a fresh proof (the step-up, decision 011); turning it off takes its own code.
 */
export const twofaRoutes: FastifyPluginCallbackZod<{
  twofa: TwofaDeps;
  authRateLimitMax: number;
}> = (app, { twofa, authRateLimitMax }, done) => {
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };
  const signedIn = requireUser(twofa.db);
  const proven = [signedIn, requireRecentProof()];

  app.post(
    '/gl_usuario/twofa/twofaCheckUsuario',
    { schema: { body: TwofaCheckRequestSchema }, config: limited },
    async (request) =>
      envelope(await checkUser(twofa, request.body.email, request.cookies[DEVICE_COOKIE])),
  );

  app.post(
    '/gl_usuario/twofa/twofaActivateWhen',
    { schema: { body: TwofaActivateWhenRequestSchema }, preValidation: signedIn },
    async (request) =>
      envelope(await remindLater(twofa, currentUserId(request), request.body?.dias)),
  );

  app.post(
    '/gl_usuario/twofaGenerateQrCode',
    { preValidation: proven, config: limited },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return envelope(await generateQrCode(twofa, currentUserId(request)));
    },
  );

  app.post(
    '/gl_usuario/twofaValidateCodeRequest',
    { schema: { body: TwofaValidateCodeRequestSchema }, preValidation: signedIn, config: limited },
    async (request) =>
      envelope(await validatePendingCode(twofa, currentUserId(request), request.body)),
  );

  app.post(
    '/gl_usuario/twofaActivateTwoFactorAuth',
    { schema: { body: TwofaActivateRequestSchema }, preValidation: proven, config: limited },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const keys = await activate(
        twofa,
        currentUserId(request),
        request.body.secret,
        changeOrigin(request),
      );
      return envelope(keys, { message: TWOFA_MESSAGES.activated });
    },
  );

  app.post(
    '/gl_usuario/twofaDisableTwoFactorAuth',
    { schema: { body: TwofaDisableRequestSchema }, preValidation: signedIn, config: limited },
    async (request, reply) => {
      const result = await disable(
        twofa,
        currentUserId(request),
        request.body.code,
        changeOrigin(request),
      );
      // The user's trusted devices are gone; so is this browser's cookie.
      clearTrustedDeviceCookie(reply, twofa.secureCookies);
      return envelope(result, { message: TWOFA_MESSAGES.disabled });
    },
  );

  app.post(
    '/gl_usuario/twofaGenerateRecoveryKeys',
    { preValidation: proven, config: limited },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return envelope(
        await regenerateRecoveryKeys(twofa, currentUserId(request), changeOrigin(request)),
      );
    },
  );

  app.post('/gl_usuario/twofaStatus', { preValidation: signedIn }, async (request) =>
    envelope(await status(twofa, currentUserId(request))),
  );

  app.post(
    '/gl_usuario/:id/twofaUntrustInDevice',
    { schema: { params: TwofaDeviceParamsSchema }, preValidation: proven },
    async (request, reply) => {
      const usuarioId = currentUserId(request);
      await untrustDevice(twofa, usuarioId, request.params.id);
      if (deviceIdOfCookie(request.cookies[DEVICE_COOKIE]) === request.params.id) {
        clearTrustedDeviceCookie(reply, twofa.secureCookies);
      }
      return envelope(await status(twofa, usuarioId));
    },
  );
  done();
};
