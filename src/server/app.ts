import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import '#shared/zod-locale';
import type { Config } from './platform/config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { registerCanonicalPaths } from './platform/http/canonical-path.ts';
import { zodCompilersFactory } from './platform/http/zod-compilers.ts';
import { frameworkErrorHandler, registerErrorHandling } from './platform/http/error-handler.ts';
import { registerGracefulClose } from './platform/http/graceful-close.ts';
import { apiSecurityHeaders, registerSecurity } from './platform/http/security.ts';
import { connectSharedRedis } from './platform/http/shared-redis.ts';
import { registerSpa } from './platform/http/spa.ts';
import { registerUnreadBodyDrain } from './platform/http/unread-body.ts';
import { deriveKey } from './platform/crypto/keys.ts';
import { httpRequestDuration, observeOutbox, observePools } from './platform/observability/metrics.ts';
import { outboxBacklog } from './platform/mail/outbox.ts';
import { registerSessions } from './platform/session/session-plugin.ts';
import { registerQueryLanes } from './platform/db/query-lanes.ts';
import { localStorageFor } from './platform/storage/file-storage.ts';
import { collectApiDocs, publishApiDocs } from './modules/api-docs/index.ts';
import { createCaptchaProvider } from './modules/captcha/index.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import type { SignInDeps } from './modules/auth/index.ts';
import { authAliasRoutes, authRoutes } from './modules/auth/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { bankCollectionRoutes } from './modules/boleto/staff-routes.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { cancellationRoutes } from './modules/contracts/cancellation-routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { createCepProvider } from './modules/geo/index.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { metricsRoutes } from './modules/health/metrics-routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { recoveryRoutes } from './modules/recovery/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { createPasskeyDeps } from './modules/security/index.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { pixWebhookRoutes } from './modules/invoices/pix-webhook-routes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { createTwofaDeps } from './modules/twofa/index.ts';
import { twofaRoutes } from './modules/twofa/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { devMailboxPages } from './modules/dev-mailbox/index.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/routes.ts';
import { createOidcRuntime } from './modules/oidc/index.ts';
import { isOidcPath, oidcRoutes } from './modules/oidc/routes.ts';
import { devPrivacyRoutes, privacyRoutes } from './modules/privacy/routes.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Signs CSRF tokens and ALTCHA challenges; HKDF derives the TOTP-secret key from it too. */
  sessionSecret: string;
  /** Built SPA to serve (dist/client); omitted by API tests. */
  clientDir?: string;
  /** pino instance of the process; none in tests. */
  logger?: FastifyBaseLogger;
}

export type App = FastifyInstance;

