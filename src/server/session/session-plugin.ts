import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '#shared/messages';
import type { Database } from '../db/database.ts';
import { AppError } from '../errors.ts';
import {
  createSession,
  deleteSession,
  findSession,
  parseSessionCookie,
  updateSessionContext,
  type SessionContext,
  type SessionRecord,
} from './session-store.ts';
import { hmac, randomToken, safeEqual } from './tokens.ts';

export const SESSION_COOKIE = 'portal_sessao';
/** Names from §7: the client echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SessionOptions {
  db: Database;
  secret: string;
  ttlMs: number;
  secureCookies: boolean;
}

/**
 * The request's session (docs/decisions/002-sessions-and-csrf.md). Every visitor carries an
 * opaque cookie; it names a database row only after sign-in ("<id>.<token>", only the token's
 * hash is stored). The CSRF token is an HMAC of the cookie value, so it is bound to the session,
 * changes when the session does (sign-in, sign-out) and needs no storage for anonymous visitors.
 */
export class RequestSession {
  record: SessionRecord | null = null;

  constructor(
    private cookieValue: string,
    private readonly options: SessionOptions,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  get csrfToken(): string {
    return hmac(this.options.secret, `csrf:${this.cookieValue}`);
  }

  get isAuthenticated(): boolean {
    return this.record !== null;
  }

  /** Id and token of the signed-in session (the cookie's parts), for the §3 login info. */
  get credentials(): { id: string; token: string } | null {
    if (!this.record) return null;
    const parsed = parseSessionCookie(this.cookieValue);
    return parsed && parsed.id === this.record.id ? parsed : null;
  }

  /** Issues a new session (a new id at every sign-in: no fixation) and its cookies. */
  async start(context: Omit<SessionContext, 'ip' | 'userAgent'>): Promise<{ id: string; token: string }> {
    if (this.record) await deleteSession(this.options.db, this.record.id);
    const created = await createSession(
      this.options.db,
      { ...context, ip: this.request.ip, userAgent: this.request.headers['user-agent'] ?? null },
      this.options.ttlMs,
    );
    const now = new Date();
    this.record = {
      id: created.id,
      usuarioId: context.usuarioId,
      clienteId: context.clienteId ?? null,
      produtoId: context.produtoId ?? null,
      expiresAt: new Date(now.getTime() + this.options.ttlMs),
      lastSeenAt: now,
    };
    this.setCookies(created.cookieValue);
    return { id: created.id, token: created.token };
  }

  async setContext(context: { clienteId?: number | null; produtoId?: number | null }): Promise<void> {
    if (!this.record) throw new AppError(401, MESSAGES.notLoggedIn, 'unauthorized');
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
  }
}

/**
 * /api/* and the few API routes the specification places outside it, by the matched route, not
 * the URL: '/%61pi/...' reaches an /api route too (http/canonical-path.ts, issue 12 item 5).
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
    if (!existing || request.cookies[CSRF_COOKIE] !== session.csrfToken) session.setCookies(cookieValue);
    if (!isApiRequest(request)) return;

    if (UNSAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !existing || !safeEqual(header, session.csrfToken)) {
        throw new AppError(403, MESSAGES.csrfInvalid, 'csrf');
      }
    }
    session.record = await findSession(options.db, existing, options.ttlMs);
  });
}
