import { z } from 'zod';
import { IdSchema } from './auth.ts';

/**
 * Connected applications (issue 34, decision 097): the consent screen an application's sign-in
 * may show, and 'Aplicativos conectados' on the security screen. Paths are ours (the
 * specification shows none).
 */

/** What an application may ask for (OpenID Connect scopes the portal knows). */
export type OidcScope = 'openid' | 'profile' | 'email' | 'cliente' | 'offline_access';

/** An interaction id of the provider (its uid: URL-safe random characters). */
export const InteracaoParamsSchema = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });

/** GET /api/oidc/interacao/{uid}: who asks the sign-in, and for what. */
export interface InteractionInfo {
  aplicativo: string;
  /** The application's logo (issue 38), as staff set it; null when none. */
  logo_url: string | null;
  gl_produto_id: number;
  escopos: OidcScope[];
}

/** POST /api/oidc/interacao/{uid}/consentimento: where the browser goes on (the interaction). */
export interface ConsentResponse {
  url: string;
}

/** One application the person connected. */
export interface ConnectedApplication {
  id: number;
  aplicativo: string;
  escopos: OidcScope[];
  /** First use: the consent, or the first sign-in (ISO instant). */
  datahora_criado: string;
  /** The last time it got a token (a sign-in or a refresh), to the minute. */
  datahora_ultimo_uso: string;
}

export interface ConnectedApplicationsResponse {
  aplicativos: ConnectedApplication[];
}

export const AplicativoParamsSchema = z.object({ id: IdSchema });

export const APPLICATION_MESSAGES = {
  interactionExpired:
    'Este pedido de acesso do aplicativo expirou ou já foi concluído. Volte ao aplicativo e entre novamente.',
  allowed: 'Acesso permitido.',
  revoked: (aplicativo: string) => `O acesso de ${aplicativo} foi revogado.`,
  notFound: 'Aplicativo não encontrado entre os seus aplicativos conectados.',
} as const;
