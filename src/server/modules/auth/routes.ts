import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import {
  ACESSO_MESSAGES,
  ContaSelecionarRequestSchema,
  EventLoginRequestSchema,
  EventRefSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  ReauthenticateRequestSchema,
  type EventLoginResponse,
  type ReauthenticateResponse,
} from '#shared/schemas/auth';
import { STEP_UP_WINDOW_MS, currentUserId, requireUser } from '../../platform/session/guards.ts';
import { requireCaptcha, type CaptchaProvider } from '../captcha/index.ts';
import { badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { setCookies } from '../../platform/http/cookies.ts';
import { findActiveProduct } from '../products/index.ts';
import { consumeEventForLogin, eventUserEmail, findLiveEvent, safeRedirect } from './access-events.ts';
import type { SignInDeps } from './deps.ts';
import { eventNotFound, invalidCredentials, invalidPassword, productNotFound } from './errors.ts';
import { autoSelectClient, buildLoginInfo, issueLoginInfo } from './login-info.ts';
import { authenticate, openSignedInSession, type Authentication, type SignInClient } from './sign-in.ts';
import { reauthenticate } from './step-up.ts';
import { findUserClientLink } from './queries.ts';
import { endProviderSession } from '../oidc/index.ts';
import type { OidcRuntime } from '../oidc/index.ts';

type ZodApp = Parameters<FastifyPluginCallbackZod>[0];

/** What the sign-in's steps read of the request: its address, browser and cookies. */
const clientOf = (request: FastifyRequest): SignInClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  cookies: request.cookies,
});

export interface AuthRoutesOptions {
  acesso: SignInDeps;
  captcha: CaptchaProvider;
  authRateLimitMax: number;
  /** The OpenID provider, whose session of the browser ends with the portal's (decision 087). */
  oidc?: OidcRuntime;
}

/**
 * §7 sign-in calls: login, logout, evento_getInfo and login_evento, registered under /api;
 * login_evento is also served at the path §7 writes, /acesso/login_evento
 * (docs/decisions/015-sign-in-and-events.md).
 */
export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (app, options, done) => {
  const { acesso, captcha, authRateLimitMax } = options;
  const { db, publicUrl } = acesso;
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };

  /**
   * §7 POST /api/acesso/login: data is the login info (§3). The sign-in's pipeline in order
   * (sign-in.ts), each step's output the next one's input; only this handler touches the request
   * and the reply.
   */
  app.post(
    '/acesso/login',
    { schema: { body: LoginRequestSchema }, config: limited },
    async (request, reply) => {
      const body = request.body;
      const client = clientOf(request);
      await requireCaptcha(captcha, body.recaptcha, request.ip);
      const produto = await findActiveProduct(db, body.gl_produto_id, publicUrl);
      if (!produto) throw productNotFound();

      // Credentials, throttle, second factor or trusted device.
      const auth = await authenticate(acesso, client, {
        email: body.email,
        password: body.senha,
        invalid: invalidCredentials,
        code: body.twofaCode,
        trustName: body.twofaTrust ? (body.twofaTrustName ?? null) : null,
      });
      const { usuarioId } = auth;
      setCookies(reply, auth.cookies);

      // Session, history and alerts.
      const { clienteId, links } = await autoSelectClient(db, usuarioId);
      const opened = await openSignedInSession(acesso, request.session, client, {
        usuarioId,
        produtoId: produto.id,
        clienteId,
        reauthenticated: auth.reauthenticated,
        historyType: 'sucesso',
      });
      setCookies(reply, opened.cookies);
      reply.header('Cache-Control', 'no-store');

      // Login info.
      const info = await issueLoginInfo(db, {
        tipo: 'login',
        usuarioId,
        produtoId: produto.id,
        clienteId,
        session: opened.session,
        publicUrl,
        known: { user: auth.user, produto, links },
      });
      return envelope(info, { warnings: recoveryKeyWarnings(auth) });
    },
  );

  /**
   * §7 POST /api/acesso/logout: ends the cookie's session, and with it its access events; the
   * notice screen also sends the session it was given (sessao_id and the handoff token), which
   * ends too when the token is that session's.
   */
  app.post('/acesso/logout', { schema: { body: LogoutRequestSchema } }, async (request, reply) => {
    const body = request.body;
    if (body?.sessao_id && body.sessao_token)
      await request.session.endHandedOff(body.sessao_id, body.sessao_token);
    await request.session.end();
    // The applications this browser signed in to through the portal sign out too.
    if (options.oidc) await endProviderSession(options.oidc, request.raw, reply.raw);
    return envelope(null);
  });

  /**
   * The step-up (docs/decisions/011-two-factor.md): the signed-in person proves it is them again
   * before a sensitive change; the session counts as freshly proven for STEP_UP_WINDOW_MS.
   * Allowed while a new password is due, as it changes nothing.
   */
  app.post(
    '/gl_usuario/me/reautenticar',
    { schema: { body: ReauthenticateRequestSchema }, preValidation: requireUser(db), config: limited },
    async (request, reply) => {
      const now = new Date();
      await reauthenticate(
        acesso,
        { usuarioId: currentUserId(request), ip: request.ip, ...request.body },
        now,
      );
      await request.session.renewAfterProof(now);
      reply.header('Cache-Control', 'no-store');
      const data: ReauthenticateResponse = {
        reautenticado_ate: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString(),
      };
      return envelope(data);
    },
  );

  /**
   * §7 POST /api/acesso/evento_getInfo: the login info again, only to the session the event was
   * issued to (a token read elsewhere is useless without that session's cookie).
   */
  app.post(
    '/acesso/evento_getInfo',
    { schema: { body: EventRefSchema }, preValidation: requireUser(db), config: limited },
    async (request, reply) => {
      const record = request.session.record;
      const session = request.session.credentials;
      if (!record || !session) throw unauthorized();
      const event = await findLiveEvent(db, {
        id: request.body.evento_id,
        token: request.body.evento_token,
      });
      if (!event || event.gl_sessao_id !== record.id) throw eventNotFound();
      reply.header('Cache-Control', 'no-store');
      return envelope(
        await buildLoginInfo(db, {
          usuarioId: record.usuarioId,
          produtoId: event.gl_produto_id,
          clienteId: record.clienteId,
          session,
          event: { id: event.id, token: request.body.evento_token },
          publicUrl,
        }),
      );
    },
  );

  /**
   * §7 POST /api/acesso/conta_selecionar: the signed-in user picks one of their own client links;
   * the session's client becomes that link's client (the product stays), a new access event
   * records it, and the answer is the login info (§3) for the routing that follows (§4).
   */
  app.post(
    '/acesso/conta_selecionar',
    { schema: { body: ContaSelecionarRequestSchema }, preValidation: requireUser(db) },
    async (request, reply) => {
      const record = request.session.record;
      const session = request.session.credentials;
      if (!record || !session) throw unauthorized();
      const link = await findUserClientLink(
        db,
        record.usuarioId,
        request.body.gl_cliente_usuario_id,
      );
      if (!link) throw notFound(ACESSO_MESSAGES.accountNotFound, 'account_not_found');
      const produtoId = record.produtoId;
      if (produtoId === null) throw badRequest(ACESSO_MESSAGES.sessionWithoutProduct, 'no_product');
      const produto = await findActiveProduct(db, produtoId, publicUrl);
      if (!produto) throw productNotFound();

      await request.session.setContext({ clienteId: link.cliente_id });
      reply.header('Cache-Control', 'no-store');
      return envelope(
        await issueLoginInfo(db, {
          tipo: 'conta_selecionar',
          usuarioId: record.usuarioId,
          produtoId: produto.id,
          clienteId: link.cliente_id,
          session,
          publicUrl,
          known: { produto },
        }),
      );
    },
  );

  registerEventLogin(app, options, false);
  done();
};

