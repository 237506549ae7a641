import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey, isBlocked, readFailures, recordFailure, type ThrottlePolicy } from '../../platform/throttle/throttle.ts';
import { isQueryTimeout, isTransientDatabaseError, loggableError } from '../../platform/db/errors.ts';
import { httpUnavailable } from '../../platform/observability/metrics.ts';
import { RETRY_AFTER_SECONDS } from '../../platform/http/error-handler.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { presentedSecretAsStored } from './clients.ts';
import { handleInteraction } from './interaction.ts';
import { unavailablePage } from './pages.ts';
import { INTERACTION_PATH, OIDC_PATH, setPortalSession } from './provider.ts';
import type { OidcRuntime } from './runtime.ts';

/** The provider's paths that decide by the portal's sign-in: authorization, its resume, logout. */
const SIGN_IN_PATHS = /^\/oidc\/(auth|session\/end)(\/|$|\?)/;

/**
 * The endpoints that authenticate an application (RFC 6749 §2.3): token (§3.2), pushed
 * authorization requests (RFC 9126, on by default in oidc-provider 9), introspection (RFC 7662)
 * and revocation (RFC 7009). Device flow, CIBA, registration and client attestation, which would
 * add more, are off (provider.ts).
 */
const CLIENT_AUTH_ENDPOINTS = ['/token', '/token/introspection', '/token/revocation', '/request'];
/** Userinfo checks a bearer access token (RFC 6750), which names no application till checked. */
const USERINFO_ENDPOINT = '/me';

/**
 * Every path the provider answers under /oidc with provider.ts's configuration: oidc-provider 9's
 * default `routes` of the features it enables (lib/helpers/defaults.js, initialize_app.js), its
 * discovery documents, the resume of an authorization and the steps of RP-initiated logout.
 * `:param` is any segment (interaction ids are mixed-case); the rest is matched as spelled.
 */
