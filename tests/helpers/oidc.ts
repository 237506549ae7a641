import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { glOidcCliente } from '../../src/server/platform/db/schema.ts';
import { hashToken } from '../../src/server/platform/session/tokens.ts';
import type { ApiAgent } from './api-agent.ts';
import type { TestApp } from './test-app.ts';

/**
 * An application signing people in through the portal, as the API tests play it (decisions 086,
 * 087, 097): registered straight in gl_oidc_cliente with a known secret, the browser's redirects
 * followed by an ApiAgent, the back-channel calls made with app.inject.
 */

/** The PUBLIC_URL the OIDC tests give their app: the issuer is this plus /oidc. */
export const OIDC_PUBLIC_URL = 'https://portal.exemplo.com.br';

export interface Application {
  id: number;
  clientId: string;
  secret: string;
  redirectUri: string;
  produtoId: number;
  postLogoutUri: string;
}

/** An application of the product, confidential (with a secret) unless told; first-party unless told. */
export async function registerApplication(
  t: Pick<TestApp, 'db'>,
  produtoId: number,
  options: { confidencial?: boolean; backchannel?: string; primeiraParte?: boolean; logoUrl?: string } = {},
): Promise<Application> {
  const confidencial = options.confidencial ?? true;
  const secret = randomBytes(32).toString('base64url');
  const clientId = `app_${randomBytes(6).toString('hex')}`;
  const redirectUri = `https://${clientId}.exemplo.com.br/callback`;
  const postLogoutUri = `https://${clientId}.exemplo.com.br/saiu`;
  const [row] = await t.db
    .insert(glOidcCliente)
    .values({
      gl_produto_id: produtoId,
      nome: `Aplicativo ${clientId}`,
      logo_url: options.logoUrl ?? null,
      client_id: clientId,
      confidencial,
      segredo_hash: confidencial ? hashToken(secret) : null,
      redirect_uris: [redirectUri],
      post_logout_redirect_uris: [postLogoutUri],
      backchannel_logout_uri: options.backchannel ?? null,
      primeira_parte: options.primeiraParte ?? true,
    })
    .returning({ id: glOidcCliente.id });
  if (!row) throw new Error('gl_oidc_cliente insert returned nothing');
  return { id: row.id, clientId, secret, redirectUri, produtoId, postLogoutUri };
}

export const base64url = (bytes: Buffer) => bytes.toString('base64url');

export interface Authorization {
  verifier: string;
  state: string;
  nonce: string;
  /** Where the browser ended: the application's redirect URI with the answer, or a portal screen. */
  location: string;
}

/** Follows the provider's redirects (as a browser would) until they leave /oidc. */
export async function follow(agent: ApiAgent, location: string): Promise<string> {
  let next = location;
  for (let hop = 0; hop < 10; hop++) {
    const path = next.startsWith(OIDC_PUBLIC_URL) ? next.slice(OIDC_PUBLIC_URL.length) : next;
    if (!path.startsWith('/oidc')) return next;
    const answer = await agent.get(path);
    const redirect = answer.headers.location;
    if (typeof redirect !== 'string')
      throw new Error(`no redirect from ${path}: ${answer.status} ${answer.raw.slice(0, 300)}`);
    next = redirect;
  }
  throw new Error('too many redirects');
}

/** Starts an authorization request (code with PKCE S256) and follows it as far as it goes. */
export async function authorize(
  agent: ApiAgent,
  application: Application,
  extra: Record<string, string> = {},
): Promise<Authorization> {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(8));
  const nonce = base64url(randomBytes(8));
  const query = new URLSearchParams({
    client_id: application.clientId,
    response_type: 'code',
    scope: 'openid profile email cliente',
    redirect_uri: application.redirectUri,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  const location = await follow(agent, `/oidc/auth?${query.toString()}`);
  return { verifier, state, nonce, location };
}

/** The code the application got back (its redirect URI, with the state it sent). */
export function codeOf(authorization: Authorization, application: Application): string {
  const url = new URL(authorization.location);
  expect(`${url.origin}${url.pathname}`).toBe(application.redirectUri);
  expect(url.searchParams.get('state')).toBe(authorization.state);
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`no code: ${authorization.location}`);
  return code;
}

/** A call of the application to the token endpoint (HTTP Basic with its secret). */
async function tokenRequest(
  t: Pick<TestApp, 'app'>,
  application: Application,
  form: Record<string, string>,
  secret = application.secret,
) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${application.clientId}:${secret}`).toString('base64')}`,
    },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: answer.statusCode, body: answer.json<Record<string, string>>() };
}

/** The code exchanged for tokens. */
export function exchange(
  t: Pick<TestApp, 'app'>,
  application: Application,
  code: string,
  verifier: string,
  secret = application.secret,
) {
  return tokenRequest(
    t,
    application,
    {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: application.redirectUri,
    },
    secret,
  );
}

/** A refresh token exchanged for a new access token. */
export function refresh(t: Pick<TestApp, 'app'>, application: Application, refreshToken: string) {
  return tokenRequest(t, application, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** The userinfo endpoint with an access token: its status (200 while the token is good). */
export async function userinfoStatus(
  t: Pick<TestApp, 'app'>,
  accessToken: string,
): Promise<number> {
  const answer = await t.app.inject({
    url: '/oidc/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return answer.statusCode;
}

/** The /login/{pid}...?interacao= screen the provider sent the browser to, and its interaction id. */
export function portalScreen(location: string): { path: string; uid: string } {
  const url = new URL(location, OIDC_PUBLIC_URL);
  const uid = url.searchParams.get('interacao');
  if (!uid) throw new Error(`not a portal screen: ${location}`);
  return { path: url.pathname, uid };
}
