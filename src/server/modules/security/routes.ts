import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  PasskeyLoginRequestSchema,
  PasskeyParamsSchema,
  PasskeyRegisterRequestSchema,
  PasskeyRenameRequestSchema,
  SEGURANCA_MESSAGES,
  SessaoParamsSchema,
  type ActiveSessionsResponse,
  type EndSessionsResponse,
  type PasskeyListResponse,
  type SecurityEventsResponse,
  type SignInHistoryResponse,
} from '#shared/schemas/security';
import { requireRecentProof, requireUser } from '../../platform/session/guards.ts';
import type { Database } from '../../platform/db/database.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { SessionLifetime } from '../../platform/session/session-store.ts';
import { setCookies } from '../../platform/http/cookies.ts';
import { type SignInDeps, autoSelectClient, issueLoginInfo, openSignedInSession, productNotFound } from '../auth/index.ts';
import { findActiveProduct } from '../products/index.ts';
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  verifyPasskeySignIn,
  type PasskeyDeps,
} from './passkeys.ts';
import { endOtherSession, endOtherSessions, listActiveSessions } from './sessions.ts';
import { listSignIns } from './sign-ins.ts';
import { listSecurityEvents } from './security-events.ts';

export interface SecurityRoutesOptions {
  db: Database;
  lifetime: SessionLifetime;
  passkeys: PasskeyDeps;
  acesso: SignInDeps;
  authRateLimitMax: number;
}

/** The signed-in person and the session asking; every call acts on these alone (§6). */
function caller(request: FastifyRequest) {
  const record = request.session.record;
  if (!record) throw unauthorized();
  return { usuarioId: record.usuarioId, currentSessionId: record.id };
}

/** The session making a change and its address: where a passkey came from, and the trail's. */
function changeOrigin(request: FastifyRequest) {
  return { sessionId: caller(request).currentSessionId, ip: request.ip };
}

/**
 * The account security center (decisions 070-072): the person's own sessions and sign-in history. No user id is ever taken
 * from the request. Ending a session takes no step-up: it only takes access away, and a person
 * who fears a stolen session must not be slowed down (docs/decisions/070-active-sessions.md).
 */
export const securityRoutes: FastifyPluginCallbackZod<SecurityRoutesOptions> = (
  app,
  { db, lifetime, passkeys, acesso, authRateLimitMax },
  done,
) => {
  const signedIn = requireUser(db);
  const proven = [signedIn, requireRecentProof()];
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };

  app.get('/gl_usuario/me/sessoes', { preValidation: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const data: ActiveSessionsResponse = {
      sessoes: await listActiveSessions(db, caller(request), lifetime),
    };
    return envelope(data);
  });

  app.post(
    '/gl_usuario/me/sessoes/:id/encerrar',
    { schema: { params: SessaoParamsSchema }, preValidation: signedIn },
    async (request) => {
      await endOtherSession(db, { ...caller(request), sessionId: request.params.id });
      const data: EndSessionsResponse = { encerradas: 1 };
      return envelope(data, { message: SEGURANCA_MESSAGES.sessionEnded });
    },
  );

  app.post(
    '/gl_usuario/me/sessoes/encerrar_outras',
    { preValidation: signedIn },
    async (request) => {
      const encerradas = await endOtherSessions(db, caller(request));
      const data: EndSessionsResponse = { encerradas };
      return envelope(data, { message: SEGURANCA_MESSAGES.otherSessionsEnded(encerradas) });
    },
  );
  // The last sign-in events of the person (decision 071), newest first.
  app.get('/gl_usuario/me/acessos', { preValidation: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const data: SignInHistoryResponse = { acessos: await listSignIns(db, caller(request).usuarioId) };
    return envelope(data);
  });

  // Changes to how the account is protected (issue 34), from the audit trail, newest first.
  app.get('/gl_usuario/me/eventos_seguranca', { preValidation: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const data: SecurityEventsResponse = {
      eventos: await listSecurityEvents(db, caller(request).usuarioId),
    };
    return envelope(data);
  });

  registerPasskeyRoutes(app, { db, passkeys, acesso, signedIn, proven, limited });
  done();
};

type ZodApp = Parameters<FastifyPluginCallbackZod>[0];

/**
 * Passkeys (docs/decisions/072-passkeys.md): the 2FA screen's 'Chaves de acesso' (registering
 * and removing one need the step-up, as the other second factors do; renaming does not), and
 * the sign-in with one, which is a full sign-in with both factors and follows §4 like the login.
 */
