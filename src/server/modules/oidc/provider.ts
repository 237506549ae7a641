import type { IncomingMessage } from 'node:http';
import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider';
import type { Database } from '../../platform/db/database.ts';
import { loggableError } from '../../platform/db/errors.ts';
import { RETRY_AFTER_SECONDS } from '../../platform/http/error-handler.ts';
import { httpUnavailable } from '../../platform/observability/metrics.ts';
import { deleteSession } from '../../platform/session/session-store.ts';
import { findAccount, OIDC_CLAIMS } from './accounts.ts';
import { createOutgoingFetch } from './outgoing-calls.ts';
import { logoutSource, postLogoutSuccessSource, renderError } from './pages.ts';
import { ensureSigningKey, loadSigningKeys } from './signing-keys.ts';
import { available, ClientAdapter, DatabaseAdapter } from './storage-adapter.ts';

/** Where the provider answers; its issuer is PUBLIC_URL followed by this path (decision 086). */
export const OIDC_PATH = '/oidc';
/** The portal's side of a sign-in an application asked for (decision 087). */
export const INTERACTION_PATH = `${OIDC_PATH}/interacao`;

export interface OidcOptions {
  db: Database;
  publicUrl: string;
  sessionSecret: string;
  /**
   * Outside production, back-channel logout may call applications on this machine (loopback),
   * which the outgoing-call guard (outgoing-calls.ts) refuses otherwise.
   */
  allowLoopbackCalls: boolean;
  /** Where the provider's own failures are written (it only emits them as events). */
  log: { error(object: object, message: string): void };
}

/**
 * The portal session of a request the provider handles on its sign-in paths (its routes put it
 * here). The provider's own session passes a person through only while this is the same
 * person's (decision 087): a portal Logout, or another person's sign-in, ends single sign-on at
 * once; and an RP-initiated logout ends this session too.
 */
const portalSessionOf = new WeakMap<IncomingMessage, PortalSession | null>();

interface PortalSession {
  id: string;
  usuarioId: number;
}

export function setPortalSession(request: IncomingMessage, session: PortalSession | null): void {
  portalSessionOf.set(request, session);
}

/**
 * The portal as an OpenID Provider (oidc-provider, panva; decisions 086 and 087): authorization
 * code with PKCE only, its state in the portal's database, its signing keys from gl_oidc_chave,
 * its clients the applications staff register per product, its sign-in the portal's own.
 * Built on the first request under /oidc, so a start that never serves one does not load it.
 */
export async function createOidcProvider(options: OidcOptions): Promise<Provider> {
  const { db, sessionSecret } = options;
  await ensureSigningKey(db, sessionSecret);
  const keys = await loadSigningKeys(db, sessionSecret);
  const { Provider: OidcProvider, interactionPolicy } = await import('oidc-provider');

  const policy = interactionPolicy.base();
  policy.get('login')?.checks.push(
    new interactionPolicy.Check(
      'portal_session',
      'the portal session ended or belongs to another person',
      (ctx: KoaContextWithOIDC) => {
        const accountId = ctx.oidc.session?.accountId;
        // Without a provider session the library's no_session check asks already.
        if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const portal = portalSessionOf.get(ctx.req);
        return portal != null && String(portal.usuarioId) === accountId
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );

  const configuration: Configuration = {
    adapter: (model: string) =>
      model === 'Client' ? new ClientAdapter(db) : new DatabaseAdapter(db, model),
    jwks: { keys },
    responseTypes: ['code'],
    // Confidential applications authenticate with HTTP Basic only: the routes hash the secret of
    // that header before the provider compares it with the stored SHA-256 (decision 087). A
    // client_secret in the body would be compared as sent, so the stored hash itself would pass
    // (issue 34): that method, and the JWT ones the hash cannot serve, are not offered.
    clientAuthMethods: ['client_secret_basic', 'none'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'cliente'],
    claims: OIDC_CLAIMS,
    // The ID token carries the claims of the granted scopes too, so an application need not call
    // userinfo to learn who signed in and for which client account.
    conformIdTokenClaims: false,
    // Seconds. An application's sign-in has an hour; the provider's session, its grants and
    // refresh tokens outlive no portal session anyway (the portal_session check), so their two
    // weeks are a ceiling; codes are for the immediate exchange.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 86_400,
      Grant: 14 * 86_400,
      RefreshToken: 14 * 86_400,
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`, policy },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    // The provider's cookies are signed with a key of their own, derived like the others.
    cookies: { keys: [`${sessionSecret}:oidc-cookies`] },
    renderError,
    // Outgoing calls (back-channel logout) reach public addresses only (SSRF; outgoing-calls.ts).
    fetch: createOutgoingFetch({ allowLoopback: options.allowLoopbackCalls }),
    findAccount: (ctx, sub, token) => findAccount(db, ctx, sub, token),
  };
  const provider = new OidcProvider(`${options.publicUrl}${OIDC_PATH}`, configuration);
  const logError = (event: string) => (_ctx: unknown, error: unknown) =>
    options.log.error({ err: loggableError(error), event }, 'OIDC provider error');
  provider.on('server_error', logError('server_error'));
  provider.on('backchannel.error', logError('backchannel.error'));
  // OpenID Connect RP-Initiated Logout: leaving the provider's session is leaving the portal's too
  // when it is the same person's (not when the library ends an earlier person's session because
  // another one signed in on this browser). Marked by the event, done by the middleware before the
  // answer leaves, so the browser's next request finds the portal session gone.
  const loggedOut = new WeakSet<IncomingMessage>();
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const portal = portalSessionOf.get(ctx.req);
    if (
      ctx.oidc.params?.logout &&
      portal &&
      String(portal.usuarioId) === ctx.oidc.session?.accountId
    ) {
      loggedOut.add(ctx.req);
    }
  });
  // Every 503 of the provider (its storage's database away, storage-adapter.ts) says when to
  // come back, as the API's do (issue 36 item 7).
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 503) return;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    httpUnavailable.inc({ reason: 'database' });
  });
  provider.use(async (ctx, next) => {
    await next();
    const portal = portalSessionOf.get(ctx.req);
    // Its own database failure is the provider's 503 too (storage-adapter.ts), not a 500.
    if (portal && loggedOut.has(ctx.req)) await available(() => deleteSession(db, portal.id));
  });
  // Behind TLS-terminating proxies the issuer's scheme comes from X-Forwarded-Proto.
  provider.proxy = true;
  return provider;
}
