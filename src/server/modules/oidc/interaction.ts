import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { Database } from '../../platform/db/database.ts';
import { glOidcAutorizacao } from '../../platform/db/schema.ts';
import { listClientLinks } from '../auth/index.ts';
import type { SessionRecord } from '../../platform/session/session-store.ts';
import { findClientProduct } from './clients.ts';
import { deletionScheduled, OIDC_CLAIMS } from './accounts.ts';
import { connectApplication, connectionCovers, requestedScopes } from './connections.ts';
import { ACCOUNT_UNAVAILABLE_PAGE, INTERACTION_EXPIRED_PAGE } from './pages.ts';

/** A request's reasons that only a sign-in made after the application asked can satisfy. */
const FRESH_SIGN_IN_REASONS = new Set(['login_prompt', 'max_age']);

/** Where the portal's screens take the sign-in over; they come back to the interaction's URL. */
function portalScreen(path: string, uid: string): string {
  return `${path}?${new URLSearchParams({ interacao: uid }).toString()}`;
}

function expired(reply: FastifyReply) {
  return reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(INTERACTION_EXPIRED_PAGE);
}

/** The client account of the sign-in: the session's, or the person's only one. */
async function chosenClient(
  db: Database,
  session: SessionRecord,
): Promise<{ clienteId: number | null; mustChoose: boolean }> {
  if (session.clienteId !== null) return { clienteId: session.clienteId, mustChoose: false };
  // The sign-in's own rule (one account: that one; several: the person chooses, §4).
  const links = await listClientLinks(db, session.usuarioId);
  const total = links.length;
  return { clienteId: total === 1 ? (links[0]?.cliente_id ?? null) : null, mustChoose: total > 1 };
}

/**
 * GET /oidc/interacao/{uid} (decisions 087, 097): an application asked the provider for a
 * sign-in. When the portal already has one that satisfies the request (single sign-on: the same
 * browser signed in, its password not due, its client account chosen, and signed in after the
 * request when the application asked prompt=login or max_age) and the person allowed what the
 * application asks (a partner's application asks once on the consent screen; the provider's own
 * need no consent), the person goes straight back to the application; otherwise to the product's
 * login screen, the account selection or the consent screen, whose last step returns here.
 * `?recusar=1` is the consent screen's 'Cancelar': the application gets access_denied.
 */
export async function handleInteraction(
  provider: Provider,
  db: Database,
  request: FastifyRequest<{ Params: { uid: string }; Querystring: { recusar?: string } }>,
  reply: FastifyReply,
): Promise<unknown> {
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    // No interaction cookie, or its interaction gone (expired, finished); a database away is
    // the error handler's 503, not an expired request.
    if ((error as { name?: unknown }).name === 'SessionNotFound') return expired(reply);
    throw error;
  }
  if (details.uid !== request.params.uid) return expired(reply);
  const clientId = String(details.params.client_id);
  const application = await findClientProduct(db, clientId);
  if (!application) return expired(reply);
  const pid = application.produtoId;

  const session = await request.session.load();
  const reasons = new Set(details.prompt.reasons);
  const freshNeeded =
    details.prompt.name === 'login' &&
    [...reasons].some((reason) => FRESH_SIGN_IN_REASONS.has(reason));
  // The request's time has whole seconds: a sign-in counts from the next one (no person signs in
  // within the second the application sent them).
  const signedInAfterRequest =
    session !== null && Math.floor(session.createdAt.getTime() / 1000) > (details.iat ?? 0);
  if (!session || session.user?.senhaRevalidar || (freshNeeded && !signedInAfterRequest)) {
    return reply.redirect(portalScreen(`/login/${pid}`, details.uid), 303);
  }
  // A person switched off (or being deleted) with a portal session still open: the provider has
  // no account for them (accounts.ts), so they are told here instead of failing on the way back.
  if (session.user?.ativo === false || (await deletionScheduled(db, session.usuarioId))) {
    return reply
      .code(403)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(ACCOUNT_UNAVAILABLE_PAGE);
  }
  const { clienteId, mustChoose } = await chosenClient(db, session);
  if (mustChoose)
    return reply.redirect(portalScreen(`/login/${pid}/conta_selecionar`, details.uid), 303);

  const scopes = requestedScopes(details.params.scope);
  const allowed = await connectionCovers(db, session.usuarioId, application.id, scopes);
  if (!allowed && !application.primeiraParte) {
    if (request.query.recusar === '1') {
      return finish(provider, request, reply, {
        error: 'access_denied',
        error_description: 'the person did not allow the application',
      });
    }
    return reply.redirect(portalScreen(`/login/${pid}/autorizar_aplicativo`, details.uid), 303);
  }
  // The provider's own applications connect without a screen; listed all the same.
  if (!allowed) await connectApplication(db, session.usuarioId, application.id, scopes);

  const accountId = String(session.usuarioId);
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(scopes.join(' '));
  const claims = requestedClaims(details.params.claims);
  if (claims.length > 0) grant.addOIDCClaims(claims);
  const grantId = await grant.save();
  await db.insert(glOidcAutorizacao).values({
    grant_id: grantId,
    gl_usuario_id: session.usuarioId,
    gl_cliente_id: clienteId,
    gl_oidc_cliente_id: application.id,
  });
  return finish(provider, request, reply, {
    ...(details.prompt.name === 'login' && {
      login: { accountId, ts: Math.floor(session.createdAt.getTime() / 1000), remember: true },
    }),
    consent: { grantId },
  });
}

/** Hands the interaction's result back to the provider, which redirects the browser on. */
async function finish(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: Parameters<Provider['interactionFinished']>[2],
) {
  reply.hijack();
  await provider.interactionFinished(request.raw, reply.raw, result, {
    mergeWithLastSubmission: false,
  });
  return reply;
}

/** The claim names of a `claims` request parameter (OpenID Connect Core §5.5) the portal knows. */
function requestedClaims(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  const known = new Set(Object.values(OIDC_CLAIMS).flat());
  try {
    const parsed = JSON.parse(raw) as Record<string, Record<string, unknown> | null>;
    return [
      ...new Set([...Object.keys(parsed.id_token ?? {}), ...Object.keys(parsed.userinfo ?? {})]),
    ].filter((name) => known.has(name));
  } catch {
    return [];
  }
}
