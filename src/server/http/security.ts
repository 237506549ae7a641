import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../errors.ts';
import { isApiRequest } from '../session/session-plugin.ts';

export interface SecurityOptions {
  rateLimitMax: number;
  /** The shared Redis (http/shared-redis.ts) for counters shared by instances. */
  redis?: Redis | undefined;
  isProduction: boolean;
}

/**
 * Security headers and the global rate limit. The CSP allows only the portal's own scripts and
 * styles: the built SPA has no inline script or style (the build's output is checked by the
 * browser tests, which fail on any console error such as a CSP violation).
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
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
