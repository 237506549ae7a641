import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  authorize,
  base64url,
  codeOf,
  exchange,
  follow,
  OIDC_PUBLIC_URL,
  portalScreen,
  registerApplication,
} from '#tests/helpers/oidc.ts';
import {
  createClient,
  createProduct,
  createSessionCookie,
  createUser,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import {
  createTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '#tests/helpers/test-app.ts';
import { buildApp } from '../../app.ts';
import { glOidcAutorizacao } from '../../platform/db/schema.ts';
import { purgeExpiredOidcRecords } from './storage-adapter.ts';
import { SESSION_COOKIE } from '../../platform/session/session-plugin.ts';

const PUBLIC_URL = OIDC_PUBLIC_URL;
const ISSUER = `${PUBLIC_URL}/oidc`;

describe('signing in to an application through the portal (issue 18, decision 087)', () => {
  let t: TestApp;
  let jwks: ReturnType<typeof createLocalJWKSet>;
  const logoutTokens: string[] = [];
  let receiver: Server;
  let backchannelUri: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
    const keys = await t.app.inject({ url: '/oidc/jwks' });
    jwks = createLocalJWKSet(keys.json<JSONWebKeySet>());
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const token = new URLSearchParams(body).get('logout_token');
        if (token) logoutTokens.push(token);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    backchannelUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/backchannel`;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  /** A person with one client account, a browser, and an application of a product. */
  async function scenario(options: { backchannel?: boolean } = {}) {
    const produto = await createProduct(t.db);
    const user = await createUser(t.db);
    const cliente = await createClient(t.db);
    await linkUserToClient(t.db, user.id, cliente.id, 13);
    const application = await registerApplication(t, produto.id, {
      ...(options.backchannel && { backchannel: backchannelUri }),
    });
    const agent = new ApiAgent(t.app);
    const signIn = async () =>
      agent.cookies.set(
        SESSION_COOKIE,
        await createSessionCookie(t.db, user.id, { produtoId: produto.id, clienteId: cliente.id }),
      );
    return { produto, user, cliente, application, agent, signIn };
  }

  it('sends a visitor to the product login screen, then back to the application with a code for a verified ID token', async () => {
    const { produto, user, cliente, application, agent, signIn } = await scenario();
    const first = await authorize(agent, application);
    const screen = portalScreen(first.location);
    expect(screen.path).toBe(`/login/${produto.id}`);

    // The portal's sign-in happened (the SPA); its last step returns to the interaction.
    await signIn();
    const back = await follow(agent, `/oidc/interacao/${screen.uid}`);
    const code = codeOf({ ...first, location: back }, application);
    const tokens = await exchange(t, application, code, first.verifier);
    expect(tokens.status).toBe(200);

    const { payload, protectedHeader } = await jwtVerify(tokens.body.id_token ?? '', jwks, {
      issuer: ISSUER,
      audience: application.clientId,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: String(user.id),
      nonce: first.nonce,
      email: user.email,
      email_verified: true,
      name: user.nome,
      nickname: user.apelido,
      cliente: {
        id: cliente.id,
        razao_social: cliente.razao_social,
        cpfcnpj: cliente.cpfcnpj,
        nivel: 13,
      },
    });

    const userinfo = await t.app.inject({
      url: '/oidc/me',
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json()).toMatchObject({ sub: String(user.id), cliente: { id: cliente.id } });
  });

  it('accepts a code once: the second exchange is refused and revokes what the first one gave', async () => {
    const { application, agent, signIn } = await scenario();
    await signIn();
    const authorization = await authorize(agent, application);
    const code = codeOf(authorization, application);
    const first = await exchange(t, application, code, authorization.verifier);
    expect(first.status).toBe(200);
    const second = await exchange(t, application, code, authorization.verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    const introspection = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/introspection',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${application.clientId}:${application.secret}`).toString('base64')}`,
      },
      payload: new URLSearchParams({ token: first.body.access_token ?? '' }).toString(),
    });
    expect(introspection.json()).toEqual({ active: false });
  });

  it('refuses a missing or wrong PKCE verifier, a wrong secret and a secret sent in the body', async () => {
    const { application, agent, signIn } = await scenario();
    await signIn();
    const withoutPkce = await follow(
      agent,
      `/oidc/auth?${new URLSearchParams({
        client_id: application.clientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: application.redirectUri,
      }).toString()}`,
    );
    expect(new URL(withoutPkce).searchParams.get('error')).toBe('invalid_request');

    const authorization = await authorize(agent, application);
    const code = codeOf(authorization, application);
    const wrongSecret = await exchange(
      t,
      application,
      code,
      authorization.verifier,
      'outro-segredo',
    );
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: authorization.verifier,
        redirect_uri: application.redirectUri,
        client_id: application.clientId,
        client_secret: application.secret,
      }).toString(),
    });
    expect(inBody.statusCode).toBe(401);
    const wrongVerifier = await exchange(t, application, code, base64url(randomBytes(32)));
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe('invalid_grant');
  });

  it("refuses another application's redirect URI, and a code redeemed by an application of another product", async () => {
    const { application, agent, signIn } = await scenario();
    const other = await registerApplication(t, (await createProduct(t.db)).id);
    await signIn();
    const foreignRedirect = await agent.get(
      `/oidc/auth?${new URLSearchParams({
        client_id: application.clientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: other.redirectUri,
        code_challenge: base64url(randomBytes(32)),
        code_challenge_method: 'S256',
      }).toString()}`,
    );
    expect(foreignRedirect.status).toBe(400);
    expect(foreignRedirect.headers.location).toBeUndefined();
    expect(foreignRedirect.raw).toContain('Não foi possível entrar no aplicativo');

    const authorization = await authorize(agent, application);
    const code = codeOf(authorization, application);
    const stolen = await exchange(
      t,
      { ...other, redirectUri: application.redirectUri },
      code,
      authorization.verifier,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
  });

  it('passes a person signed in to the portal straight through to a second application (single sign-on)', async () => {
    const { produto, application, agent, signIn } = await scenario();
    const second = await registerApplication(t, produto.id);
    await signIn();
    const first = await authorize(agent, application);
    codeOf(first, application);
    const sso = await authorize(agent, second);
    const code = codeOf(sso, second);
    expect((await exchange(t, second, code, sso.verifier)).status).toBe(200);
  });

  it('asks for the password again when the application asks prompt=login, and accepts only a sign-in made after the request', async () => {
    const { produto, application, agent, signIn } = await scenario();
    await signIn();
    codeOf(await authorize(agent, application), application);
    const forced = await authorize(agent, application, { prompt: 'login' });
    const screen = portalScreen(forced.location);
    expect(screen.path).toBe(`/login/${produto.id}`);
    // The old sign-in does not satisfy it: back to the login screen.
    const stale = await agent.get(`/oidc/interacao/${screen.uid}`);
    expect(stale.status).toBe(303);
    expect(stale.headers.location).toBe(`/login/${produto.id}?interacao=${screen.uid}`);
    // A new one (a second later: the request's time has whole seconds) does.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await signIn();
    codeOf(
      { ...forced, location: await follow(agent, `/oidc/interacao/${screen.uid}`) },
      application,
    );
  });

  it('sends a person with several client accounts and none chosen to the account selection', async () => {
    const { produto, user, application } = await scenario();
    const another = await createClient(t.db);
    await linkUserToClient(t.db, user.id, another.id, 20);
    const agent = await signedInAgent(t, user.id, { produtoId: produto.id });
    const authorization = await authorize(agent, application);
    expect(portalScreen(authorization.location).path).toBe(`/login/${produto.id}/conta_selecionar`);
  });

  it('shows a pt-BR page for an unknown or finished interaction', async () => {
    const answer = await new ApiAgent(t.app).get('/oidc/interacao/desconhecida');
    expect(answer.status).toBe(400);
    expect(answer.raw).toContain('Pedido de acesso expirado');
  });

  it("ends the applications' sessions with the portal's Logout: back-channel logout, tokens revoked, no more single sign-on", async () => {
    const { produto, user, application, agent, signIn } = await scenario({ backchannel: true });
    const second = await registerApplication(t, produto.id, { backchannel: backchannelUri });
    await signIn();
    const first = await authorize(agent, application);
    const tokens = await exchange(t, application, codeOf(first, application), first.verifier);
    const sso = await authorize(agent, second);
    codeOf(sso, second);
    const idTokenSid = decodeJwt(tokens.body.id_token ?? '').sid;
    logoutTokens.length = 0;

    const logout = await agent.post('/api/acesso/logout');
    expect(logout.status).toBe(200);
    expect(logoutTokens).toHaveLength(2);
    const audiences = [];
    for (const token of logoutTokens) {
      const { payload } = await jwtVerify(token, jwks, { issuer: ISSUER });
      expect(payload.sub).toBe(String(user.id));
      expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
      audiences.push(payload.aud);
      if (payload.aud === application.clientId) expect(payload.sid).toBe(idTokenSid);
    }
    expect(audiences.sort()).toEqual([application.clientId, second.clientId].sort());

    const userinfo = await t.app.inject({
      url: '/oidc/me',
      headers: { authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);
    const again = await authorize(agent, application);
    expect(portalScreen(again.location).path).toBe(`/login/${produto.id}`);
  });

  it('does not pass another person through on a browser where the portal session changed hands', async () => {
    const { produto, application, agent, signIn } = await scenario();
    await signIn();
    codeOf(await authorize(agent, application), application);
    // The portal session ends elsewhere (expiry, the sessions screen): the provider's does not count.
    agent.cookies.delete(SESSION_COOKIE);
    const again = await authorize(agent, application);
    expect(portalScreen(again.location).path).toBe(`/login/${produto.id}`);
  });

  it('gives a confidential application that asks offline_access a refresh token that works', async () => {
    const { application, agent, signIn } = await scenario();
    await signIn();
    const authorization = await authorize(agent, application, {
      scope: 'openid email offline_access',
      prompt: 'consent',
    });
    const tokens = await exchange(
      t,
      application,
      codeOf(authorization, application),
      authorization.verifier,
    );
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${application.clientId}:${application.secret}`).toString('base64')}`,
      },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.body.refresh_token ?? '',
      }).toString(),
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.json<{ access_token?: unknown; id_token?: unknown }>();
    expect(typeof renewed.access_token).toBe('string');
    expect(typeof renewed.id_token).toBe('string');
  });

  it('lets a public application (a browser or phone app) exchange its code with PKCE alone, without a refresh token', async () => {
    const { produto, agent, signIn } = await scenario();
    const publicApp = await registerApplication(t, produto.id, { confidencial: false });
    await signIn();
    const authorization = await authorize(agent, publicApp, {
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: codeOf(authorization, publicApp),
        code_verifier: authorization.verifier,
        redirect_uri: publicApp.redirectUri,
        client_id: publicApp.clientId,
      }).toString(),
    });
    expect(answer.statusCode).toBe(200);
    const tokens = answer.json<Record<string, unknown>>();
    expect(typeof tokens.id_token).toBe('string');
    expect(tokens).not.toHaveProperty('refresh_token');
  });

  it('asks in pt-BR before an application signs the person out, and leaving ends the portal session too', async () => {
    const { application, agent, signIn } = await scenario();
    await signIn();
    const authorization = await authorize(agent, application);
    const tokens = await exchange(
      t,
      application,
      codeOf(authorization, application),
      authorization.verifier,
    );
    const question = await agent.get(
      `/oidc/session/end?${new URLSearchParams({
        id_token_hint: tokens.body.id_token ?? '',
        post_logout_redirect_uri: application.postLogoutUri,
        state: 'volta',
      }).toString()}`,
    );
    expect(question.status).toBe(200);
    expect(question.raw).toContain('Sair do Portal do Cliente?');
    // Its form ends at the application's address after redirects: no form-action 'self' there;
    // it still cannot be framed.
    expect(question.headers['content-security-policy']).not.toContain('form-action');
    expect(question.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.raw)?.[1];
    expect(xsrf).toBeDefined();
    const portalSession = agent.sessionId;
    const confirm = await agent.request('POST', '/oidc/session/end/confirm', {
      rawBody: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
      csrf: false,
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toBe(`${application.postLogoutUri}?state=volta`);
    const session = await agent.get<{ usuario: unknown }>('/api/sessao/web');
    expect(portalSession).not.toBeNull();
    expect(session.body.data?.usuario ?? null).toBeNull();
  });

  it('forgets the client account of an authorization once the authorization is gone (housekeeping)', async () => {
    const ended = await scenario();
    const kept = await scenario();
    for (const { agent, application, signIn } of [ended, kept]) {
      await signIn();
      codeOf(await authorize(agent, application), application);
    }
    const grantsOf = async (usuarioId: number) =>
      (
        await t.db
          .select()
          .from(glOidcAutorizacao)
          .where(eq(glOidcAutorizacao.gl_usuario_id, usuarioId))
      ).length;
    expect(await grantsOf(ended.user.id)).toBe(1);
    await ended.agent.post('/api/acesso/logout');
    await purgeExpiredOidcRecords(t.db);
    expect(await grantsOf(ended.user.id)).toBe(0);
    expect(await grantsOf(kept.user.id)).toBe(1);
  });

  it('lets two instances on one database share a sign-in: started on one, finished on the other', async () => {
    const { application, agent, signIn } = await scenario();
    const secondInstance = await buildApp({
      config: t.config,
      database: t.database,
      sessionSecret: TEST_SESSION_SECRET,
    });
    await secondInstance.ready();
    try {
      const other = new ApiAgent(secondInstance);
      const first = await authorize(agent, application);
      const { uid } = portalScreen(first.location);
      await signIn();
      // The browser's next requests reach the other instance.
      for (const [name, value] of agent.cookies) other.cookies.set(name, value);
      const back = await follow(other, `/oidc/interacao/${uid}`);
      const code = codeOf({ ...first, location: back }, application);
      expect((await exchange(t, application, code, first.verifier)).status).toBe(200);
    } finally {
      await secondInstance.close();
    }
  });
});
