import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_URL_MESSAGE, type OidcSecretResponse } from '#shared/schemas/admin';
import type { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glOidcCliente } from '../../platform/db/schema.ts';
import { hashToken } from '../../platform/session/tokens.ts';
import { presentedSecretAsStored } from './clients.ts';

type Entity = Record<string, unknown> & { id: number; client_id: string };

describe("a product's applications in the back-office (issue 18, decision 087)", () => {
  let t: TestApp;
  let supervisor: ApiAgent;
  let produtoId: number;
  beforeAll(async () => {
    t = await createTestApp();
    supervisor = await signedInAgent(t, (await createUser(t.db, { nivel: 3 })).id);
    produtoId = (await createProduct(t.db)).id;
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) =>
    supervisor.post<{ entity: Entity }>('/api/admin/gl_oidc_cliente', {
      gl_produto_id: produtoId,
      confidencial: true,
      nome: 'Aplicativo de vendas',
      redirect_uris: 'https://vendas.exemplo.com.br/callback\nhttp://localhost:4000/callback\n',
      post_logout_redirect_uris: '',
      backchannel_logout_uri: '',
      ativo: true,
      ...body,
    });

  it('registers an application with a client id of its own and exact redirect URIs, one per line', async () => {
    const answer = await register({});
    expect(answer.status).toBe(200);
    const entity = answer.body.data?.entity;
    expect(entity).toMatchObject({
      gl_produto_id: produtoId,
      redirect_uris: ['https://vendas.exemplo.com.br/callback', 'http://localhost:4000/callback'],
      post_logout_redirect_uris: [],
      tem_segredo: false,
    });
    expect(entity?.client_id).toMatch(/^app_/);
    expect(entity).not.toHaveProperty('segredo_hash');
  });

  it("keeps a logo the sign-in can show (a path on the portal, a data:image) and refuses any other with a pt-BR message (issue 38)", async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==';
    for (const logo of ['/logos/vendas.png', png]) {
      const answer = await register({ logo_url: logo });
      expect(answer.status, logo).toBe(200);
      expect(answer.body.data?.entity.logo_url).toBe(logo);
    }
    const before = await t.db.select().from(glOidcCliente);
    for (const logo of ['https://cdn.exemplo.com.br/logo.png', '//cdn.exemplo.com.br/logo.png', 'logo.png', 'javascript:alert(1)', 'data:text/html;base64,PGgxPg==']) {
      const answer = await register({ logo_url: logo });
      expect(answer.status, logo).toBe(422);
      expect(answer.body.errors?.logo_url?.[0]).toBe(LOGO_URL_MESSAGE);
    }
    expect(await t.db.select().from(glOidcCliente)).toHaveLength(before.length);
  });

  it('refuses http outside localhost, fragments and relative addresses with a pt-BR message, saving nothing', async () => {
    const before = await t.db.select().from(glOidcCliente);
    for (const uri of [
      'http://vendas.exemplo.com.br/callback',
      'https://vendas.exemplo.com.br/cb#x',
      '/callback',
      'javascript:alert(1)',
    ]) {
      const answer = await register({ redirect_uris: uri });
      expect(answer.status).toBe(422);
      expect(answer.body.errors?.redirect_uris?.[0]).toBe(
        'Informe endereços completos, um por linha, com https (http só em localhost) e sem #fragmento.',
      );
    }
    expect(await register({ redirect_uris: '' })).toMatchObject({ status: 422 });
    expect(await t.db.select().from(glOidcCliente)).toHaveLength(before.length);
  });

  it('shows a new secret once, keeps only its hash, and the previous one stops working', async () => {
    const entity = (await register({})).body.data?.entity;
    const first = await supervisor.post<OidcSecretResponse>(
      `/api/admin/gl_oidc_cliente/${entity.id}/segredo`,
    );
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const secret = first.body.data?.client_secret ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(glOidcCliente).where(eq(glOidcCliente.id, entity.id));
    expect(row?.segredo_hash).toBe(hashToken(secret));
    const loaded = await supervisor.get<{ entity: Entity }>(
      `/api/admin/gl_oidc_cliente/${entity.id}/edit`,
    );
    expect(JSON.stringify(loaded.body)).not.toContain(secret);
    expect(loaded.body.data?.entity.tem_segredo).toBe(true);

    const introspect = (clientSecret: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oidc/token/introspection',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${entity.client_id}:${clientSecret}`).toString('base64')}`,
        },
        payload: 'token=nenhum',
      });
    expect((await introspect(secret)).statusCode).toBe(200);
    const second = await supervisor.post<OidcSecretResponse>(
      `/api/admin/gl_oidc_cliente/${entity.id}/segredo`,
    );
    expect((await introspect(secret)).statusCode).toBe(401);
    expect((await introspect(second.body.data?.client_secret ?? '')).statusCode).toBe(200);
  });

  it('gives a public application no secret, and an operator cannot make one', async () => {
    const entity = (await register({ confidencial: false })).body.data?.entity;
    const answer = await supervisor.post(`/api/admin/gl_oidc_cliente/${entity.id}/segredo`);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Aplicativos públicos não têm segredo: eles entram com PKCE.');
    const operator = await signedInAgent(t, (await createUser(t.db, { nivel: 5 })).id);
    const confidential = (await register({})).body.data?.entity;
    expect(
      (await operator.post(`/api/admin/gl_oidc_cliente/${confidential.id}/segredo`)).status,
    ).toBe(403);
  });

  it('hashes the secret of HTTP Basic credentials as RFC 6749 §2.3.1 encodes them, and leaves anything else alone', () => {
    const header = `Basic ${Buffer.from('app_1:a%2Bb+c').toString('base64')}`;
    expect(Buffer.from(presentedSecretAsStored(header).slice(6), 'base64').toString()).toBe(
      `app_1:${hashToken('a+b c')}`,
    );
    expect(presentedSecretAsStored('Bearer abc')).toBe('Bearer abc');
    expect(
      presentedSecretAsStored(`Basic ${Buffer.from('semdoispontos').toString('base64')}`),
    ).toBe(`Basic ${Buffer.from('semdoispontos').toString('base64')}`);
  });
});
