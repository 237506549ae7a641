import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as acesso from '#shared/schemas/auth';
import * as admin from '#shared/schemas/admin';
import * as conta from '#shared/schemas/account';
import * as crud from '#shared/schemas/crud';
import * as dropdown from '#shared/schemas/dropdown';
import * as fatura from '#shared/schemas/invoices';
import * as plano from '#shared/schemas/plans';
import * as twofa from '#shared/schemas/twofa';
import * as usuario from '#shared/schemas/profile';
import { MESSAGES } from '#shared/messages';
import type { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createClient, createProduct, createUser, linkUserToClient, signedInAgent } from '#tests/helpers/factories.ts';
import { routeTable, type Route } from '#tests/helpers/route-table.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { API_DOCS_PATH } from '../../modules/api-docs/api-docs.ts';

/**
 * No body, query or path a caller can send makes the API answer 5xx. Every API
 * route the app registers (§7 and the back-office) gets malformed JSON, wrong types, ids past
 * PostgreSQL's int4 (22003 before the fix), multipart bodies without boundary or cut short, and
 * odd path parameters, from a signed-in staff admin (so permission checks let validation run).
 */
let t: TestApp;
let usuarioId: number;
let context: { clienteId: number; produtoId: number };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '10000000' } });
  const user = await createUser(t.db, { nivel: 1 });
  const produto = await createProduct(t.db);
  const cliente = await createClient(t.db);
  await linkUserToClient(t.db, user.id, cliente.id, 10);
  usuarioId = user.id;
  context = { clienteId: cliente.id, produtoId: produto.id };
});
afterAll(() => t?.close());

/** The app's API routes (and the event login's alias), but the OpenAPI document. */
function apiRoutes(): Route[] {
  return routeTable(t.app).filter(
    // The OpenAPI document takes no input and, being for tools, is no envelope (api-docs.ts).
    (route) => (route.path.startsWith('/api/') || route.path === '/acesso/login_evento') && route.path !== API_DOCS_PATH,
  );
}

/** Every object key of the request schemas in src/shared/schemas: the fields callers send. */
function fieldNames(): string[] {
  const names = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || typeof value !== 'object' || value === null) return;
    const def = (value as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (typeof def.shape === 'object' && def.shape !== null) {
      for (const [key, child] of Object.entries(def.shape)) {
        names.add(key);
        visit(child, depth + 1);
      }
    }
    for (const key of ['in', 'out', 'innerType', 'schema', 'left', 'right', 'element']) visit(def[key], depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1);
  };
  for (const module of [acesso, admin, conta, crud, dropdown, fatura, plano, twofa, usuario]) {
    for (const value of Object.values(module)) visit(value, 0);
  }
  return [...names];
}

const PARAM_VALUES = ['2147483648', '99999999999999999999', '-1', '0', 'abc', '1.5', '1e3', '%00', '%C3%28', 'x'.repeat(3000)];

function withParams(path: string): string[] {
  if (!path.includes(':')) return [path];
  return PARAM_VALUES.map((value) => path.replace(/:[A-Za-z]+/g, value));
}

