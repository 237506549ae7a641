import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProduct } from '#shared/schemas/auth';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/gl_produto/{pid}/edit', () => {
  it('answers an active product to anyone, its url resolved', async () => {
    const produto = await createProduct(t.db, {
      nome: 'Portal Demo',
      url: '/painel',
      logo_url: '/logo.svg',
      cadastro_permitido: true,
      cadastro_usuario_inativo: false,
    });
    const response = await new ApiAgent(t.app).get<PublicProduct>(
      `/api/gl_produto/${produto.id}/edit`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      id: produto.id,
      nome: 'Portal Demo',
      url: 'http://localhost:3000/painel',
      logo_url: '/logo.svg',
      cadastro_permitido: true,
      cadastro_usuario_inativo: false,
    });
  });

  it('answers an unknown or inactive product with 404', async () => {
    const inactive = await createProduct(t.db, { ativo: false });
    for (const pid of [999_999, inactive.id]) {
      const response = await new ApiAgent(t.app).get(`/api/gl_produto/${pid}/edit`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Produto não encontrado.');
    }
  });

  it('answers a pid that is not a number with 422', async () => {
    const response = await new ApiAgent(t.app).get('/api/gl_produto/abc/edit');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors ?? {})).toEqual(['pid']);
  });
});

describe('GET /api/gl_produto/destino (the redirect page\'s allow-list, decision 041)', () => {
  const check = (origem: string) =>
    new ApiAgent(t.app).get<{ origem: string; permitido: boolean }>(`/api/gl_produto/destino?origem=${encodeURIComponent(origem)}`);

  it("allows this portal's origin and the origins of active products' URLs, nothing else", async () => {
    await createProduct(t.db, { url: 'https://gestao.exemplo.com.br/inicio?x=1' });
    await createProduct(t.db, { url: 'https://antigo.exemplo.com.br', ativo: false });
    const cases: [string, boolean][] = [
      ['http://localhost:3000', true],
      ['https://gestao.exemplo.com.br', true],
      ['https://gestao.exemplo.com.br/outra/pagina?y=2', true],
      ['HTTPS://GESTAO.exemplo.com.br:443', true],
      ['http://gestao.exemplo.com.br', false],
      ['https://gestao.exemplo.com.br:8443', false],
      ['https://gestao.exemplo.com.br.evil.example', false],
      ['https://evil.example', false],
      ['https://antigo.exemplo.com.br', false],
      ['http://localhost:3001', false],
    ];
    for (const [origem, permitido] of cases) {
      const response = await check(origem);
      expect(response.status, origem).toBe(200);
      expect(response.body.data, origem).toEqual({ origem: new URL(origem).origin, permitido });
    }
  });

  it('refuses what is not an http(s) origin with a 422', async () => {
    for (const origem of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'nada', '']) {
      const response = await check(origem);
      expect(response.status, origem).toBe(422);
      expect(Object.keys(response.body.errors ?? {}), origem).toEqual(['origem']);
    }
  });
});

describe('staff cannot save a product URL that is not http(s) (decision 041)', () => {
  it('refuses javascript:, data: and other schemes and accepts http(s) and paths of the portal', async () => {
    const admin = await createUser(t.db, { nivel: 1 });
    const agent = await signedInAgent(t, admin.id);
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://arquivos.exemplo.com.br', '//evil.example', '/\\evil.example', 'gestao.exemplo.com.br']) {
      const response = await agent.post('/api/admin/gl_produto', { nome: 'Produto', url });
      expect(response.status, url).toBe(422);
      expect(Object.keys(response.body.errors ?? {}), url).toEqual(['url']);
    }
    for (const url of ['https://gestao.exemplo.com.br/inicio', 'http://intranet.exemplo.com.br', '/painel']) {
      const response = await agent.post('/api/admin/gl_produto', { nome: 'Produto', url });
      expect(response.status, url).toBe(200);
    }
  });
});
