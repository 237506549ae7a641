import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createSessionCookie,
  createUser,
  enableTwofa,
  linkUserToClient,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import {
  authorize,
  codeOf,
  exchange,
  OIDC_PUBLIC_URL,
  refresh,
  registerApplication,
  userinfoStatus,
} from '#tests/helpers/oidc.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { testTotpSecret, totpCode } from '#tests/helpers/totp.ts';
import { glPrivacidadePedido, glUsuarioSenhaToken } from '../../platform/db/schema.ts';
import { SESSION_COOKIE } from '../../platform/session/session-plugin.ts';
import { hashToken } from '../../platform/session/tokens.ts';

/**
 * Issue 34, item 1 (decision 096): whatever ends a person's portal sessions for security reasons
 * also ends what applications got from them, at the application's next call.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: OIDC_PUBLIC_URL } });
});
afterAll(() => t.close());

/**
 * A person signed in to the portal in a browser and, through it, to a confidential application
 * that holds an access token and a refresh token (offline_access).
 */
async function connectedPerson(options: { twofa?: string } = {}) {
  const produto = await createProduct(t.db);
  const user = await createUser(t.db);
  const cliente = await createClient(t.db);
  await linkUserToClient(t.db, user.id, cliente.id, 10);
  if (options.twofa) await enableTwofa(t.db, user.id, options.twofa);
  const application = await registerApplication(t, produto.id);
  const browser = new ApiAgent(t.app);
  browser.cookies.set(
    SESSION_COOKIE,
    await createSessionCookie(t.db, user.id, {
      produtoId: produto.id,
      clienteId: cliente.id,
      reauthenticated: true,
    }),
  );
  const authorization = await authorize(browser, application, {
    scope: 'openid email offline_access',
    prompt: 'consent',
  });
  const tokens = await exchange(
    t,
    application,
    codeOf(authorization, application),
    authorization.verifier,
  );
  expect(tokens.status).toBe(200);
  const accessToken = tokens.body.access_token ?? '';
  const refreshToken = tokens.body.refresh_token ?? '';
  expect(refreshToken).not.toBe('');
  // The application works before the event.
  expect(await userinfoStatus(t, accessToken)).toBe(200);
  return { user, produto, application, browser, accessToken, refreshToken };
}

type Connected = Awaited<ReturnType<typeof connectedPerson>>;

/** The application's next calls after the event: both tokens refused. */
async function expectApplicationLockedOut(person: Connected) {
  expect(await userinfoStatus(t, person.accessToken)).toBe(401);
  const renewed = await refresh(t, person.application, person.refreshToken);
  expect(renewed.status).toBe(400);
  expect(renewed.body.error).toBe('invalid_grant');
}

async function staffAgent(level: number = STAFF_LEVEL.supervisor) {
  const staff = await createUser(t.db, { nivel: level });
  return signedInAgent(t, staff.id);
}

/** Staff save the person's record with `ativo` set (the back-office's user edit). */
async function setActive(staff: ApiAgent, user: Connected['user'], ativo: boolean) {
  const saved = await staff.request('PUT', `/api/admin/gl_usuario/${user.id}`, {
    body: {
      nome: user.nome,
      apelido: user.apelido,
      email: user.email,
      telefone_celular: user.telefone_celular,
      ativo,
    },
  });
  expect(saved.status).toBe(200);
}