function registerPasskeyRoutes(
  app: ZodApp,
  options: {
    db: Database;
    passkeys: PasskeyDeps;
    acesso: SignInDeps;
    signedIn: ReturnType<typeof requireUser>;
    proven: ReturnType<typeof requireUser>[];
    limited: { rateLimit: { max: number; timeWindow: string } };
  },
) {
  const { db, passkeys, acesso, signedIn, proven, limited } = options;
  const list = async (usuarioId: number): Promise<PasskeyListResponse> => ({
    chaves: await listPasskeys(db, usuarioId),
  });

  app.get('/gl_usuario/me/chaves_acesso', { preValidation: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return envelope(await list(caller(request).usuarioId));
  });

  app.post(
    '/gl_usuario/me/chaves_acesso/opcoes',
    { preValidation: proven, config: limited },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return envelope(await registrationOptions(passkeys, caller(request).usuarioId));
    },
  );

  app.post(
    '/gl_usuario/me/chaves_acesso',
    { schema: { body: PasskeyRegisterRequestSchema }, preValidation: proven, config: limited },
    async (request) => {
      const { usuarioId } = caller(request);
      await registerPasskey(
        passkeys,
        usuarioId,
        {
          nome: request.body.nome,
          // Shape checked by the schema; everything else by the verification.
          resposta: request.body.resposta as unknown as RegistrationResponseJSON,
        },
        changeOrigin(request),
      );
      return envelope(await list(usuarioId), { message: SEGURANCA_MESSAGES.passkeyAdded });
    },
  );

  app.put(
    '/gl_usuario/me/chaves_acesso/:id',
    { schema: { params: PasskeyParamsSchema, body: PasskeyRenameRequestSchema }, preValidation: signedIn },
    async (request) => {
      const { usuarioId } = caller(request);
      await renamePasskey(db, usuarioId, request.params.id, request.body.nome);
      return envelope(await list(usuarioId), { message: SEGURANCA_MESSAGES.passkeyRenamed });
    },
  );

  app.delete(
    '/gl_usuario/me/chaves_acesso/:id',
    { schema: { params: PasskeyParamsSchema }, preValidation: proven },
    async (request) => {
      const { usuarioId } = caller(request);
      await removePasskey(passkeys, usuarioId, request.params.id, changeOrigin(request));
      return envelope(await list(usuarioId), { message: SEGURANCA_MESSAGES.passkeyRemoved });
    },
  );

  // Anonymous: the login screen's 'Entrar com chave de acesso' and the e-mail field's autofill,
  // asked at every visit of the login screen: under the global limit only (a challenge checks
  // nothing; the answer, which does, is limited like the login).
  app.post('/acesso/chave_acesso/opcoes', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return envelope(await authenticationOptions(passkeys));
  });

  /**
   * The passkey proves possession and, with user verification, the person (both factors): no
   * captcha, no password, no TOTP. The answer is the login info of §3, so the SPA follows §4
   * (new password, account selection, product url).
   */
  app.post(
    '/acesso/chave_acesso/login',
    { schema: { body: PasskeyLoginRequestSchema }, config: limited },
    async (request, reply) => {
      const produto = await findActiveProduct(db, request.body.gl_produto_id, acesso.publicUrl);
      if (!produto) throw productNotFound();
      const usuarioId = await verifyPasskeySignIn(
        passkeys,
        request.body.resposta as unknown as AuthenticationResponseJSON,
      );
      const { clienteId, links } = await autoSelectClient(db, usuarioId);
      const client = { ip: request.ip, userAgent: request.headers['user-agent'], cookies: request.cookies };
      const { session, cookies } = await openSignedInSession(acesso, request.session, client, {
        usuarioId,
        produtoId: produto.id,
        clienteId,
        // Not a step-up proof: the step-up asks the password or the TOTP code (decision 011),
        // which this sign-in did not check; removing a passkey right after still asks it.
        reauthenticated: false,
        historyType: 'chave_acesso',
      });
      setCookies(reply, cookies);
      reply.header('Cache-Control', 'no-store');
      const info = await issueLoginInfo(db, {
        tipo: 'login',
        usuarioId,
        produtoId: produto.id,
        clienteId,
        session,
        publicUrl: acesso.publicUrl,
        known: { produto, links },
      });
      return envelope(info);
    },
  );
}
