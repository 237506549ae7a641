import type { Redis } from 'ioredis';

/** A dependency's state as /readyz reports it (modules/health). */
export type DependencyState = 'ok' | 'indisponivel';

interface RedisLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface SharedRedis {
  readonly client: Redis;
  /** 'ok' while connected, 'indisponivel' otherwise (for /readyz). */
  readonly state: () => DependencyState;
  close(): Promise<void>;
}

/**
 * The Redis that instances share for rate-limit counters (REDIS_URL, docs/architecture.md). It is a
 * convenience, not a dependency the API cannot serve without (docs/decisions/033-faults.md):
 * - commands fail at once while it is away (no offline queue, no per-command retries), so the
 *   rate limit, which skips on error, lets requests through instead of holding them;
 * - the connection is retried in the background, every second up to every 5 s, from the start:
 *   an unreachable Redis does not stop the start;
 * - an outage is logged once when it starts and once when it ends, never per request or per
 *   reconnection attempt (without an 'error' listener ioredis prints every failure).
 */
export async function connectSharedRedis(url: string, log: RedisLog): Promise<SharedRedis> {
  // Loaded only when REDIS_URL is set: most runs have no Redis, and the client is a twentieth of
  // the server's start.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 1000, 5000),
    lazyConnect: true,
  });
  let ready = false;
  let outage = false;
  client.on('ready', () => {
    ready = true;
    if (outage) log.info({}, 'Redis available again');
    outage = false;
  });
  client.on('close', () => {
    ready = false;
  });
  client.on('error', (error: Error) => {
    ready = client.status === 'ready';
    if (outage) return;
    outage = true;
    log.warn({ err: { message: error.message } }, 'Redis unavailable: rate limits are not enforced until it returns');
  });
  // Connects in the background; failures go to the 'error' listener and are retried.
  client.connect().catch(() => undefined);
  return {
    client,
    state: () => (ready ? 'ok' : 'indisponivel'),
    close: async () => {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
