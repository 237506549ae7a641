import type { FastifyInstance } from 'fastify';
import type { DependencyState } from '../../platform/http/shared-redis.ts';
import type { StorageState } from '../../platform/storage/file-storage.ts';

export interface HealthChecks {
  /** Resolves when the database answers. */
  database: () => Promise<void>;
  /** The shared Redis's state when REDIS_URL is set; absent otherwise. */
  redis?: (() => DependencyState) | undefined;
  /** Whether the file storage's disk can take writes ('sem_espaco', 'somente_leitura'). */
  storage?: () => Promise<StorageState>;
  /** A database that does not answer within this long counts as unavailable. */
  timeoutMs: number;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness answers while the process runs. Readiness (docs/operations.md) answers 503 while the
 * database does not answer, since no request can be served then; a Redis outage is reported but
 * keeps the instance ready, as rate limiting fails open (docs/decisions/033-faults.md), and so
 * does a full or read-only disk: everything but uploads (and, on PGlite, writes) still works.
 */
export function healthRoutes(app: FastifyInstance, checks: HealthChecks): void {
  app.get('/healthz', { config: { rateLimit: false } }, () => ({ status: 'ok' }));
  app.get('/readyz', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let database: DependencyState = 'ok';
    try {
      await withTimeout(checks.database(), checks.timeoutMs);
    } catch (error) {
      request.log.warn({ err: { message: (error as Error).message } }, 'readiness check failed');
      database = 'indisponivel';
    }
    const body = {
      status: database,
      database,
      ...(checks.redis ? { redis: checks.redis() } : {}),
      ...(checks.storage ? { arquivos: await checks.storage() } : {}),
    };
    return reply.status(database === 'ok' ? 200 : 503).send(body);
  });
}