/** §7 writes `acesso/login_evento` without /api: served there too, registered without a prefix. */
export const authAliasRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (
  app,
  options,
  done,
) => {
  registerEventLogin(app, options, true);
  done();
};

/** §4: a sign-in with a recovery key says how many keys are left (a warning notice). */
function recoveryKeyWarnings(auth: Authentication): string[] {
  return auth.recoveryKeysLeft === null ? [] : [ACESSO_MESSAGES.recoveryKeyUsed(auth.recoveryKeysLeft)];
}

/**
 * §7 POST acesso/login_evento (e.login): the password of an event's user, and the second factor
 * exactly as the login asks it (a code or recovery key, or a trusted device of this browser),
 * open a new session for that user, product and client; data.to is where to go (never another
 * host). An event confirms one login, within LOGIN_EVENT_TTL_MS, while its session lives
 * (docs/decisions/015-sign-in-and-events.md).
 */
function registerEventLogin(
  app: ZodApp,
  { acesso, captcha, authRateLimitMax }: AuthRoutesOptions,
  alias: boolean,
) {
  const { db, publicUrl } = acesso;
  app.post(
    '/acesso/login_evento',
    {
      schema: { body: EventLoginRequestSchema },
      config: {
        // Outside /api: still an API route for the session plugin (CSRF), and still limited
        // (the global limiter's allow list lets non-/api paths through).
        ...(alias && { api: true }),
        rateLimit: {
          max: authRateLimitMax,
          timeWindow: '1 minute',
          ...(alias && { allowList: () => false }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const client = clientOf(request);
      await requireCaptcha(captcha, body.recaptcha, request.ip);
      const event = await findLiveEvent(db, { id: body.evento_id, token: body.evento_token });
      const email = event?.usableForLogin && (await eventUserEmail(db, event.gl_usuario_id));
      if (!event || !email) throw eventNotFound();
      const produto = await findActiveProduct(db, event.gl_produto_id, publicUrl);
      if (!produto) throw productNotFound();

      const auth = await authenticate(acesso, client, {
        email,
        password: body.password,
        invalid: invalidPassword,
        code: body.twofaCode,
        trustName: null,
      });
      // One confirmation per event, even when several arrive at once.
      if (!(await consumeEventForLogin(db, event.id))) throw eventNotFound();
      const opened = await openSignedInSession(acesso, request.session, client, {
        usuarioId: auth.usuarioId,
        clienteId: event.gl_cliente_id,
        produtoId: produto.id,
        reauthenticated: auth.reauthenticated,
        historyType: 'evento',
      });
      setCookies(reply, opened.cookies);
      reply.header('Cache-Control', 'no-store');
      const data: EventLoginResponse = { to: safeRedirect(body.to, produto.url, publicUrl) };
      return envelope(data, { warnings: recoveryKeyWarnings(auth) });
    },
  );
}
