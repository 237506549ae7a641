import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '#tests/helpers/free-port.ts';
import { redisServerUnavailable, startRedisServer, type RedisServer } from '#tests/helpers/redis-server.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * With REDIS_URL set, a Redis outage must not break the API. Rate limiting fails
 * open with one warning per outage, /readyz reports Redis without failing the instance, and a
 * Redis that is unreachable at start does not stop the start. A Redis server of the test's own.
 */
const unavailable = redisServerUnavailable();
if (unavailable) console.warn(`redis-outage: ignorado, ${unavailable}`);

const DB_ROUTE = '/api/gl_cidade?q=Sao';

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, lines };
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(unavailable)('a Redis outage', () => {
  let redis: RedisServer;
  let t: TestApp;
  const log = capturingLogger();
  const consoleError = vi.spyOn(console, 'error');

  beforeAll(async () => {
    redis = await startRedisServer();
    t = await createTestApp({ env: { REDIS_URL: redis.url, RATE_LIMIT_MAX: '1000' }, logger: log.logger });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
    consoleError.mockRestore();
  });

  const readiness = async () => {
    const response = await t.app.inject('/readyz');
    return { status: response.statusCode, body: response.json<{ status: string; redis?: string }>() };
  };

  it('counts requests in Redis while it is up and says so in /readyz', async () => {
    await until(async () => (await readiness()).body.redis === 'ok');
    const first = await t.app.inject(DB_ROUTE);
    const second = await t.app.inject(DB_ROUTE);
    expect(first.statusCode).toBe(200);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });

  it('keeps answering, quickly, while Redis is down, and warns once', async () => {
    await redis.stop();
    const warningsBefore = log.lines.filter((line) => line.level === 40).length;
    for (let index = 0; index < 20; index++) {
      const started = performance.now();
      const response = await t.app.inject(DB_ROUTE);
      expect(response.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ready = await readiness();
    expect(ready).toEqual({ status: 200, body: { status: 'ok', database: 'ok', redis: 'indisponivel', arquivos: 'ok' } });
    const warnings = log.lines.filter((line) => line.level === 40).slice(warningsBefore);
    expect(warnings.map((line) => line.msg)).toEqual(['Redis unavailable: rate limits are not enforced until it returns']);
    expect(consoleError.mock.calls.flat().join(' ')).not.toContain('Unhandled error event');
  });

  it('uses Redis again once it is back', async () => {
    await redis.start();
    await until(async () => (await readiness()).body.redis === 'ok');
    expect(log.lines.some((line) => line.msg === 'Redis available again')).toBe(true);
    const first = await t.app.inject(DB_ROUTE);
    const second = await t.app.inject(DB_ROUTE);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });

  it('starts, and serves, with a Redis that is not there', async () => {
    const nobody = await freePort();
    // Measured against a start without Redis in the same conditions, so a loaded machine slows
    // both: what must not happen is a start that waits on Redis (reconnect attempts, timeouts).
    const baselineStarted = performance.now();
    const baseline = await createTestApp();
    const baselineMs = performance.now() - baselineStarted;
    await baseline.close();
    const started = performance.now();
    const other = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${nobody}` } });
    try {
      expect(performance.now() - started).toBeLessThan(baselineMs + 3000);
      const response = await other.app.inject(DB_ROUTE);
      expect(response.statusCode).toBe(200);
      expect((await other.app.inject('/readyz')).json()).toMatchObject({ status: 'ok', redis: 'indisponivel' });
    } finally {
      await other.close();
    }
  });
});
