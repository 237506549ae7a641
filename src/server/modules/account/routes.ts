import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelope } from '#shared/envelope';
import { ACESSO_MESSAGES } from '#shared/schemas/auth';
import { CreatePasswordRequestSchema, SignUpLoggedRequestSchema, SignUpRequestSchema, type SignUpResponse } from '#shared/schemas/account';
import { CONTA_MESSAGES } from '#shared/messages';
import { refuseCommonPassword } from '../../platform/crypto/common-passwords.ts';
import { requireUser } from '../../platform/session/guards.ts';
import { requireCaptcha, type CaptchaProvider } from '../captcha/index.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../platform/errors.ts';
import { setCookies } from '../../platform/http/cookies.ts';
import {
  type SignInDeps,
  authenticate,
  issueLoginInfo,
  openSignedInSession,
  productNotFound,
} from '../auth/index.ts';
import { findActiveProduct } from '../products/index.ts';
import {
  createClientForUser,
  createUserWithClient,
  findUserIdByEmail,
  inSignUpTransaction,
  replaceTemporaryPassword,
} from './service.ts';

export interface AccountRoutesOptions {
  acesso: SignInDeps;
  captcha: CaptchaProvider;
  providerName: string;
  authRateLimitMax: number;
}

/** The senha_digitar answer (§4): the e-mail has an account; nothing was written. */
const passwordPrompt = () =>
  envelope<SignUpResponse>(
    { ok: false, senha_digitar: true, sessao: null, evento: null, url: null },
    { message: CONTA_MESSAGES.alreadyRegistered },
  );

/** Thrown inside the sign-up when a concurrent request registered the same e-mail first. */
class EmailTakenMeanwhile extends Error {}

/**
 * §7 account calls (docs/decisions/017-sign-up.md): conta_criar (logged out), conta_criar_logado
 * and conta_criar_senha.
 */
