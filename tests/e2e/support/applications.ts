import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { RelyingParty } from './relying-party.ts';
import { apiHeaders } from './sign-in.ts';

/**
 * Staff (the page is signed in as one) register a relying party as an application of product 1
 * through the staff API and make its secret (decision 087); first-party (no consent screen,
 * decision 097) unless told otherwise.
 */
export async function registerThroughApi(
  page: Page,
  name: string,
  rp: RelyingParty,
  options: { primeiraParte?: boolean } = {},
): Promise<void> {
  const headers = await apiHeaders(page);
  const created = await page.request.post('/api/admin/gl_oidc_cliente', {
    headers,
    data: {
      gl_produto_id: 1,
      confidencial: true,
      nome: name,
      redirect_uris: rp.redirectUri,
      post_logout_redirect_uris: rp.postLogoutUri,
      backchannel_logout_uri: rp.backchannelUri,
      primeira_parte: options.primeiraParte ?? true,
      ativo: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as {
    data: { entity: { id: number; client_id: string } };
  };
  const secret = await page.request.post(`/api/admin/gl_oidc_cliente/${data.entity.id}/segredo`, {
    headers,
  });
  const { data: credentials } = (await secret.json()) as { data: { client_secret: string } };
  await rp.configure(data.entity.client_id, credentials.client_secret);
}
