import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../../platform/http/escape-html.ts';

/**
 * The few pages the OpenID provider shows a person itself (errors, the logout question), in
 * pt-BR and without scripts; everything else is the portal's own screens (decision 087).
 */
function providerPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      ${body}
    </main>
  </body>
</html>`;
}

const PORTAL_LINK = '<p><a href="/">Ir para o Portal do Cliente</a></p>';

/** An application's bad request, or the portal unavailable (503). */
export function renderError(ctx: KoaContextWithOIDC, out: { error: string }): void {
  ctx.type = 'html';
  const message =
    ctx.status === 503
      ? 'O Portal do Cliente está temporariamente indisponível. Tente novamente em instantes.'
      : 'O aplicativo que trouxe você até aqui fez um pedido de acesso que o Portal do Cliente não pode atender. Volte ao aplicativo e tente novamente; se o problema continuar, informe o suporte do aplicativo.';
  ctx.body = providerPage(
    'Não foi possível entrar no aplicativo',
    `<p>${message}</p><p>Código do erro: <code>${escapeHtml(out.error)}</code></p>${PORTAL_LINK}`,
  );
}

/**
 * A step of an application's sign-in while the portal's database is away (issue 36 item 7): a
 * page, not the API's JSON, with the same address to try again (a GET only: a form's answer
 * cannot be sent again by a link).
 */
export function unavailablePage(retryUrl: string | null): string {
  const retry = retryUrl ? `<p><a href="${escapeHtml(retryUrl)}">Tentar novamente</a></p>` : '';
  return providerPage(
    'Portal temporariamente indisponível',
    `<p>O Portal do Cliente está temporariamente indisponível. Tente novamente em instantes.</p>${retry}${PORTAL_LINK}`,
  );
}

/** The sign-in an application asked for is unknown, expired (an hour) or already finished. */
export const INTERACTION_EXPIRED_PAGE = providerPage(
  'Pedido de acesso expirado',
  `<p>Este pedido de acesso do aplicativo expirou ou já foi concluído. Volte ao aplicativo e entre novamente.</p>${PORTAL_LINK}`,
);

/**
 * A person whose account is switched off, or whose deletion is scheduled, came from an
 * application with a portal session still open (issue 34): applications get nothing of them.
 */
export const ACCOUNT_UNAVAILABLE_PAGE = providerPage(
  'Conta indisponível para aplicativos',
  `<p>A sua conta está desativada ou com exclusão agendada, e por isso não pode ser usada para entrar em aplicativos. Se a exclusão foi pedida por engano, cancele-a na página <a href="/me/privacidade">Privacidade</a> do portal; em outros casos, fale com o suporte.</p>${PORTAL_LINK}`,
);

/**
 * RP-initiated logout asks the person (OpenID Connect RP-Initiated Logout 1.0 §3): leaving ends
 * the portal session and every application's (back-channel logout).
 */
export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
  ctx.body = providerPage(
    'Sair do Portal do Cliente?',
    `<p>O aplicativo pediu para encerrar a sua sessão. Ao sair, você sai do Portal do Cliente e de todos os aplicativos em que entrou por ele neste navegador.</p>
      ${form}
      <p>
        <button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sair</button>
        <button type="submit" form="op.logoutForm">Continuar conectado</button>
      </p>`,
  );
}

export function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  ctx.type = 'html';
  ctx.body = providerPage('Você saiu', `<p>A sua sessão foi encerrada.</p>${PORTAL_LINK}`);
}
