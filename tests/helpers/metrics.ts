import { expect } from 'vitest';
import type { App } from '../../src/server/app.ts';

/** /metrics as Prometheus reads it, from this machine (METRICS_ALLOW's default). */
export async function scrapeMetrics(app: App, remoteAddress = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics', remoteAddress });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
  return response.body;
}

/** The value of the first series named `name` whose labels include `labels`; 0 when none. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[3]);
  }
  return 0;
}
