import { and, eq } from 'drizzle-orm';
import type { ClientMetadata } from 'oidc-provider';
import { ADMIN_MESSAGES, type OidcSecretResponse } from '#shared/schemas/admin';
import type { Queryable } from '../../platform/db/database.ts';
import { glOidcCliente, glProduto } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashToken, randomToken } from '../../platform/session/tokens.ts';

/**
 * The applications registered per product (gl_oidc_cliente) as oidc-provider's clients
 * (decision 087). Read at every use, so a change by staff applies at the next request.
 */

/** A new client id: unguessable is not needed, unique and unmistakable is. */
export function newClientId(): string {
  return `app_${randomToken(12)}`;
}

/**
 * The metadata of an active application of an active product, or undefined. Confidential
 * clients authenticate with HTTP Basic only: the secret is kept as its SHA-256, and the routes
 * hash the one presented in the Authorization header before the provider compares them
 * (presentedSecretAsStored); a secret in the body would be compared unhashed, so that method
 * is not offered.
 */
export async function findClientMetadata(
  db: Queryable,
  clientId: string,
): Promise<ClientMetadata | undefined> {
  const [row] = await db
    .select({
      client_id: glOidcCliente.client_id,
      nome: glOidcCliente.nome,
      confidencial: glOidcCliente.confidencial,
      segredo_hash: glOidcCliente.segredo_hash,
      redirect_uris: glOidcCliente.redirect_uris,
      post_logout_redirect_uris: glOidcCliente.post_logout_redirect_uris,
      backchannel_logout_uri: glOidcCliente.backchannel_logout_uri,
    })
    .from(glOidcCliente)
    .innerJoin(glProduto, eq(glProduto.id, glOidcCliente.gl_produto_id))
    .where(
      and(
        eq(glOidcCliente.client_id, clientId),
        eq(glOidcCliente.ativo, true),
        eq(glProduto.ativo, true),
      ),
    );
  if (!row) return undefined;
  // A confidential application without a secret yet cannot sign anyone in.
  if (row.confidencial && !row.segredo_hash) return undefined;
  return {
    client_id: row.client_id,
    client_name: row.nome,
    application_type: 'web',
    redirect_uris: row.redirect_uris,
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    response_types: ['code'],
    grant_types: row.confidencial
      ? ['authorization_code', 'refresh_token']
      : ['authorization_code'],
    token_endpoint_auth_method: row.confidencial ? 'client_secret_basic' : 'none',
    ...(row.confidencial && row.segredo_hash ? { client_secret: row.segredo_hash } : {}),
    id_token_signed_response_alg: 'ES256',
    ...(row.backchannel_logout_uri
      ? {
          backchannel_logout_uri: row.backchannel_logout_uri,
          backchannel_logout_session_required: true,
        }
      : {}),
  };
}

/** An application as the sign-in and the consent screen show it. */
export interface ApplicationSummary {
  id: number;
  nome: string;
  /** Shown on the steps of its sign-in (issue 38). */
  logoUrl: string | null;
  /** The product whose sign-in screen it uses. */
  produtoId: number;
  /** The provider's own: no consent screen (decision 097). */
  primeiraParte: boolean;
}

/** The application of a client id, active or not (the caller decides what an inactive one gets). */
export async function findClientProduct(
  db: Queryable,
  clientId: string,
): Promise<ApplicationSummary | null> {
  const [row] = await db
    .select({
      id: glOidcCliente.id,
      nome: glOidcCliente.nome,
      logoUrl: glOidcCliente.logo_url,
      produtoId: glOidcCliente.gl_produto_id,
      primeiraParte: glOidcCliente.primeira_parte,
    })
    .from(glOidcCliente)
    .where(eq(glOidcCliente.client_id, clientId));
  return row ?? null;
}

/**
 * A new secret for a confidential application (the previous one stops working at once): 256
 * random bits, of which only the SHA-256 is stored, so the answer is the only time it is seen.
 */
export async function rotateClientSecret(db: Queryable, id: number): Promise<OidcSecretResponse> {
  const [row] = await db
    .select({ client_id: glOidcCliente.client_id, confidencial: glOidcCliente.confidencial })
    .from(glOidcCliente)
    .where(eq(glOidcCliente.id, id));
  if (!row) throw notFound();
  if (!row.confidencial) throw new AppError(422, ADMIN_MESSAGES.oidcPublicClient, 'public_client');
  const secret = randomToken(32);
  await db
    .update(glOidcCliente)
    .set({ segredo_hash: hashToken(secret) })
    .where(eq(glOidcCliente.id, id));
  return { client_id: row.client_id, client_secret: secret };
}

/**
 * RFC 6749 §2.3.1 HTTP Basic client credentials with the secret replaced by its SHA-256 (the
 * form the database keeps), or the header unchanged when it is not Basic or not well formed.
 */
export function presentedSecretAsStored(authorization: string): string {
  const match = /^basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(authorization);
  if (!match?.[1]) return authorization;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return authorization;
  let secret: string;
  try {
    secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, '%20'));
  } catch {
    return authorization;
  }
  const id = decoded.slice(0, colon);
  return `Basic ${Buffer.from(`${id}:${hashToken(secret)}`).toString('base64')}`;
}
