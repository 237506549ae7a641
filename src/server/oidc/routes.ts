import type { IncomingMessage } from 'node:http';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { presentedSecretAsStored } from './clients.ts';
import { handleInteraction } from './interaction.ts';
import { INTERACTION_PATH, OIDC_PATH, setPortalSession } from './provider.ts';
import type { OidcRuntime } from './runtime.ts';

/** The provider's paths that decide by the portal's sign-in: authorization, its resume, logout. */
const SIGN_IN_PATHS = /^\/oidc\/(auth|session\/end)(\/|$|\?)/;

/**
 * Everything under /oidc is oidc-provider's (a Koa application): the request is handed to it
 * raw, its body unread (the provider parses its own forms). The Host and scheme it builds its
 * URLs from are pinned to PUBLIC_URL, so a forged Host header cannot put another address in the
 * discovery document. /oidc/interacao/{uid} is the portal's side of a sign-in. Decisions 086, 087.
 */
export const oidcRoutes: FastifyPluginCallback<{
  oidc: OidcRuntime;
  rateLimitMax: number;
  authRateLimitMax: number;
}> = (app, options, done) => {
  const { oidc } = options;
  const { db } = oidc.options;
  const publicUrl = new URL(oidc.options.publicUrl);
  // Leave the body in the stream for the provider.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, next) => next(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const { handle: callback } = await oidc.ready();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    if (SIGN_IN_PATHS.test(raw.url ?? '')) {
      const record = await request.session.load();
      setPortalSession(raw, record && { id: record.id, usuarioId: record.usuarioId });
    }
    raw.originalUrl = raw.url;
    raw.url = raw.url?.slice(OIDC_PATH.length) || '/';
    raw.headers.host = publicUrl.host;
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    delete raw.headers['x-forwarded-host'];
    // The address as the portal resolved it (TRUST_PROXY), not as the client claims it.
    raw.headers['x-forwarded-for'] = request.ip;
    // Secrets are kept hashed (decision 087): the provider compares the hash of the one presented.
    if (raw.headers.authorization)
      raw.headers.authorization = presentedSecretAsStored(raw.headers.authorization);
    // The provider's forms (the logout question, the account switch it posts by itself) end, after
    // redirects, at an application's address; CSP checks form-action on those redirects too, so
    // the portal's form-action 'self' would stop them there. The pages' forms are the library's.
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.raw.setHeader('content-security-policy', csp.replace(/;?form-action [^;]*/, ''));
    reply.hijack();
    await callback(raw, reply.raw);
  };
  // The global limit lets every non-API path through (http/security.ts); these paths are the
  // provider's API, so they take the API's limit, and the endpoints that check an application's
  // secret or a token the sign-in's.
  const limit = (max: number) => ({
    config: { rateLimit: { max, timeWindow: '1 minute', allowList: () => false } },
  });
  app.all(OIDC_PATH, limit(options.rateLimitMax), handle);
  app.all(`${OIDC_PATH}/*`, limit(options.rateLimitMax), handle);
  app.post(`${OIDC_PATH}/token`, limit(options.authRateLimitMax), handle);
  app.post(`${OIDC_PATH}/token/*`, limit(options.authRateLimitMax), handle);
  app.get<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid`,
    limit(options.rateLimitMax),
    async (request, reply) => {
      const { provider } = await oidc.ready();
      return handleInteraction(provider, db, request, reply);
    },
  );
  done();
};