function jsonBodies(fields: string[]): { label: string; raw: string; contentType: string }[] {
  const every = (value: unknown) => JSON.stringify(Object.fromEntries(fields.map((field) => [field, value])));
  const json = (label: string, raw: string) => ({ label, raw, contentType: 'application/json' });
  return [
    json('truncated', '{"email": "a@b.c", "senha":'),
    json('empty', ''),
    json('null', 'null'),
    json('array', '[1,2,3]'),
    json('string', '"texto"'),
    json('number', '123'),
    json('prototype', '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
    json('deep', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`),
    json('int4+1', every(2_147_483_648)),
    json('int8', every(2 ** 63)),
    json('int4+1 text', every('2147483648')),
    json('negative', every(-1)),
    json('fraction', every(1.5)),
    json('huge exponent', `{${fields.map((field) => `"${field}": 1e400`).join(', ')}}`),
    json('objects', every({ a: 1 })),
    json('arrays', every([1, 2])),
    json('nulls', every(null)),
    json('booleans', every(true)),
    json('nul chars', every('\u0000\u0001')),
    json('long text', every('x'.repeat(20_000))),
    { label: 'text/plain', raw: 'id=1', contentType: 'text/plain' },
    { label: 'multipart without boundary', raw: 'qualquer coisa', contentType: 'multipart/form-data' },
    {
      label: 'multipart cut short',
      raw: '--limite\r\nContent-Disposition: form-data; name="nome"\r\n\r\nAbc\r\n--limite\r\nContent-Disposition: form-data; name="arquivo"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cortado',
      contentType: 'multipart/form-data; boundary=limite',
    },
    {
      label: 'multipart int4+1',
      raw: `${fields.map((field) => `--limite\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n2147483648\r\n`).join('')}--limite--\r\n`,
      contentType: 'multipart/form-data; boundary=limite',
    },
  ];
}

function queries(fields: string[]): string[] {
  const every = (value: string) => fields.map((field) => `${field}=${value}`).join('&');
  return ['', `?${every('2147483648')}`, `?${every('-1')}`, `?${every('abc')}`, `?${every('%00')}`, `?${fields.map((field) => `${field}=1&${field}=2`).join('&')}`];
}

describe('malformed input never gets a 5xx', () => {
  it('on every API route, for bodies, queries and path parameters', async () => {
    const routes = apiRoutes();
    const fields = fieldNames();
    expect(routes.length).toBeGreaterThan(80);
    expect(fields).toEqual(expect.arrayContaining(['gl_plano_pagamento_id', 'evento_id', 'id', 'page']));
    const bodies = jsonBodies(fields);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // A new session per route: some routes end or change it (logout, account selection).
      const agent: ApiAgent = await signedInAgent(t, usuarioId, context);
      for (const url of withParams(route.path)) {
        const attempts: { label: string; send: () => ReturnType<ApiAgent['request']> }[] =
          route.method === 'GET' || route.method === 'DELETE'
            ? queries(fields).map((query) => ({ label: `query ${query.slice(0, 40)}`, send: () => agent.request(route.method, `${url}${query}`) }))
            : bodies.map((body) => ({
                label: body.label,
                send: () => agent.request(route.method, url, { rawBody: body.raw, contentType: body.contentType }),
              }));
        // A path parameter already malformed: the plain variant suffices.
        for (const attempt of url === route.path ? attempts : attempts.slice(0, 1)) {
          const response = await attempt.send();
          sent++;
          const isEnvelope = typeof response.body === 'object' && response.body !== null && typeof response.body.status === 'number';
          if (response.status >= 500 || !isEnvelope) {
            failures.push(`${route.method} ${url.slice(0, 80)} [${attempt.label}] → ${response.status} ${response.raw.slice(0, 120)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('the answers to the faults the review found', () => {
  it('refuses an id past int4 in a body or a path as malformed (422), not a database error', async () => {
    const agent = await signedInAgent(t, usuarioId, context);
    const body = await agent.post('/api/acesso/conta_selecionar', { gl_cliente_usuario_id: 2_147_483_648 });
    expect(body.status).toBe(422);
    expect(body.body.errors).toEqual({ gl_cliente_usuario_id: [MESSAGES.invalidType] });
    const path = await agent.get('/api/admin/gl_produto/2147483648/edit');
    expect(path.status).toBe(422);
    expect((await agent.get('/api/admin/gl_produto/2147483647/edit')).status).toBe(404);
  });

  it('answers a multipart body without boundary, or cut short, 400 with the envelope', async () => {
    const agent = await signedInAgent(t, usuarioId, context);
    const noBoundary = await agent.request('POST', '/api/admin/gl_produto', { rawBody: 'x', contentType: 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body).toMatchObject({ status: 400, message: MESSAGES.invalidMultipart });
    const cut = await agent.request('POST', '/api/admin/gl_produto', {
      rawBody: '--b\r\nContent-Disposition: form-data; name="nome"\r\n\r\nPro',
      contentType: 'multipart/form-data; boundary=b',
    });
    expect(cut.status).toBe(400);
    expect(cut.body).toMatchObject({ status: 400, message: MESSAGES.invalidMultipart });
  });

  it('answers a path that is not valid percent-encoding with the envelope', async () => {
    const response = await t.app.inject('/api/admin/gl_produto/%C3%28/edit');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, message: MESSAGES.invalidUrl });
  });
});
