import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectedApplicationsResponse, InteractionInfo } from '#shared/schemas/applications';
import type { SecurityEventsResponse } from '#shared/schemas/security';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createSessionCookie,
  createUser,
  linkUserToClient,
} from '#tests/helpers/factories.ts';
import {
  authorize,
  codeOf,
  exchange,
  follow,
  OIDC_PUBLIC_URL,
  portalScreen,
  refresh,
  registerApplication,
  userinfoStatus,
} from '#tests/helpers/oidc.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glAuditoria } from '../../platform/db/schema.ts';
import { SESSION_COOKIE } from '../../platform/session/session-plugin.ts';

/**
 * Issue 34, item 4 (decision 097): a partner's application asks the person's consent once; the
 * person sees every connected application and can revoke it, which ends its tokens at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: OIDC_PUBLIC_URL } });
});
afterAll(() => t.close());

async function signedInPerson(options: { primeiraParte: boolean; logoUrl?: string }) {
  const produto = await createProduct(t.db);
  const user = await createUser(t.db);
  const cliente = await createClient(t.db);
  await linkUserToClient(t.db, user.id, cliente.id, 10);
  const application = await registerApplication(t, produto.id, options);
  const browser = new ApiAgent(t.app);
  browser.cookies.set(
    SESSION_COOKIE,
    await createSessionCookie(t.db, user.id, { produtoId: produto.id, clienteId: cliente.id }),
  );
  return { produto, user, application, browser };
}

const OFFLINE = { scope: 'openid email offline_access', prompt: 'consent' };

describe('the consent screen of a partner application (issue 34, item 4)', () => {
  it('asks once, names the application and the scopes, and lets the application in after Permitir', async () => {
    const { produto, user, application, browser } = await signedInPerson({ primeiraParte: false, logoUrl: '/logos/parceiro.png' });
    const first = await authorize(browser, application, OFFLINE);
    const screen = portalScreen(first.location);
    expect(screen.path).toBe(`/login/${produto.id}/autorizar_aplicativo`);

    // What the login and consent screens show, to anyone holding the interaction id.
    const info = await new ApiAgent(t.app).get<InteractionInfo>(
      `/api/oidc/interacao/${screen.uid}`,
    );
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({
      aplicativo: `Aplicativo ${application.clientId}`,
      logo_url: '/logos/parceiro.png',
      gl_produto_id: produto.id,
      escopos: ['openid', 'email', 'offline_access'],
    });

    // Consent needs the person signed in, with the CSRF header like every write.
    expect(
      (await new ApiAgent(t.app).post(`/api/oidc/interacao/${screen.uid}/consentimento`)).status,
    ).toBe(401);
    const allowed = await browser.post<{ url: string }>(
      `/api/oidc/interacao/${screen.uid}/consentimento`,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.url).toBe(`/oidc/interacao/${screen.uid}`);
    const back = await follow(browser, allowed.body.data.url);
    const tokens = await exchange(
      t,
      application,
      codeOf({ ...first, location: back }, application),
      first.verifier,
    );
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toEqual(expect.any(String));

    // The next sign-in asking the same goes straight through.
    const second = await authorize(browser, application, OFFLINE);
    expect(codeOf(second, application)).toEqual(expect.any(String));
    // A wider request asks again.
    const wider = await authorize(browser, application, { scope: 'openid email profile cliente' });
    expect(portalScreen(wider.location).path).toBe(`/login/${produto.id}/autorizar_aplicativo`);

    const [audit] = await t.db
      .select()
      .from(glAuditoria)
      .where(eq(glAuditoria.alvo_usuario_id, user.id));
    expect(audit).toMatchObject({
      acao: 'aplicativo_autorizado',
      gl_usuario_id: user.id,
      recurso: 'gl_oidc_cliente',
      recurso_id: String(application.id),
      detalhes: {
        aplicativo: `Aplicativo ${application.clientId}`,
        escopos: ['openid', 'email', 'offline_access'],
      },
    });
  });

  it("sends the application access_denied on 'Cancelar', and records nothing", async () => {
    const { user, application, browser } = await signedInPerson({ primeiraParte: false });
    const first = await authorize(browser, application);
    const { uid } = portalScreen(first.location);
    const refused = new URL(await follow(browser, `/oidc/interacao/${uid}?recusar=1`));
    expect(`${refused.origin}${refused.pathname}`).toBe(application.redirectUri);
    expect(refused.searchParams.get('error')).toBe('access_denied');
    expect(refused.searchParams.get('state')).toBe(first.state);
    const connected = await browser.get<ConnectedApplicationsResponse>(
      '/api/gl_usuario/me/aplicativos',
    );
    expect(connected.body.data.aplicativos).toEqual([]);
    expect(
      await t.db.select().from(glAuditoria).where(eq(glAuditoria.alvo_usuario_id, user.id)),
    ).toEqual([]);
  });

  it("answers an unknown or finished interaction with the pt-BR 'expired' message", async () => {
    const { browser } = await signedInPerson({ primeiraParte: false });
    const unknown = await browser.get('/api/oidc/interacao/abcdefghijklmnopqrstu');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/expirou ou já foi concluído/);
    expect(
      (await browser.post('/api/oidc/interacao/abcdefghijklmnopqrstu/consentimento')).status,
    ).toBe(404);
    expect((await browser.get('/api/oidc/interacao/curto')).status).toBe(422);
  });

  it("lets the provider's own applications in without asking, and lists them too", async () => {
    const { application, browser } = await signedInPerson({ primeiraParte: true });
    const authorization = await authorize(browser, application);
    expect(codeOf(authorization, application)).toEqual(expect.any(String));
    const connected = await browser.get<ConnectedApplicationsResponse>(
      '/api/gl_usuario/me/aplicativos',
    );
    expect(connected.body.data.aplicativos).toEqual([
      {
        id: expect.any(Number) as number,
        aplicativo: `Aplicativo ${application.clientId}`,
        escopos: ['openid', 'profile', 'email', 'cliente'],
        datahora_criado: expect.any(String) as string,
        datahora_ultimo_uso: expect.any(String) as string,
      },
    ]);
  });
});

describe("'Aplicativos conectados' and 'Revogar acesso' (issue 34, item 4)", () => {
  it("revokes one application's grants and tokens at once; its next sign-in asks again; the others keep theirs", async () => {
    const { produto, application, browser } = await signedInPerson({ primeiraParte: false });
    const other = await registerApplication(t, produto.id, { primeiraParte: true });

    const signIn = async (app = application) => {
      const started = await authorize(browser, app, OFFLINE);
      const location = started.location.startsWith('/login/')
        ? await (async () => {
            const { uid } = portalScreen(started.location);
            const allowed = await browser.post<{ url: string }>(
              `/api/oidc/interacao/${uid}/consentimento`,
            );
            return follow(browser, allowed.body.data.url);
          })()
        : started.location;
      const tokens = await exchange(
        t,
        app,
        codeOf({ ...started, location }, app),
        started.verifier,
      );
      expect(tokens.status).toBe(200);
      return { access: tokens.body.access_token ?? '', refresh: tokens.body.refresh_token ?? '' };
    };
    const tokens = await signIn();
    const otherTokens = await signIn(other);

    const list = await browser.get<ConnectedApplicationsResponse>('/api/gl_usuario/me/aplicativos');
    const connection = list.body.data.aplicativos.find((row) =>
      row.aplicativo.endsWith(application.clientId),
    );
    expect(connection?.escopos).toEqual(['openid', 'email', 'offline_access']);

    // Someone else's connection id is as unknown as a missing one.
    const stranger = await signedInPerson({ primeiraParte: false });
    expect(
      (await stranger.browser.post(`/api/gl_usuario/me/aplicativos/${connection?.id}/revogar`))
        .status,
    ).toBe(404);

    const revoked = await browser.post<ConnectedApplicationsResponse>(
      `/api/gl_usuario/me/aplicativos/${connection?.id}/revogar`,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(
      `O acesso de Aplicativo ${application.clientId} foi revogado.`,
    );
    expect(revoked.body.data.aplicativos.map((row) => row.aplicativo)).toEqual([
      `Aplicativo ${other.clientId}`,
    ]);

    expect(await userinfoStatus(t, tokens.access)).toBe(401);
    expect((await refresh(t, application, tokens.refresh)).body.error).toBe('invalid_grant');
    expect(await userinfoStatus(t, otherTokens.access)).toBe(200);
    expect((await refresh(t, other, otherTokens.refresh)).status).toBe(200);

    const again = await authorize(browser, application, OFFLINE);
    expect(portalScreen(again.location).path).toBe(`/login/${produto.id}/autorizar_aplicativo`);

    const events = await browser.get<SecurityEventsResponse>(
      '/api/gl_usuario/me/eventos_seguranca',
    );
    expect(
      events.body.data.eventos.map((event) => [event.acao, event.nomes, event.pela_equipe]),
    ).toEqual([
      ['aplicativo_revogado', [`Aplicativo ${application.clientId}`], false],
      ['aplicativo_autorizado', [`Aplicativo ${application.clientId}`], false],
    ]);
  });

  it('records a consent and a revocation once, when 50 of each arrive at once (PostgreSQL)', async () => {
    const { user, application, browser } = await signedInPerson({ primeiraParte: false });
    const { uid } = portalScreen((await authorize(browser, application)).location);
    const consents = await Promise.all(
      Array.from({ length: 50 }, () => browser.post(`/api/oidc/interacao/${uid}/consentimento`)),
    );
    expect(consents.every((answer) => answer.status === 200)).toBe(true);
    const list = await browser.get<ConnectedApplicationsResponse>('/api/gl_usuario/me/aplicativos');
    expect(list.body.data.aplicativos).toHaveLength(1);
    const id = list.body.data.aplicativos[0]?.id;
    const revocations = await Promise.all(
      Array.from({ length: 50 }, () =>
        browser.post(`/api/gl_usuario/me/aplicativos/${id}/revogar`),
      ),
    );
    expect(revocations.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array<number>(49).fill(404),
    ]);
    const trail = await t.db
      .select()
      .from(glAuditoria)
      .where(eq(glAuditoria.alvo_usuario_id, user.id));
    expect(trail.map((entry) => entry.acao).sort()).toEqual([
      'aplicativo_autorizado',
      'aplicativo_revogado',
    ]);
  });

  it('needs a signed-in person', async () => {
    const visitor = new ApiAgent(t.app);
    expect((await visitor.get('/api/gl_usuario/me/aplicativos')).status).toBe(401);
    expect((await visitor.post('/api/gl_usuario/me/aplicativos/1/revogar')).status).toBe(401);
    expect((await visitor.get('/api/gl_usuario/me/eventos_seguranca')).status).toBe(401);
  });
});
