import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import '#shared/zod-locale';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerCanonicalPaths } from './http/canonical-path.ts';
import { zodCompilersFactory } from './http/zod-compilers.ts';
import { collectApiDocs, publishApiDocs } from './http/api-docs.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { apiSecurityHeaders, registerSecurity } from './http/security.ts';
import { connectSharedRedis } from './http/shared-redis.ts';
import { registerSpa } from './http/spa.ts';
import { createCaptchaProvider } from './captcha/provider.ts';
import { captchaRoutes } from './captcha/routes.ts';
import { acessoAliasRoutes, acessoRoutes } from './modules/auth/routes.ts';
import type { AcessoDeps } from './modules/auth/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { bankCollectionRoutes } from './modules/boleto/staff-routes.ts';
import { deriveKey } from './auth/keys.ts';
import { clienteRoutes } from './modules/clients/routes.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { contaRoutes } from './modules/account/routes.ts';
import { contratoRoutes } from './modules/contracts/routes.ts';
import { cancellationRoutes } from './modules/contracts/cancellation-routes.ts';
import { painelRoutes } from './modules/dashboard/routes.ts';
import { createCepProvider } from './modules/geo/cep.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { metricsRoutes } from './modules/health/metrics-routes.ts';
import { httpRequestDuration, observeOutbox, observePools } from './observability/metrics.ts';
import { outboxBacklog } from './mail/outbox.ts';
import { planoRoutes } from './modules/plans/routes.ts';
import { produtoRoutes } from './modules/products/routes.ts';
import { recuperacaoRoutes } from './modules/recovery/routes.ts';
import { sessaoRoutes } from './modules/session/routes.ts';
import { createPasskeyDeps } from './modules/security/passkeys.ts';
import { segurancaRoutes } from './modules/security/routes.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { faturaRoutes } from './modules/invoices/routes.ts';
import { pixWebhookRoutes } from './modules/invoices/pix-webhook-routes.ts';
import { twofaRoutes } from './modules/twofa/routes.ts';
import { usuarioRoutes } from './modules/profile/routes.ts';
import { createTwofaDeps } from './modules/twofa/service.ts';
import { devMailboxPages } from './mail/dev-mailbox-pages.ts';
import { devMailboxRoutes } from './mail/dev-mailbox-routes.ts';
import { registerSessions } from './session/session-plugin.ts';
import { registerQueryLanes } from './db/query-lanes.ts';
import { registerUnreadBodyDrain } from './http/unread-body.ts';
import { localStorageFor } from './storage/file-storage.ts';
import { oidcRoutes } from './oidc/routes.ts';
import { createOidcRuntime } from './oidc/runtime.ts';
import { devPrivacyRoutes, privacidadeRoutes } from './modules/privacy/routes.ts';

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
  registerCanonicalPaths(app, apiHeaders);
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
  const acesso: AcessoDeps = { db, twofa, publicUrl: config.publicUrl };
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
  await app.register(sessaoRoutes, { prefix: '/api', db, config });
  await app.register(faturaRoutes, { prefix: '/api', db: database.db, config, storage });
  // Issue 20: the PSP's signed notifications; the accounts' secrets are sealed with this key.
  const pixWebhookKeys = { sealKey: deriveKey(deps.sessionSecret, 'pix-webhook-secret') };
  await app.register(pixWebhookRoutes, { prefix: '/api', db: database.db, config, keys: pixWebhookKeys });
  await app.register(captchaRoutes, { prefix: '/api', captcha, authRateLimitMax });
  await app.register(acessoRoutes, { prefix: '/api', acesso, captcha, authRateLimitMax, oidc });
  await app.register(acessoAliasRoutes, { acesso, captcha, authRateLimitMax });
  await app.register(contaRoutes, {
    prefix: '/api',
    acesso,
    captcha,
    providerName: config.PROVIDER_NAME,
    authRateLimitMax,
  });
  await app.register(recuperacaoRoutes, {
    prefix: '/api',
    db,
    captcha,
    publicUrl: config.publicUrl,
    providerName: config.PROVIDER_NAME,
    authRateLimitMax,
  });
  await app.register(twofaRoutes, { prefix: '/api', twofa, authRateLimitMax });
  await app.register(produtoRoutes, { prefix: '/api', db, config });
  await app.register(usuarioRoutes, { prefix: '/api', db, config, authRateLimitMax });
  await app.register(segurancaRoutes, {
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
  await app.register(privacidadeRoutes, { prefix: '/api', privacy, authRateLimitMax });
  await app.register(adminRoutes, { prefix: '/api', db, config, pixWebhookKeys, storage });
  await app.register(bankCollectionRoutes, { prefix: '/api', db, config });
  await app.register(geoRoutes, {
    prefix: '/api',
    db,
    cep: createCepProvider(config, app.log),
    cepRateLimitMax: authRateLimitMax,
  });
  await app.register(planoRoutes, { prefix: '/api', db });
  await app.register(cancellationRoutes, { prefix: '/api', db, providerName: config.PROVIDER_NAME, publicUrl: config.publicUrl });
  await app.register(contratoRoutes, {
    prefix: '/api',
    db,
    storage,
    billingLeadDays: config.BILLING_LEAD_DAYS,
  });
  await app.register(clienteRoutes, { prefix: '/api', db });
  await app.register(peopleRoutes, { prefix: '/api', acesso, providerName: config.PROVIDER_NAME, authRateLimitMax });
  await app.register(painelRoutes, { prefix: '/api', db });
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
