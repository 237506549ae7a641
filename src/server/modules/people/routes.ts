import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/envelope';
import { IdSchema } from '#shared/schemas/auth';
import {
  InvitationRequestSchema,
  InvitationSignUpRequestSchema,
  InvitationTokenParamsSchema,
  LevelChangeRequestSchema,
  PEOPLE_MESSAGES,
} from '#shared/schemas/people';
import { refuseCommonPassword } from '../../platform/crypto/common-passwords.ts';
import { currentUserId, requireUser } from '../../platform/session/guards.ts';
import { setCookies } from '../../platform/http/cookies.ts';
import { type SignInDeps, issueLoginInfo, openSignedInSession, productNotFound } from '../auth/index.ts';
import { findActiveProduct } from '../products/index.ts';
import { unauthorized } from '../../platform/errors.ts';
import { acceptInvitation, DEFAULT_PRODUCT_ID, invitationProduct, signUpByInvitation, viewInvitation } from './invitations.ts';
import { cancelInvitation, changeLevel, invite, listPeople, removePerson, type PeopleContext } from './service.ts';

const ClientParamsSchema = z.object({ id: IdSchema });
const PersonParamsSchema = z.object({ id: IdSchema, pessoaId: IdSchema });
const InvitationParamsSchema = z.object({ id: IdSchema, conviteId: IdSchema });

export interface PeopleRoutesOptions {
  acesso: SignInDeps;
  providerName: string;
  authRateLimitMax: number;
}

/**
 * The account's people (issue 41 item 3, decision 114): the list, invitations, levels and
 * removal for the account's supervisors and managers; the invitation link's page, sign-up and
 * acceptance. The link's calls check a secret, so they share the sign-in's rate limit.
 */
export const peopleRoutes: FastifyPluginCallbackZod<PeopleRoutesOptions> = (app, options, done) => {
  const { acesso, providerName, authRateLimitMax } = options;
  const { db, publicUrl } = acesso;
  const ctx: PeopleContext = { db, providerName, publicUrl };
  const limited = { rateLimit: { max: authRateLimitMax, timeWindow: '1 minute' } };

  /**
   * Where the link lands: the inviter's product while it is active, else product 1 (§9). Asked
   * before the invitation is used, so a product gone away refuses before anything is written.
   */
  const landingProduct = async (token: string) => {
    const produtoId = await invitationProduct(db, token);
    const produto =
      (produtoId !== null ? await findActiveProduct(db, produtoId, publicUrl) : null) ??
      (await findActiveProduct(db, DEFAULT_PRODUCT_ID, publicUrl));
    if (!produto) throw productNotFound();
    return produto;
  };

  app.get(
    '/gl_cliente/:id/pessoas',
    { schema: { params: ClientParamsSchema }, preValidation: requireUser(db) },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return envelope(await listPeople(db, currentUserId(request), request.params.id));
    },
  );

  app.post(
    '/gl_cliente/:id/convites',
    { schema: { params: ClientParamsSchema, body: InvitationRequestSchema }, preValidation: requireUser(db) },
    async (request) => {
      const people = await invite(ctx, {
        usuarioId: currentUserId(request),
        clienteId: request.params.id,
        produtoId: request.session.record?.produtoId ?? null,
        email: request.body.email,
        nivel: request.body.nivel,
        ip: request.ip,
      });
      return envelope(people, { message: PEOPLE_MESSAGES.invited(request.body.email.trim()) });
    },
  );

  app.delete(
    '/gl_cliente/:id/convites/:conviteId',
    { schema: { params: InvitationParamsSchema }, preValidation: requireUser(db) },
    async (request) => {
      const people = await cancelInvitation(db, {
        usuarioId: currentUserId(request),
        clienteId: request.params.id,
        conviteId: request.params.conviteId,
        ip: request.ip,
      });
      return envelope(people, { message: PEOPLE_MESSAGES.invitationCancelled });
    },
  );

  app.put(
    '/gl_cliente/:id/pessoas/:pessoaId',
    { schema: { params: PersonParamsSchema, body: LevelChangeRequestSchema }, preValidation: requireUser(db) },
    async (request) => {
      const { people, nome } = await changeLevel(ctx, {
        usuarioId: currentUserId(request),
        clienteId: request.params.id,
        linkId: request.params.pessoaId,
        nivel: request.body.nivel,
        ip: request.ip,
      });
      return envelope(people, { message: PEOPLE_MESSAGES.levelChanged(nome, request.body.nivel) });
    },
  );

  app.delete(
    '/gl_cliente/:id/pessoas/:pessoaId',
    { schema: { params: PersonParamsSchema }, preValidation: requireUser(db) },
    async (request) => {
      const { people, nome, self } = await removePerson(ctx, {
        usuarioId: currentUserId(request),
        clienteId: request.params.id,
        linkId: request.params.pessoaId,
        ip: request.ip,
      });
      return envelope(people, { message: self ? PEOPLE_MESSAGES.left : PEOPLE_MESSAGES.removed(nome) });
    },
  );

  // The link's page: open to anyone holding it; says who is signed in here, to offer the right step.
  app.get(
    '/convite/:token',
    { schema: { params: InvitationTokenParamsSchema }, config: limited },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const view = await viewInvitation(db, request.params.token, request.session.record?.usuarioId ?? null);
      return envelope(view);
    },
  );

  app.post(
    '/convite/:token/conta_criar',
    { schema: { params: InvitationTokenParamsSchema, body: InvitationSignUpRequestSchema }, config: limited },
    async (request, reply) => {
      await refuseCommonPassword('senha', request.body.senha);
      const produto = await landingProduct(request.params.token);
      const accepted = await signUpByInvitation(db, request.params.token, request.body, { ip: request.ip });
      const client = { ip: request.ip, userAgent: request.headers['user-agent'], cookies: request.cookies };
      const { session, cookies } = await openSignedInSession(acesso, request.session, client, {
        usuarioId: accepted.usuarioId,
        produtoId: produto.id,
        clienteId: accepted.clienteId,
        reauthenticated: false,
        historyType: 'sucesso',
      });
      setCookies(reply, cookies);
      reply.header('Cache-Control', 'no-store');
      const info = await issueLoginInfo(db, {
        tipo: 'convite',
        usuarioId: accepted.usuarioId,
        produtoId: produto.id,
        clienteId: accepted.clienteId,
        session,
        publicUrl,
      });
      return envelope(info, { message: PEOPLE_MESSAGES.accepted(accepted.razaoSocial) });
    },
  );

  app.post(
    '/convite/:token/aceitar',
    { schema: { params: InvitationTokenParamsSchema }, preValidation: requireUser(db), config: limited },
    async (request, reply) => {
      const session = request.session.credentials;
      if (!session) throw unauthorized();
      const usuarioId = currentUserId(request);
      const produto = await landingProduct(request.params.token);
      const accepted = await acceptInvitation(db, request.params.token, usuarioId, request.ip);
      // The person works in the account they just joined.
      await request.session.setContext({ clienteId: accepted.clienteId, produtoId: produto.id });
      reply.header('Cache-Control', 'no-store');
      const info = await issueLoginInfo(db, {
        tipo: 'convite',
        usuarioId,
        produtoId: produto.id,
        clienteId: accepted.clienteId,
        session,
        publicUrl,
      });
      return envelope(info, { message: PEOPLE_MESSAGES.accepted(accepted.razaoSocial) });
    },
  );
  done();
};
