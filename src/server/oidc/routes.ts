import type { IncomingMessage } from 'node:http';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import { createOidcProvider, OIDC_PATH, type OidcOptions } from './provider.ts';

/**
 * Everything under /oidc is oidc-provider's (a Koa application): the request is handed to it
 * raw, its body unread (the provider parses its own forms). The Host and scheme it builds its
 * URLs from are pinned to PUBLIC_URL, so a forged Host header cannot put another address in the
 * discovery document. Decision 086.
 */
export const oidcRoutes: FastifyPluginCallback<
  Omit<OidcOptions, 'log'> & { rateLimitMax: number; authRateLimitMax: number }
> = (app, options, done) => {
  const publicUrl = new URL(options.publicUrl);
  // The provider's Koa request handler, made once (composing it per request is wasted work).
  let handler: Promise<ReturnType<Provider['callback']>> | null = null;
  const ready = () => {
    handler ??= createOidcProvider({ ...options, log: app.log }).then(
      (provider) => provider.callback(),
      (error: unknown) => {
        // A database that was away at the first request: the next one tries again.
        handler = null;
        throw error;
      },
    );
    return handler;
  };

  // Leave the body in the stream for the provider.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, next) => next(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const callback = await ready();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url?.slice(OIDC_PATH.length) || '/';
    raw.headers.host = publicUrl.host;
    raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    delete raw.headers['x-forwarded-host'];
    // The address as the portal resolved it (TRUST_PROXY), not as the client claims it.
    raw.headers['x-forwarded-for'] = request.ip;
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
  done();
};
