import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import '#shared/zod-locale';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerSecurity } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { sessaoRoutes } from './modules/sessao/routes.ts';
import { registerSessions } from './session/session-plugin.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  sessionSecret: string;
  /** Built SPA to serve (dist/client); omitted by API tests. */
  clientDir?: string;
  /** pino instance of the process; none in tests. */
  logger?: FastifyBaseLogger;
}

export type App = FastifyInstance;

/**
 * The whole server, wired together, without listening (src/server/main.ts listens; tests call
 * app.inject). Layers: platform plugins, then the app's own (errors, sessions), then routes.
 */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Tokens travel in some paths (/cliente/{token}/fatura, §6): never log URLs or headers whole.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the URL: paths may carry tokens.
    request.log.info(
      { method: request.method, route: request.routeOptions.url ?? (request.url.startsWith('/api/') ? '(not found)' : '(spa)'), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await app.register(cookie);
  await registerSecurity(app, {
    rateLimitMax: config.RATE_LIMIT_MAX,
    redisUrl: config.REDIS_URL,
    isProduction: config.isProduction,
  });
  registerSessions(app, {
    db: database.db,
    secret: deps.sessionSecret,
    ttlMs: config.SESSION_TTL_HOURS * 3600 * 1000,
    secureCookies: config.publicUrl.startsWith('https://'),
  });

  healthRoutes(app, () => database.ping());
  await app.register(sessaoRoutes, { prefix: '/api', db: database.db, config });

  await registerSpa(app, { clientDir: deps.clientDir ?? null, providerName: config.PROVIDER_NAME });
  return app;
}