describe("applications lose a person's tokens with every security event (issue 34, item 1)", () => {
  it('a password change in Meus dados', async () => {
    const person = await connectedPerson();
    const changed = await person.browser.post('/api/gl_usuario/me/senha_update', {
      senha_atual: 'demo1234',
      senha_nova: 'Outra-senha-2026',
    });
    expect(changed.status).toBe(200);
    await expectApplicationLockedOut(person);
  });

  it('a password reset through the e-mailed link', async () => {
    const person = await connectedPerson();
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(glUsuarioSenhaToken).values({
      gl_usuario_id: person.user.id,
      token_hash: hashToken(token),
      datahora_expira: new Date(Date.now() + 3600_000),
    });
    const reset = await new ApiAgent(t.app).post('/api/acesso/recuperar_token', {
      token,
      senha: 'Outra-senha-2026',
    });
    expect(reset.status).toBe(200);
    await expectApplicationLockedOut(person);
  });

  it('2FA turned off, and recovery keys made again', async () => {
    const secret = testTotpSecret();
    const first = await connectedPerson({ twofa: secret });
    const keys = await first.browser.post('/api/gl_usuario/twofaGenerateRecoveryKeys');
    expect(keys.status).toBe(200);
    await expectApplicationLockedOut(first);

    const second = await connectedPerson({ twofa: secret });
    const disabled = await second.browser.post('/api/gl_usuario/twofaDisableTwoFactorAuth', {
      code: totpCode(secret),
    });
    expect(disabled.status).toBe(200);
    await expectApplicationLockedOut(second);
  });

  it("staff's 'Encerrar todas as sessões', 2FA reset and forced new password", async () => {
    const staff = await staffAgent();
    for (const action of ['sessoes_encerrar', 'twofa_resetar', 'senha_revalidar']) {
      const person = await connectedPerson();
      const answer = await staff.post(`/api/admin/gl_usuario/${person.user.id}/${action}`);
      expect(answer.status).toBe(200);
      await expectApplicationLockedOut(person);
    }
  });

  it('the person switched off by staff', async () => {
    const person = await connectedPerson();
    const staff = await staffAgent();
    await setActive(staff, person.user, false);
    await expectApplicationLockedOut(person);
    // Switching them on again gives nothing back: the application must sign them in anew.
    await setActive(staff, person.user, true);
    await expectApplicationLockedOut(person);
  });

  it('a deletion scheduled (LGPD): the provider has no account for the person in the grace period', async () => {
    const person = await connectedPerson();
    await t.db.insert(glPrivacidadePedido).values({
      gl_usuario_id: person.user.id,
      tipo: 'exclusao',
      situacao: 'agendado',
      datahora_agendado: new Date(Date.now() + 7 * 86_400_000),
    });
    await expectApplicationLockedOut(person);
  });

  it("leaves another person's applications alone", async () => {
    const bystander = await connectedPerson();
    const person = await connectedPerson();
    await (await staffAgent()).post(`/api/admin/gl_usuario/${person.user.id}/sessoes_encerrar`);
    await expectApplicationLockedOut(person);
    expect(await userinfoStatus(t, bystander.accessToken)).toBe(200);
    expect((await refresh(t, bystander.application, bystander.refreshToken)).status).toBe(200);
  });
});

describe('an application sign-in of a person no longer allowed in (issue 34, item 6)', () => {
  it('answers a switched-off person with a live portal session a pt-BR 403 page, not a 500', async () => {
    const produto = await createProduct(t.db);
    const user = await createUser(t.db);
    const application = await registerApplication(t, produto.id);
    const browser = new ApiAgent(t.app);
    browser.cookies.set(
      SESSION_COOKIE,
      await createSessionCookie(t.db, user.id, { produtoId: produto.id }),
    );
    const staff = await staffAgent();
    await setActive(staff, user, false);
    // The deactivation ended the session; a session kept (an old row, a race) must not pass.
    browser.cookies.set(
      SESSION_COOKIE,
      await createSessionCookie(t.db, user.id, { produtoId: produto.id }),
    );
    const started = await authorize(browser, application).catch((error: unknown) => error as Error);
    expect(started).toBeInstanceOf(Error);
    const interaction = /from (\/oidc\/interacao\/[^:]+): (\d{3})/.exec((started as Error).message);
    expect(interaction?.[2]).toBe('403');
    const page = await browser.get(interaction?.[1] ?? '');
    expect(page.status).toBe(403);
    expect(page.raw).toContain('Conta indisponível para aplicativos');
  });
});