const PROVIDER_PATHS = [
  '/auth',
  '/auth/:uid',
  ...CLIENT_AUTH_ENDPOINTS,
  USERINFO_ENDPOINT,
  '/jwks',
  '/session/end',
  '/session/end/confirm',
  '/session/end/success',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server',
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PROVIDER_PATH_PATTERNS = [
  ...PROVIDER_PATHS.map(
    (path) => new RegExp(`^${escapeRegExp(OIDC_PATH + path).replace(/\/:[a-z]+/g, '/[^/]+')}$`),
  ),
  // The portal's side of a sign-in: its id, then any lower-case sub-path (its steps).
  new RegExp(`^${escapeRegExp(INTERACTION_PATH)}/[^/]+(?:/[^/A-Z]+)*$`),
];

/**
 * Whether a path (canonical otherwise: http/canonical-path.ts) is spelled as one of the paths
 * served under /oidc. The provider's router folds case, so /oidc/Token was its token endpoint
 * reached through the /oidc/* route and its weaker limit; canonical-path.ts answers 404 to every
 * other spelling, so each endpoint has one way in and one limit (OWASP ASVS 5.0 6.3.4).
 */
export function isOidcPath(path: string): boolean {
  return PROVIDER_PATH_PATTERNS.some((pattern) => pattern.test(path));
}

/**
 * The client id of RFC 6749 §2.3.1 HTTP Basic credentials, decoded as oidc-provider decodes it
 * (form-urlencoded, so app%5Fx is app_x), or undefined when the header is not Basic or the
 * provider would refuse it before checking a secret. Hashed: it is a key of bounded size.
 */
function basicClientKey(authorization: string | undefined): string | undefined {
  const match = /^basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, '%20'));
    return createHash('sha256').update(clientId).digest('base64url');
  } catch {
    return undefined;
  }
}

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
  /*
   * Limits (OWASP ASVS 5.0 6.3.1, 6.1.1; issue 34). The global limit lets every non-API path
   * through (http/security.ts), so each route here sets the API's limit per address. The
   * endpoints that check an application's secret (and userinfo, which checks a token) also count
   * the secrets and tokens they refuse, per address and per application (the one of the Basic
   * header, the way confidential applications authenticate, decision 087), in the throttle of
   * decision 010: past RATE_LIMIT_AUTH_MAX refusals in a minute they answer 429 with Retry-After
   * (RFC 6585 §4; RFC 6749 §5.2 has no error code for it) for a minute, whatever the secret. Only
   * refusals count, so an application's servers can exchange as many codes as its people sign in;
   * addresses taken in turn do not multiply a stranger's guesses, and their lock on an
   * application lasts a minute after they stop. Any other spelling of these paths is a 404
   * (isOidcPath), so none reaches an endpoint without its limit.
   */
  const limit = (max: number) => ({
    config: { rateLimit: { max, timeWindow: '1 minute', allowList: () => false } },
  });
  const refusals: ThrottlePolicy = {
    windowMs: 60_000,
    slowFrom: null,
    maxDelayMs: 0,
    lockAt: options.authRateLimitMax,
    lockMs: 60_000,
  };
  const refusalKeys = (request: FastifyRequest): string[] => {
    const client = basicClientKey(request.headers.authorization);
    return [`oidc-ip:${addressKey(request.ip)}`, ...(client ? [`oidc-cliente:${client}`] : [])];
  };
  /** Before the provider checks anything: a key over its refusals is answered 429 at once. */
  const refuseWhileBlocked = async (request: FastifyRequest, reply: FastifyReply) => {
    const keys = refusalKeys(request);
    const failures = await readFailures(db, keys);
    const now = new Date();
    if (!isBlocked(failures, keys, now)) return;
    const until = Math.max(...keys.map((key) => failures.get(key)?.getTime() ?? 0));
    void reply.header('retry-after', Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
    throw tooManyRequests();
  };
  /**
   * A refused secret or token (the provider answers 401) counts for its keys before the answer
   * leaves, as the sign-in's failures do: the caller's next attempt already finds it counted.
   */
  const countRefusal = (request: FastifyRequest, reply: FastifyReply) => {
    const keys = refusalKeys(request);
    const response = reply.raw;
    const end = response.end.bind(response) as (...args: unknown[]) => void;
    response.end = ((...args: unknown[]) => {
      if (response.statusCode !== 401) {
        end(...args);
        return response;
      }
      Promise.all(keys.map((key) => recordFailure(db, key, refusals)))
        .catch((error: unknown) =>
          request.log.warn({ err: loggableError(error) }, 'oidc: refusal not counted'),
        )
        .finally(() => end(...args));
      return response;
    }) as typeof response.end;
  };
  const checked = {
    ...limit(options.rateLimitMax),
    onRequest: refuseWhileBlocked,
    preHandler: (request: FastifyRequest, reply: FastifyReply, next: () => void) => {
      countRefusal(request, reply);
      next();
    },
  };
  /**
   * The steps a browser walks (authorization, its resume, logout, the portal's interaction page)
   * answer a page with a retry while the database is away, not the API's JSON; other errors,
   * and the application-facing endpoints, keep the API's error handler (issue 36 item 7).
   */
  const browserStepErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const browserStep = SIGN_IN_PATHS.test(request.url) || request.url.startsWith(`${INTERACTION_PATH}/`);
    if (!browserStep || !isTransientDatabaseError(error)) throw error;
    request.log.warn({ err: loggableError(error) }, 'oidc: database unavailable, answering a page with 503');
    httpUnavailable.inc({ reason: isQueryTimeout(error) ? 'query_timeout' : 'database' });
    void reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .type('text/html; charset=utf-8')
      .send(unavailablePage(request.method === 'GET' ? request.url : null));
  };
  app.all(`${OIDC_PATH}/*`, { ...limit(options.rateLimitMax), errorHandler: browserStepErrors }, handle);
  for (const path of CLIENT_AUTH_ENDPOINTS) app.post(`${OIDC_PATH}${path}`, checked, handle);
  app.route({ method: ['GET', 'POST'], url: `${OIDC_PATH}${USERINFO_ENDPOINT}`, ...checked, handler: handle });
  app.get<{ Params: { uid: string }; Querystring: { recusar?: string } }>(
    `${INTERACTION_PATH}/:uid`,
    { ...limit(options.rateLimitMax), errorHandler: browserStepErrors },
    async (request, reply) => {
      const { provider } = await oidc.ready();
      return handleInteraction(provider, db, request, reply);
    },
  );
  done();
};
