import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';

/**
 * A small application signing people in through the portal with openid-client (panva), as a
 * product would (issue 18): the code flow with PKCE, the ID token verified against the portal's
 * JWKS, and a back-channel logout endpoint that verifies the logout token. One person at a time.
 */
export interface RelyingParty {
  origin: string;
  redirectUri: string;
  /** Where the portal returns the person after a logout this application asked (/sair). */
  postLogoutUri: string;
  backchannelUri: string;
  /** The logout tokens received and verified (OpenID Connect Back-Channel Logout 1.0 §2.6). */
  logouts: JWTPayload[];
  /** Registers the application's credentials, once staff created them. */
  configure(clientId: string, clientSecret: string): Promise<void>;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

export async function startRelyingParty(
  name: string,
  port: number,
  issuer: string,
): Promise<RelyingParty> {
  const origin = `http://127.0.0.1:${port}`;
  const redirectUri = `${origin}/callback`;
  let config: oidc.Configuration | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  const pending = new Map<string, { verifier: string; nonce: string }>();
  const logouts: JWTPayload[] = [];
  const postLogoutUri = `${origin}/saiu`;
  let lastIdToken = '';
  let lastRefreshToken = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      if (!config || !jwks) {
        response.writeHead(503).end();
        return;
      }
      if (url.pathname === '/entrar') {
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        pending.set(state, { verifier, nonce });
        const prompt = url.searchParams.get('prompt');
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: url.searchParams.get('scope') ?? 'openid profile email cliente',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
          ...(prompt && { prompt }),
        });
        response.writeHead(302, { location: target.href }).end();
        return;
      }
      if (url.pathname === '/callback') {
        const state = url.searchParams.get('state') ?? '';
        const expected = pending.get(state);
        pending.delete(state);
        // RFC 6749 §4.1.2.1: the person refused (or the request failed); the application says so.
        const refused = url.searchParams.get('error');
        if (refused && expected) {
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(page(`${name}: acesso não permitido`, `<p id="erro">${escape(refused)}</p>`));
          return;
        }
        if (!expected) {
          response
            .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
            .end(page('Estado desconhecido', ''));
          return;
        }
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: expected.verifier,
          expectedState: state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        // openid-client checks the ID token's claims; its signature is checked here, against the JWKS.
        const { payload } = await jwtVerify(tokens.id_token ?? '', jwks, {
          issuer,
          audience: config.clientMetadata().client_id,
        });
        lastIdToken = tokens.id_token ?? '';
        lastRefreshToken = tokens.refresh_token ?? '';
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              `${name}: você entrou`,
              `<pre id="claims">${escape(JSON.stringify(payload, null, 2))}</pre>`,
            ),
          );
        return;
      }
      if (url.pathname === '/renovar') {
        // The application's next call with its refresh token (RFC 6749 §6): refused once the
        // person revoked it, or any security event ended it (decisions 096, 097).
        let outcome: string;
        try {
          const renewed = await oidc.refreshTokenGrant(config, lastRefreshToken);
          lastRefreshToken = renewed.refresh_token ?? lastRefreshToken;
          outcome = 'renovado';
        } catch (error) {
          outcome = `recusado: ${(error as { error?: string }).error ?? String(error)}`;
        }
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(page(`${name}: renovação`, `<p id="renovacao">${escape(outcome)}</p>`));
        return;
      }
      if (url.pathname === '/sair') {
        // OpenID Connect RP-Initiated Logout 1.0 §2.
        const target = oidc.buildEndSessionUrl(config, {
          id_token_hint: lastIdToken,
          post_logout_redirect_uri: postLogoutUri,
        });
        response.writeHead(302, { location: target.href }).end();
        return;
      }
      if (url.pathname === '/saiu') {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(page(`${name}: você saiu`, ''));
        return;
      }
      if (url.pathname === '/backchannel' && request.method === 'POST') {
        const token = new URLSearchParams(await readBody(request)).get('logout_token') ?? '';
        const { payload } = await jwtVerify(token, jwks, {
          issuer,
          audience: config.clientMetadata().client_id,
        });
        const events = payload.events as Record<string, unknown> | undefined;
        if (
          !events?.['http://schemas.openid.net/event/backchannel-logout'] ||
          payload.nonce !== undefined
        ) {
          response.writeHead(400).end();
          return;
        }
        logouts.push(payload);
        response.writeHead(200).end();
        return;
      }
      response.writeHead(404).end();
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    origin,
    redirectUri,
    postLogoutUri,
    backchannelUri: `${origin}/backchannel`,
    logouts,
    async configure(clientId, clientSecret) {
      // The portal runs on http://localhost in the tests; production issuers are https.
      config = await oidc.discovery(
        new URL(issuer),
        clientId,
        undefined,
        oidc.ClientSecretBasic(clientSecret),
        {
          execute: [oidc.allowInsecureRequests],
        },
      );
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error('no jwks_uri in the discovery document');
      jwks = createRemoteJWKSet(new URL(jwksUri));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
