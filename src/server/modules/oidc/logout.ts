import type { IncomingMessage, ServerResponse } from 'node:http';
import { loggableError } from '../../platform/db/errors.ts';
import type { OidcRuntime } from './runtime.ts';

interface BackchannelClient {
  backchannelLogoutUri?: string;
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

/** oidc-provider's session cookie name (its default `cookies.names.session`). */
const PROVIDER_SESSION_COOKIE = '_session';

/**
 * The portal's Logout (§7 POST /api/acesso/logout) ends the provider's session of the same
 * browser as RP-initiated logout would (decision 087): every application signed in through it
 * is told by back-channel logout (OpenID Connect Back-Channel Logout 1.0 §2.5), its tokens are
 * revoked and the provider's session is deleted. A browser that never used an application has no
 * provider cookie, and the provider is not even loaded for it.
 */
export async function endProviderSession(
  oidc: OidcRuntime,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!req.headers.cookie?.includes(`${PROVIDER_SESSION_COOKIE}=`)) return;
  const { provider } = await oidc.ready();
  const session = await provider.Session.get(provider.createContext(req, res));
  const accountId = session.accountId;
  if (!accountId) return;
  const authorizations = Object.entries(session.authorizations ?? {});
  await Promise.all(
    authorizations.map(async ([clientId, { sid, grantId }]) => {
      // The library's own logout call (its types do not list it).
      const client = (await provider.Client.find(clientId)) as BackchannelClient | undefined;
      if (client?.backchannelLogoutUri && sid) {
        await client
          .backchannelLogout(accountId, sid)
          .catch((error: unknown) =>
            oidc.options.log.error(
              { err: loggableError(error), clientId },
              'OIDC back-channel logout failed',
            ),
          );
      }
      if (grantId) {
        await Promise.all([
          provider.AccessToken.revokeByGrantId(grantId),
          provider.RefreshToken.revokeByGrantId(grantId),
          provider.AuthorizationCode.revokeByGrantId(grantId),
          provider.Grant.adapter.destroy(grantId),
        ]);
      }
    }),
  );
  await session.destroy();
}
