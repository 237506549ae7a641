import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> } }>>;
}

describe('GET /api/docs outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes every route in an OpenAPI document generated from the routes\' own zod schemas', async () => {
    const response = await new ApiAgent(t.app).get<unknown>('/api/docs');
    expect(response.status).toBe(200);
    const doc = response.body as unknown as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    // The §7 login, with the fields its schema requires.
    const login = doc.paths['/api/acesso/login']?.post?.requestBody?.content['application/json']?.schema;
    expect(login?.required).toEqual(expect.arrayContaining(['email', 'senha']));
    expect(Object.keys(login?.properties ?? {})).toEqual(expect.arrayContaining(['email', 'senha', 'gl_produto_id']));
    // A sample of the groups, customer and staff, and not the document itself.
    for (const path of ['/api/sessao/web', '/api/gl_usuario/me', '/api/pg_fatura/cliente/{token}', '/api/admin/gl_usuario']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(Object.keys(doc.paths)).not.toContain('/api/docs');
  });
});

describe('GET /api/docs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(40),
        PUBLIC_URL: 'http://portal.exemplo.com.br',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        CAPTCHA_PROVIDER: 'altcha',
      },
    });
  });
  afterAll(() => t.close());

  it('is for signed-in staff only: a visitor and a customer are refused', async () => {
    const visitor = await new ApiAgent(t.app).get('/api/docs');
    expect(visitor).toMatchObject({ status: 401, body: { code: 'not_logged_in' } });

    const customer = await createUser(t.db);
    const asCustomer = await (await signedInAgent(t, customer.id)).get('/api/docs');
    expect(asCustomer).toMatchObject({ status: 403, body: { code: 'forbidden' } });

    const staff = await createUser(t.db, { nivel: 5 });
    const asStaff = await (await signedInAgent(t, staff.id)).get<unknown>('/api/docs');
    expect(asStaff.status).toBe(200);
    expect((asStaff.body as unknown as OpenApiDocument).openapi).toBe('3.1.0');
  });
});