export const accountRoutes: FastifyPluginCallbackZod<AccountRoutesOptions> = (app, options, done) => {
  const { acesso, captcha, providerName, authRateLimitMax } = options;
  const { db, publicUrl } = acesso;
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };
  const loginUrl = (pid: number) => new URL(`/login/${pid}`, `${publicUrl}/`).toString();

  /** §7 POST /api/acesso/conta_criar: sign-up while logged out (§2, §4, §5). */
  app.post(
    '/acesso/conta_criar',
    { schema: { body: SignUpRequestSchema }, config: limited },
    async (request, reply) => {
      const body = request.body;
      await requireCaptcha(captcha, body.recaptcha, request.ip);
      const produto = await findActiveProduct(db, body.gl_produto_id, publicUrl);
      if (!produto) throw productNotFound();
      if (!produto.cadastro_permitido) {
        throw forbidden(CONTA_MESSAGES.signUpNotAllowed, 'sign_up_not_allowed');
      }
      reply.header('Cache-Control', 'no-store');
      const now = new Date();
      const meta = { ip: request.ip, now };
      const client = {
        nome: body.nome,
        cpfcnpj: body.cpfcnpj,
        empresa_nome: body.empresa_nome,
        email: body.email,
        telefone_celular: body.telefone_celular,
      };

      const existing = await findUserIdByEmail(db, body.email);
      if (!existing) {
        try {
          await createUserWithClient(
            db,
            client,
            { ...meta, providerName, loginUrl: loginUrl(produto.id) },
            () => new EmailTakenMeanwhile(),
          );
        } catch (error) {
          if (error instanceof EmailTakenMeanwhile) return passwordPrompt();
          throw error;
        }
        return envelope<SignUpResponse>(
          { ok: true, senha_digitar: false, sessao: null, evento: null, url: loginUrl(produto.id) },
          { message: CONTA_MESSAGES.accountCreated },
        );
      }

      if (!body.senha) return passwordPrompt();
      // The sign-in check, throttle and second factor included, before anything is written: a
      // password alone never acts for a 2FA user (security review item 10). A wrong password is
      // a field error of this form; a missing code asks the form for it (422 on twofaCode).
      const from = { ip: request.ip, userAgent: request.headers['user-agent'], cookies: request.cookies };
      const auth = await authenticate(acesso, from, {
        email: body.email,
        password: body.senha,
        invalid: () =>
          new AppError(422, CONTA_MESSAGES.wrongPassword, 'invalid_credentials', {
            senha: [CONTA_MESSAGES.wrongPassword],
          }),
        code: body.twofaCode,
        trustName: null,
      });
      const { usuarioId } = auth;
      const { clienteId } = await inSignUpTransaction(
        db,
        (tx) => createClientForUser(tx, usuarioId, client, meta),
        () => new Error('unexpected: e-mail taken for an existing user'),
      );

      const { session, cookies } = await openSignedInSession(acesso, request.session, from, {
        usuarioId,
        produtoId: produto.id,
        clienteId,
        reauthenticated: auth.reauthenticated,
        historyType: 'sucesso',
      });
      setCookies(reply, cookies);
      reply.header('Cache-Control', 'no-store');
      const info = await issueLoginInfo(db, {
        tipo: 'conta_criar',
        usuarioId,
        produtoId: produto.id,
        clienteId,
        session,
        publicUrl,
        known: { user: auth.user, produto },
      });
      return envelope<SignUpResponse>({
        ok: true,
        senha_digitar: false,
        sessao: session,
        evento: info.evento,
        url: info.url,
      });
    },
  );

  /** §7 POST /api/acesso/conta_criar_logado: another client for the signed-in user. */
  app.post(
    '/acesso/conta_criar_logado',
    { schema: { body: SignUpLoggedRequestSchema }, preValidation: requireUser(db), config: limited },
    async (request, reply) => {
      const record = request.session.record;
      const session = request.session.credentials;
      if (!record || !session) throw unauthorized();
      const body = request.body;
      const produto = await findActiveProduct(db, body.gl_produto_id, publicUrl);
      if (!produto) throw productNotFound();
      // §2: no 'Criar uma nova conta' for a product with inactive-user registration.
      if (produto.cadastro_usuario_inativo) {
        throw forbidden(CONTA_MESSAGES.signUpNotAllowed, 'sign_up_not_allowed');
      }
      const { clienteId } = await inSignUpTransaction(
        db,
        (tx) =>
          createClientForUser(
            tx,
            record.usuarioId,
            { nome: body.nome, cpfcnpj: body.cpfcnpj, empresa_nome: body.empresa_nome },
            { ip: request.ip, now: new Date() },
          ),
        () => new Error('unexpected: e-mail taken for an existing user'),
      );
      await request.session.setContext({ clienteId, produtoId: produto.id });
      reply.header('Cache-Control', 'no-store');
      return envelope(
        await issueLoginInfo(db, {
          tipo: 'conta_criar_logado',
          usuarioId: record.usuarioId,
          produtoId: produto.id,
          clienteId,
          session,
          publicUrl,
        }),
      );
    },
  );

  /** §7 POST /api/acesso/conta_criar_senha: the temporary password replaced; data is login info. */
  app.post(
    '/acesso/conta_criar_senha',
    {
      schema: { body: CreatePasswordRequestSchema },
      preValidation: requireUser(db),
      // The one call a person with a temporary password may make (docs/decisions/017).
      config: { ...limited, allowPendingPassword: true },
    },
    async (request, reply) => {
      const record = request.session.record;
      const session = request.session.credentials;
      if (!record || !session) throw unauthorized();
      await refuseCommonPassword('senha', request.body.senha);
      if (record.produtoId === null) {
        throw badRequest(ACESSO_MESSAGES.sessionWithoutProduct, 'no_product');
      }
      const produto = await findActiveProduct(db, record.produtoId, publicUrl);
      if (!produto) throw productNotFound();
      await replaceTemporaryPassword(db, record.usuarioId, request.body.senha);
      reply.header('Cache-Control', 'no-store');
      return envelope(
        await issueLoginInfo(db, {
          tipo: 'conta_criar_senha',
          usuarioId: record.usuarioId,
          produtoId: produto.id,
          clienteId: record.clienteId,
          session,
          publicUrl,
        }),
        { message: CONTA_MESSAGES.passwordChanged },
      );
    },
  );

  done();
};
