import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What an operator running several instances alerts on (issue 36, docs/operations.md "Metrics"),
 * in the Prometheus text format at /metrics. One registry per process: each instance reports its
 * own requests, pools and jobs; the outbox gauges read the shared database, so every instance
 * reports the same value (alert on max()).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'portal_' });
const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Requests answered, by route pattern (never the URL: paths carry tokens), method and status, and how long they took.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const httpUnavailable = new Counter({
  name: 'portal_http_unavailable_total',
  help: 'Requests answered 503, by reason: database (unreachable), query_timeout (a time limit), or the code of a saturated queue (password_queue_full).',
  labelNames: ['reason'] as const,
  registers,
});

export const dbPoolAcquireTimeouts = new Counter({
  name: 'portal_db_pool_acquire_timeouts_total',
  help: 'Queries that waited DB_CONNECT_TIMEOUT_MS for a connection of their lane and gave up.',
  labelNames: ['lane'] as const,
  registers,
});

/** The connections of each lane, read at every scrape (decision 103). */
interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
let poolSource: (() => Record<string, PoolStats>) | null = null;
export function observePools(source: () => Record<string, PoolStats>): void {
  poolSource = source;
}
new Gauge({
  name: 'portal_db_pool_connections',
  help: 'PostgreSQL connections per lane: in_use, idle, and queries waiting for one (waiting).',
  labelNames: ['lane', 'state'] as const,
  registers,
  collect() {
    this.reset();
    for (const [lane, stats] of Object.entries(poolSource?.() ?? {})) {
      this.set({ lane, state: 'in_use' }, stats.total - stats.idle);
      this.set({ lane, state: 'idle' }, stats.idle);
      this.set({ lane, state: 'waiting' }, stats.waiting);
    }
  },
});

let hashQueueSource: (() => number) | null = null;
export function observeHashQueue(source: () => number): void {
  hashQueueSource = source;
}
new Gauge({
  name: 'portal_password_hash_queue',
  help: 'Password hashes running or waiting (decision 060); past its bound sign-ins are answered 503.',
  registers,
  collect() {
    this.set(hashQueueSource?.() ?? 0);
  },
});

/** The outbox as the database has it: messages still to send and how old the oldest is. */
interface OutboxState {
  pending: number;
  oldestAgeSeconds: number;
}
let outboxSource: (() => Promise<OutboxState>) | null = null;
export function observeOutbox(source: () => Promise<OutboxState>): void {
  outboxSource = source;
}
const outboxPending = new Gauge({
  name: 'portal_outbox_pending',
  help: 'E-mails in the outbox not yet sent (gl_email_saida pendente); absent while the database is away.',
  registers,
});
const outboxOldestAge = new Gauge({
  name: 'portal_outbox_oldest_age_seconds',
  help: 'Age of the oldest e-mail waiting in the outbox, 0 when none waits; absent while the database is away.',
  registers,
});

/** Reads the gauges that come from the database; the scrape calls it before rendering. */
export async function refreshDatabaseGauges(): Promise<void> {
  const state = await (outboxSource?.() ?? Promise.resolve(null)).catch(() => null);
  if (state) {
    outboxPending.set(state.pending);
    outboxOldestAge.set(state.oldestAgeSeconds);
  } else {
    outboxPending.reset();
    outboxOldestAge.reset();
  }
}

export const jobLastSuccess = new Gauge({
  name: 'portal_job_last_success_timestamp_seconds',
  help: 'When each periodic job last finished a run without error (Unix time).',
  labelNames: ['job'] as const,
  registers,
});
export const jobDuration = new Histogram({
  name: 'portal_job_duration_seconds',
  help: 'How long each periodic job run took, by outcome (ok, error).',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 180],
  registers,
});
export const jobErrors = new Counter({
  name: 'portal_job_errors_total',
  help: 'Periodic job runs that ended in an error (the next run retries).',
  labelNames: ['job'] as const,
  registers,
});

export const pixWebhookResults = new Counter({
  name: 'portal_pix_webhook_results_total',
  help: "PIX notifications by result: each payment's resultado (confirmada, repetida, ja_paga, valor_divergente, fatura_desconhecida), or assinatura_invalida / corpo_invalido for a refused call.",
  labelNames: ['result'] as const,
  registers,
});

export const signInOutcomes = new Counter({
  name: 'portal_sign_in_outcomes_total',
  help: 'Password sign-ins by outcome: success, wrong_password, throttled (decision 010), twofa_required, twofa_failed.',
  labelNames: ['outcome'] as const,
  registers,
});
