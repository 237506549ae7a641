import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProduct } from '#shared/schemas/acesso';
import { ApiAgent } from '../../../../tests/helpers/api-agent.ts';
import { createProduct } from '../../../../tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

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