/**
 * TRUST_PROXY (config.ts) as Fastify takes it. A hop count becomes "the nearest n hops", which
 * Fastify no longer does for a bare number; it is only safe when the portal can be reached
 * through its proxies alone, hence the README's advice to list their addresses instead.
 */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/**
 * The whole server, wired together, without listening (src/server/main.ts listens; tests call
 * app.inject). Layers: platform plugins, then the app's own (errors, sessions), then routes.
 */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // At close, idle keep-alive connections end at once; busy ones after their answer (main.ts).
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    // Tokens travel in some paths (/cliente/{token}/fatura, §6): never log URLs or headers whole.
    logController: new LogController({ disableRequestLogging: true }),
    // Every route validates and serialises with zod (http/zod-compilers.ts).
    schemaController: { compilersFactory: zodCompilersFactory },
  }).withTypeProvider<ZodTypeProvider>();
  // First: every hook after it runs its queries on the customer lane (decision 103).
  registerQueryLanes(app);
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the URL: paths may carry tokens.
    const route = request.routeOptions.url ?? (request.url.startsWith('/api/') ? '(not found)' : '(spa)');
    request.log.info({ method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  registerErrorHandling(app);
  registerGracefulClose(app);
  registerUnreadBodyDrain(app);
  const apiHeaders = apiSecurityHeaders(config.isProduction);
  registerCanonicalPaths(app, apiHeaders, isOidcPath);
  await app.register(cookie);
  // JSON and pages over 1 KB go out compressed; the SPA's files were compressed at build time
  // and are sent as they are (docs/decisions/061-compression-and-caching.md).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Multipart bodies stream (uploads: storage/uploads.ts); each route sets its own file size.
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 50, fieldSize: 100_000, parts: 100 },
  });
  const redis = config.REDIS_URL ? await connectSharedRedis(config.REDIS_URL, app.log.child({ module: 'redis' })) : null;
  if (redis) app.addHook('onClose', () => redis.close());
  await registerSecurity(app, {
    rateLimitMax: config.RATE_LIMIT_MAX,
    apiHeaders,
    redis: redis?.client,
    isProduction: config.isProduction,
  });
  const secureCookies = config.publicUrl.startsWith('https://');
  const sessionLifetime = {
    ttlMs: config.SESSION_TTL_HOURS * 3600 * 1000,
    absoluteTtlMs: config.SESSION_ABSOLUTE_TTL_HOURS * 3600 * 1000,
  };
  registerSessions(app, {
    db: database.db,
    secret: deps.sessionSecret,
    ...sessionLifetime,
    secureCookies,
  });

  const db = database.db;
  const apiDocs = collectApiDocs(app);
  publishApiDocs(app, { docs: apiDocs, db, isProduction: config.isProduction });
  const authRateLimitMax = config.RATE_LIMIT_AUTH_MAX;
  const captcha = createCaptchaProvider(config, { db, sessionSecret: deps.sessionSecret, log: app.log });
  const twofa = createTwofaDeps({
    db,
    sessionSecret: deps.sessionSecret,
    issuer: config.PROVIDER_NAME,
    publicUrl: config.publicUrl,
    secureCookies,
  });
  const acesso: SignInDeps = {
    db,
    twofa,
    history: { db, issuer: config.PROVIDER_NAME, publicUrl: config.publicUrl, secureCookies },
    publicUrl: config.publicUrl,
  };
  const oidc = createOidcRuntime({
    db,
    publicUrl: config.publicUrl,
    sessionSecret: deps.sessionSecret,
    allowLoopbackCalls: !config.isProduction,
    log: app.log,
  });

  // One storage for the process: what its writes met is what /readyz reports (issue 36 item 3).
  const storage = localStorageFor(config.DATA_DIR, app.log.child({ module: 'storage' }));
  healthRoutes(app, {
    database: () => database.ping(),
    redis: redis?.state,
    storage: () => storage.state(),
    timeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  });
  metricsRoutes(app, { allow: config.METRICS_ALLOW });
  observePools(() => database.poolStats());
  observeOutbox(() => outboxBacklog(db));
  await app.register(sessionRoutes, { prefix: '/api', db, config });
  await app.register(invoiceRoutes, { prefix: '/api', db: database.db, config, storage });
  // Issue 20: the PSP's signed notifications; the accounts' secrets are sealed with this key.
  const pixWebhookKeys = { sealKey: deriveKey(deps.sessionSecret, 'pix-webhook-secret') };
  await app.register(pixWebhookRoutes, { prefix: '/api', db: database.db, config, keys: pixWebhookKeys });
  await app.register(captchaRoutes, { prefix: '/api', captcha, authRateLimitMax });
  await app.register(authRoutes, { prefix: '/api', acesso, captcha, authRateLimitMax, oidc });
  await app.register(authAliasRoutes, { acesso, captcha, authRateLimitMax });
  await app.register(accountRoutes, {
    prefix: '/api',
    acesso,
    captcha,
    providerName: config.PROVIDER_NAME,
    authRateLimitMax,
  });
  await app.register(recoveryRoutes, {
    prefix: '/api',
    db,
    captcha,
    publicUrl: config.publicUrl,
    providerName: config.PROVIDER_NAME,
    authRateLimitMax,
  });
  await app.register(twofaRoutes, { prefix: '/api', twofa, authRateLimitMax });
  await app.register(productRoutes, { prefix: '/api', db, config });
  await app.register(profileRoutes, { prefix: '/api', db, config, authRateLimitMax });
  await app.register(securityRoutes, {
    prefix: '/api',
    db,
    lifetime: sessionLifetime,
    passkeys: createPasskeyDeps({
      db,
      publicUrl: config.publicUrl,
      providerName: config.PROVIDER_NAME,
      sessionSecret: deps.sessionSecret,
    }),
    acesso,
    authRateLimitMax,
  });
  await app.register(applicationRoutes, { prefix: '/api', db });
  const privacy = { db, acesso, providerName: config.PROVIDER_NAME, publicUrl: config.publicUrl };
  await app.register(privacyRoutes, { prefix: '/api', privacy, authRateLimitMax });
  await app.register(adminRoutes, { prefix: '/api', db, config, pixWebhookKeys, storage });
  await app.register(bankCollectionRoutes, { prefix: '/api', db, config });
  await app.register(geoRoutes, {
    prefix: '/api',
    db,
    cep: createCepProvider(config, app.log),
    cepRateLimitMax: authRateLimitMax,
  });
  await app.register(planRoutes, { prefix: '/api', db });
  await app.register(cancellationRoutes, { prefix: '/api', db, providerName: config.PROVIDER_NAME, publicUrl: config.publicUrl });
  await app.register(contractRoutes, {
    prefix: '/api',
    db,
    storage,
    billingLeadDays: config.BILLING_LEAD_DAYS,
  });
  await app.register(clientRoutes, { prefix: '/api', db });
  await app.register(peopleRoutes, { prefix: '/api', acesso, providerName: config.PROVIDER_NAME, authRateLimitMax });
  await app.register(dashboardRoutes, { prefix: '/api', db });
  await app.register(oidcRoutes, { oidc, rateLimitMax: config.RATE_LIMIT_MAX, authRateLimitMax });
  // Outside production only, and only to loopback callers (decision 016): it shows e-mails.
  if (!config.isProduction) {
    await app.register(devMailboxRoutes, { prefix: '/api', db });
    await app.register(devMailboxPages, { db });
    await app.register(devPrivacyRoutes, { prefix: '/api', privacy });
  }

  await registerSpa(app, {
    clientDir: deps.clientDir ?? null,
    providerName: config.PROVIDER_NAME,
    contactEmail: config.CONTACT_EMAIL,
  });
  return app;
}
