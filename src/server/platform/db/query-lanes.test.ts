import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { moveToBackgroundLane, registerQueryLanes } from './query-lanes.ts';

/**
 * Decision 103: a customer's request runs its queries on the customer pool, under its short
 * limits; a request the staff guard let through, and anything outside a request, on the
 * background pool. The lane must survive a body being read from the socket.
 */
let database: DatabaseHandle;
let app: FastifyInstance;

async function limits() {
  const result = (await database.db.execute(
    sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock`,
  )) as { rows: { statement: string; lock: string }[] };
  return result.rows[0];
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  registerQueryLanes(app);
  app.get('/customer', () => limits());
  app.post('/customer', async () => database.db.transaction(async () => limits()));
  app.post('/staff', { preValidation: (request) => Promise.resolve(moveToBackgroundLane(request)) }, () => limits());
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('query lanes', () => {
  it('gives a customer request the short limits, with and without a body, and staff and jobs the long ones', async (context) => {
    if (database.kind !== 'postgres') return context.skip();
    const customer = { statement: '5s', lock: '2s' };
    const background = { statement: '2min', lock: '10s' };
    // Over a real socket: app.inject's stand-in emits the body in the request's own context.
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const ask = async (path: string, init?: RequestInit) => (await fetch(`${base}${path}`, init)).json() as Promise<unknown>;
    expect(await ask('/customer')).toEqual(customer);
    const body = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ some: 'body'.repeat(10_000) }) };
    expect(await ask('/customer', body)).toEqual(customer);
    expect(await ask('/staff', body)).toEqual(background);
    expect(await limits()).toEqual(background);
  });
});
