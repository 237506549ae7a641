import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Which of the two PostgreSQL pools a query goes to (issue 36 item 2, decision 103):
 * - 'customer': a request of the portal's customers, short time limits and its own connections;
 * - 'background': the periodic jobs, scripts and the staff's back-office, longer limits and
 *   connections of their own, so a slow staff list or a billing run never holds a customer's.
 * Anything outside a request (a job, a script) is background.
 */
export type QueryLane = 'customer' | 'background';

/** A lane's time limits, in milliseconds; 0 is none (issue 36 item 2). */
export interface QueryLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
}

/**
 * The defaults (config.ts reads the operator's): a customer call waits at most 2 s for a lock
 * and runs 5 s; a job or a staff list may run 2 minutes and wait 10 s for a lock.
 */
export const DEFAULT_QUERY_LIMITS: Record<QueryLane, QueryLimits> = {
  customer: { statementTimeoutMs: 5_000, lockTimeoutMs: 2_000 },
  background: { statementTimeoutMs: 120_000, lockTimeoutMs: 10_000 },
};

interface LaneStore {
  lane: QueryLane;
}

const lanes = new AsyncLocalStorage<LaneStore>();
const storeOf = new WeakMap<FastifyRequest, LaneStore>();

export function currentLane(): QueryLane {
  return lanes.getStore()?.lane ?? 'background';
}

/**
 * Every request starts on the customer lane: the context entered here is the one its later hooks,
 * its body's parsing and its handler run in (query-lanes.test.ts checks it over a real socket).
 */
export function registerQueryLanes(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const store: LaneStore = { lane: 'customer' };
    storeOf.set(request, store);
    lanes.run(store, done);
  });
}

/** The request is the staff's: its next queries go to the background lane (guards.ts). */
export function moveToBackgroundLane(request: FastifyRequest): void {
  const store = storeOf.get(request);
  if (store) store.lane = 'background';
}
