import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser } from '#tests/helpers/factories.ts';
import { metricValue, scrapeMetrics } from '#tests/helpers/metrics.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { HashQueue, setHashQueue } from '../../platform/crypto/password.ts';
import { runPeriodically } from '../../platform/jobs/periodic.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';

/**
 * Issue 36: /metrics in the Prometheus text format, to the allowed addresses only, its numbers
 * moving with what the instance does.
 */
let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await createTestApp();
  produtoId = (await createProduct(t.db, { url: '/painel' })).id;
});
afterAll(() => t.close());

const scrape = (remoteAddress?: string) => scrapeMetrics(t.app, remoteAddress);
const valueOf = metricValue;

const login = (agent: ApiAgent, email: string, senha: string) =>
  agent.post('/api/acesso/login', { email, senha, gl_produto_id: produtoId });

describe('/metrics', () => {
  it('answers only the addresses METRICS_ALLOW names (this machine by default)', async () => {
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.body).not.toContain('portal_');
    await scrape('::1');
    await scrape('::ffff:127.0.0.1');
  });

  it('counts requests by route and status, sign-in outcomes and 503s as they happen', async () => {
    const agent = new ApiAgent(t.app);
    const other = new ApiAgent(t.app);
    await other.get('/api/sessao/web');
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await agent.get('/api/sessao/web')).status).toBe(200);
    const user = await createUser(t.db);
    expect((await login(agent, user.email, 'errada123')).status).toBe(401);
    expect((await login(agent, user.email, 'demo1234')).status).toBe(200);
    // A full password-hashing queue: 503.
    const full = new HashQueue({ concurrency: 1, maxWaiting: 0 });
    let release = () => {};
    const busy = full.run(() => new Promise<void>((resolve) => (release = resolve)));
    const previous = setHashQueue(full);
    try {
      expect((await login(other, user.email, 'demo1234')).status).toBe(503);
      expect(valueOf(await scrape(), 'portal_password_hash_queue')).toBe(1);
    } finally {
      release();
      await busy;
      setHashQueue(previous);
    }
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('portal_http_request_duration_seconds_count', { method: 'GET', route: '/api/sessao/web', status: '200' })).toBe(3);
    expect(moved('portal_http_request_duration_seconds_count', { method: 'POST', route: '/api/acesso/login', status: '401' })).toBe(1);
    expect(moved('portal_http_request_duration_seconds_count', { method: 'POST', route: '/api/acesso/login', status: '503' })).toBe(1);
    expect(moved('portal_sign_in_outcomes_total', { outcome: 'wrong_password' })).toBe(1);
    expect(moved('portal_sign_in_outcomes_total', { outcome: 'success' })).toBe(1);
    expect(moved('portal_http_unavailable_total', { reason: 'password_queue_full' })).toBe(1);
  });

  it('reports the outbox backlog and the database pools', async () => {
    const before = valueOf(await scrape(), 'portal_outbox_pending');
    await enqueueMail(t.db, { to: 'metricas@teste.com.br', subject: 'Teste', html: '<p>Teste</p>', text: 'Teste' });
    const text = await scrape();
    expect(valueOf(text, 'portal_outbox_pending')).toBe(before + 1);
    expect(text).toMatch(/^portal_outbox_oldest_age_seconds \d/m);
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^portal_db_pool_connections\{lane="customer",state="in_use"\} \d+$/m);
      expect(text).toMatch(/^portal_db_pool_connections\{lane="background",state="waiting"\} 0$/m);
    }
  });

  it("reports each periodic job's last success, duration and errors", async () => {
    let runs = 0;
    const job = runPeriodically(
      async () => {
        runs++;
        if (runs === 2) throw new Error('falhou de propósito');
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { name: 'metrics_test', intervalMs: 5, onError: () => undefined },
    );
    while (runs < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await job.stop();
    const text = await scrape();
    expect(valueOf(text, 'portal_job_errors_total', { job: 'metrics_test' })).toBe(1);
    expect(valueOf(text, 'portal_job_duration_seconds_count', { job: 'metrics_test', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    const lastSuccess = valueOf(text, 'portal_job_last_success_timestamp_seconds', { job: 'metrics_test' });
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(5);
  });
});
