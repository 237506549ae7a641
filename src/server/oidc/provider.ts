import { eq } from 'drizzle-orm';
import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider';
import type { Database } from '../db/database.ts';
import { glUsuario } from '../db/schema.ts';
import { loggableError } from '../db/errors.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { ensureSigningKey, loadSigningKeys } from './signing-keys.ts';
import { DatabaseAdapter } from './storage-adapter.ts';

/** Where the provider answers; its issuer is PUBLIC_URL followed by this path (decision 086). */
export const OIDC_PATH = '/oidc';

export interface OidcOptions {
  db: Database;
  publicUrl: string;
  sessionSecret: string;
  /** Where the provider's own failures are written (it only emits them as events). */
  log: { error(object: object, message: string): void };
}

/** The scopes an application may ask for, and the claims each one releases (issue 18). */
const CLAIMS: Configuration['claims'] = {
  openid: ['sub'],
  profile: ['name', 'nickname'],
  email: ['email', 'email_verified'],
};

/** The error page the provider shows a person (an application's bad request), in pt-BR. */
function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
): void {
  ctx.type = 'html';
  ctx.body = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Não foi possível entrar no aplicativo</title>
  </head>
  <body>
    <main>
      <h1>Não foi possível entrar no aplicativo</h1>
      <p>${
        ctx.status === 503
          ? 'O Portal do Cliente está temporariamente indisponível. Tente novamente em instantes.'
          : 'O aplicativo que trouxe você até aqui fez um pedido de acesso que o Portal do Cliente não pode atender. Volte ao aplicativo e tente novamente; se o problema continuar, informe o suporte do aplicativo.'
      }</p>
      <p>Código do erro: <code>${escapeHtml(out.error)}</code></p>
      <p><a href="/">Ir para o Portal do Cliente</a></p>
    </main>
  </body>
</html>`;
}

/**
 * The portal as an OpenID Provider (oidc-provider, panva; decision 086): authorization code with
 * PKCE only, its state in the portal's database, its signing keys from gl_oidc_chave. Built on
 * the first request under /oidc, so a start that never serves one does not load the library.
 */
export async function createOidcProvider(options: OidcOptions): Promise<Provider> {
  const { db, sessionSecret } = options;
  await ensureSigningKey(db, sessionSecret);
  const keys = await loadSigningKeys(db, sessionSecret);
  const { Provider: OidcProvider } = await import('oidc-provider');
  const provider = new OidcProvider(`${options.publicUrl}${OIDC_PATH}`, {
    adapter: (model: string) => new DatabaseAdapter(db, model),
    jwks: { keys },
    clients: [],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: CLAIMS,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
    },
    // The provider's cookies are signed with a key of their own, derived like the others.
    cookies: { keys: [`${sessionSecret}:oidc-cookies`] },
    renderError,
    async findAccount(_ctx, sub) {
      const id = Number(sub);
      if (!Number.isSafeInteger(id)) return undefined;
      const [user] = await db
        .select({
          id: glUsuario.id,
          nome: glUsuario.nome,
          apelido: glUsuario.apelido,
          email: glUsuario.email,
          ativo: glUsuario.ativo,
        })
        .from(glUsuario)
        .where(eq(glUsuario.id, id));
      if (!user?.ativo) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.nome,
          nickname: user.apelido ?? undefined,
          email: user.email,
          // The portal only lets a person in with a password it sent to that address (§4).
          email_verified: true,
        }),
      };
    },
  });
  provider.on('server_error', (_ctx: unknown, error: unknown) =>
    options.log.error({ err: loggableError(error) }, 'OIDC provider error'),
  );
  // Behind TLS-terminating proxies the issuer's scheme comes from X-Forwarded-Proto.
  provider.proxy = true;
  return provider;
}
