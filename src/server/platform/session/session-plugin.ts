import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import {
  createSession,
  deleteSession,
  findSession,
  findSessionTokenHash,
  parseSessionCookie,
  renewSession,
  updateSessionContext,
  type SessionContext,
  type SessionLifetime,
  type SessionLookupExtra,
  type SessionRecord,
} from './session-store.ts';
import { hashToken, hmac, randomToken, safeEqual } from './tokens.ts';

export const SESSION_COOKIE = 'portal_sessao';
/** Names from §7: the client echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SessionOptions extends SessionLifetime {
  db: Database;
  secret: string;
  secureCookies: boolean;
}

/**
 * The session token §3 hands to products (login info `sessao.token`, `sessao_token` in the
 * product url), derived from the cookie token's stored hash. It is not the cookie's token: once
 * leaked through a browser's history or a product's logs it cannot sign anyone in; it only names
 * the session to end (§7 logout from the notice screen). docs/decisions/015-sign-in-and-events.md.
 */
function handoffToken(secret: string, sessionId: string, tokenHash: string): string {
  return hmac(secret, `sessao-url:${sessionId}:${tokenHash}`);
}

/**
 * The request's session (docs/decisions/002-sessions-and-csrf.md). Every visitor carries an
 * opaque cookie; it names a database row only after sign-in ("<id>.<token>", only the token's
 * hash is stored). The CSRF token is an HMAC of the cookie value, so it is bound to the session,
 * changes when the session does (sign-in, sign-out) and needs no storage for anonymous visitors.
 */
class RequestSession {
  record: SessionRecord | null = null;

  constructor(
    private cookieValue: string,
    private readonly options: SessionOptions,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  private loaded = false;

  /**
   * Reads the signed-in session. API routes have it read before they run; a page outside the
   * API that needs to know who is signed in (the OpenID provider's sign-in, issue 18) asks here.
   */
  async load(extra?: SessionLookupExtra): Promise<SessionRecord | null> {
    if (this.loaded) return this.record;
    this.record = await findSession(this.options.db, this.cookieValue, this.options, new Date(), extra);
    this.loaded = true;
    return this.record;
  }

  get csrfToken(): string {
    return hmac(this.options.secret, `csrf:${this.cookieValue}`);
  }

  get isAuthenticated(): boolean {
    return this.record !== null;
  }

  /** Id and handoff token of the signed-in session, for the §3 login info (never the cookie's). */
  get credentials(): { id: string; token: string } | null {
    if (!this.record) return null;
    const parsed = parseSessionCookie(this.cookieValue);
    if (!parsed || parsed.id !== this.record.id) return null;
    return { id: parsed.id, token: handoffToken(this.options.secret, parsed.id, hashToken(parsed.token)) };
  }

  /**
   * Issues a new session (a new id at every sign-in: no fixation) and its cookies. Answers the
   * id and the handoff token the login info carries.
   */
  async start(context: Omit<SessionContext, 'ip' | 'userAgent'>): Promise<{ id: string; token: string }> {
    if (this.record) await deleteSession(this.options.db, this.record.id);
    const now = new Date();
    const created = await createSession(
      this.options.db,
      { ...context, ip: this.request.ip, userAgent: this.request.headers['user-agent'] ?? null },
      this.options,
      now,
    );
    this.record = {
      id: created.id,
      usuarioId: context.usuarioId,
      clienteId: context.clienteId ?? null,
      produtoId: context.produtoId ?? null,
      createdAt: now,
      expiresAt: created.expiresAt,
      lastSeenAt: now,
      reauthenticatedAt: context.reauthenticated ? now : null,
    };
    this.setCookies(created.cookieValue);
    return { id: created.id, token: handoffToken(this.options.secret, created.id, created.tokenHash) };
  }

  /**
   * The step-up succeeded (decision 011): a renewed session (new id and token, new CSRF token)
   * counts as freshly proven from now.
   */
  async renewAfterProof(now = new Date()): Promise<void> {
    if (!this.record) throw new AppError(401, MESSAGES.notLoggedIn, ERROR_CODES.notLoggedIn);
    const created = await renewSession(
      this.options.db,
      this.record,
      { ip: this.request.ip, userAgent: this.request.headers['user-agent'] ?? null },
      this.options,
      now,
    );
    this.record = {
      ...this.record,
      id: created.id,
      expiresAt: created.expiresAt,
      lastSeenAt: now,
      reauthenticatedAt: now,
    };
    this.setCookies(created.cookieValue);
  }

  /**
   * Ends the session a product was handed (§7 logout from the notice screen: sessao_id and
   * sessao_token), only when the token is that session's handoff token. Returns whether it ended.
   */
  async endHandedOff(sessionId: string, token: string): Promise<boolean> {
    const tokenHash = await findSessionTokenHash(this.options.db, sessionId);
    if (!tokenHash || !safeEqual(token, handoffToken(this.options.secret, sessionId, tokenHash))) return false;
    await deleteSession(this.options.db, sessionId);
    return true;
  }

  async setContext(context: { clienteId?: number | null; produtoId?: number | null }): Promise<void> {
    if (!this.record) throw new AppError(401, MESSAGES.notLoggedIn, ERROR_CODES.notLoggedIn);
    await updateSessionContext(this.options.db, this.record.id, context);
    if (context.clienteId !== undefined) this.record.clienteId = context.clienteId;
    if (context.produtoId !== undefined) this.record.produtoId = context.produtoId;
  }

  /** Ends the server-side session; the browser continues as an anonymous visitor. */
  async end(): Promise<void> {
    if (this.record) await deleteSession(this.options.db, this.record.id);
    this.record = null;
    this.setCookies(randomToken());
  }

  setCookies(cookieValue: string): void {
    this.cookieValue = cookieValue;
    const secure = this.options.secureCookies;
    this.reply.setCookie(SESSION_COOKIE, cookieValue, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    // Readable by the SPA on purpose: it echoes it in X-XSRF-TOKEN (§7).
    this.reply.setCookie(CSRF_COOKIE, this.csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
  interface FastifyContextConfig {
    /**
     * An API route served outside /api (§7 writes `acesso/login_evento` without it): it gets the
     * session and the CSRF check like every /api route.
     */
    api?: boolean;
    /**
     * A machine's call authenticated by its own signature (the PSP's PIX webhook): it carries no
     * session cookie and no CSRF token, and gets neither.
     */
    signedCall?: boolean;
    /** More fields the route reads in the session's own query (session-store.ts). */
    sessionLookup?: SessionLookupExtra;
  }
}

/**
 * /api/* and the few API routes the specification places outside it, by the matched route, not
 * the URL: '/%61pi/...' reaches an /api route too (http/canonical-path.ts, docs/security.md).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') === true || request.routeOptions.config?.api === true;
}

export function registerSessions(app: FastifyInstance, options: SessionOptions): void {
  app.decorateRequest('session', null as unknown as RequestSession);

  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[SESSION_COOKIE];
    const cookieValue = existing ?? randomToken();
    const session = new RequestSession(cookieValue, options, request, reply);
    request.session = session;
    if (request.routeOptions.config?.signedCall === true) return;
    if (!existing || request.cookies[CSRF_COOKIE] !== session.csrfToken) session.setCookies(cookieValue);
    if (!isApiRequest(request)) return;

    if (UNSAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !existing || !safeEqual(header, session.csrfToken)) {
        throw new AppError(403, MESSAGES.csrfInvalid, ERROR_CODES.csrf);
      }
    }
    if (existing) await session.load(request.routeOptions.config.sessionLookup);
  });
}
