import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Behind TRUST_PROXY the client address is taken from X-Forwarded-For only as
 * far as the configured proxies go, so a client cannot pick its own rate-limit bucket by
 * writing addresses of its choice in front of the one its proxy appends.
 */
async function statusesThrough(app: TestApp['app'], forwardedFor: (i: number) => string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/sessao/web',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor(i) },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('counts a client by the address its proxy saw, whatever it put in front', async () => {
    // The proxy appends the address it saw (203.0.113.7); the rest is the client's own writing.
    const statuses = await statusesThrough(t.app, (i) => `198.51.100.${i}, 203.0.113.7`, 6);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('still tells two real clients of the proxy apart', async () => {
    const statuses = await statusesThrough(t.app, () => '203.0.113.8', 1);
    expect(statuses).toEqual([200]);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('skips only the listed proxies when it reads X-Forwarded-For from the right', async () => {
    // client → 10.1.2.3 (a listed proxy) → 127.0.0.1: the client is 203.0.113.9, whatever it wrote first.
    const statuses = await statusesThrough(t.app, (i) => `198.51.100.${i}, 203.0.113.9, 10.1.2.3`, 5);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
