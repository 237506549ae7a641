import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../errors.ts';
import { isApiRequest } from '../session/session-plugin.ts';

export interface SecurityOptions {
  rateLimitMax: number;
  /** apiSecurityHeaders(isProduction), computed once by the app. */
  apiHeaders: Readonly<Record<string, string>>;
  /** The shared Redis (http/shared-redis.ts) for counters shared by instances. */
  redis?: Redis | undefined;
  isProduction: boolean;
}

/**
 * Security headers and the global rate limit. The CSP allows only the portal's own scripts and
 * styles: the built SPA has no inline script or style (the build's output is checked by the
 * browser tests, which fail on any console error such as a CSP violation).
 */
/**
 * The security headers of every API answer, computed once by helmet (building them for each
 * request was a tenth of a session check's time). JSON needs no script, style or image source:
 * the CSP is OWASP's for a REST API, `default-src 'none'; frame-ancestors 'none'`; the other
 * headers are helmet's, as on the pages.
 */
export function apiSecurityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: isProduction,
    referrerPolicy: { policy: 'no-referrer' },
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: (name: string) => delete headers[name],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // API routes take the fixed headers; the pages keep helmet's per-response nonces (below).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') || route.config?.api === true) route.helmet = false;
  });
  const { apiHeaders } = options;
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiRequest(request)) void reply.headers(apiHeaders);
    done();
  });
  await app.register(fastifyHelmet, {
    // A fresh nonce per response, added to script-src and style-src. The SPA hands the style
    // nonce (meta csp-nonce) to the searchable dropdown, whose styles are inserted at run time
    // (docs/decisions/019-searchable-dropdown.md); nothing else may add a <style>.
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the portal is served over HTTPS (production).
    strictTransportSecurity: options.isProduction,
    referrerPolicy: { policy: 'no-referrer' },
  });

  const { redis } = options;
  // One limit per address for the whole API; routes that check a secret add stricter ones.
  // With REDIS_URL the counters are shared by every instance (docs/architecture.md).
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitMax,
    timeWindow: '1 minute',
    // By the matched route, so every spelling of an API path counts (canonical-path.ts).
    allowList: (request) => !isApiRequest(request),
    // While Redis is away a request is let through rather than refused or failed (033).
    ...(redis ? { redis, nameSpace: 'portal-rl:', skipOnError: true } : {}),
    errorResponseBuilder: () => tooManyRequests(),
  });
}
