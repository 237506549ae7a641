import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { metricsRegistry, refreshDatabaseGauges } from '../../platform/observability/metrics.ts';

/** The ranges proxy-addr gives these names, which TRUST_PROXY accepts too (config.ts). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** An IPv4 caller of a dual-stack socket shows as ::ffff:a.b.c.d. */
function allowed(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * GET /metrics in the Prometheus text format (issue 36; docs/operations.md "Metrics"), to the
 * addresses of METRICS_ALLOW only (the caller's address as TRUST_PROXY reads it).
 */
export function metricsRoutes(app: FastifyInstance, options: { allow: readonly string[] }): void {
  const list = allowList(options.allow);
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!allowed(list, request.ip)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('Acesso às métricas não permitido a partir deste endereço.\n');
    }
    await refreshDatabaseGauges();
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
