import { randomBytes } from 'node:crypto';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { LoginInfo } from '#shared/schemas/auth';
import type { PasskeyListResponse, SecurityEventsResponse } from '#shared/schemas/security';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createProduct,
  createTrustedDevice,
  createUser,
  enableTwofa,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { testTotpSecret, totpCode } from '#tests/helpers/totp.ts';
import { SoftPasskey } from '#tests/helpers/webauthn.ts';
import { glEmailSaida, glUsuarioChaveAcesso, glUsuarioSenhaToken } from '../../platform/db/schema.ts';
import { hashToken } from '../../platform/session/tokens.ts';
import { DEVICE_COOKIE } from '../twofa/trusted-devices.ts';

/**
 * Issue 34, item 2 (decision 098): a thief who knew the password and registered a passkey loses
 * it when the owner takes the account back; the owner's older passkeys stay; registering one
 * asks the second factor of a person with 2FA.
 */
let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await createTestApp();
  produtoId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

/** A password sign-in, as the login screen sends it (captcha off in tests). */
function passwordSignIn(
  agent: ApiAgent,
  email: string,
  senha = 'demo1234',
  extra: Record<string, unknown> = {},
) {
  return agent.post<LoginInfo>('/api/acesso/login', {
    email,
    senha,
    recaptcha: 'ok',
    gl_produto_id: produtoId,
    ...extra,
  });
}

async function registerPasskey(agent: ApiAgent, passkey: SoftPasskey, nome: string) {
  const options = await agent.post<PublicKeyCredentialCreationOptionsJSON>(
    '/api/gl_usuario/me/chaves_acesso/opcoes',
  );
  expect(options.status).toBe(200);
  const registered = await agent.post<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso', {
    nome,
    resposta: passkey.register(options.body.data),
  });
  expect(registered.status).toBe(200);
}

/** A sign-in with the passkey from a fresh browser: its status (200 in, 401 refused). */
async function passkeySignIn(passkey: SoftPasskey): Promise<number> {
  const browser = new ApiAgent(t.app);
  const options = await browser.post<PublicKeyCredentialRequestOptionsJSON>(
    '/api/acesso/chave_acesso/opcoes',
  );
  const answer = await browser.post('/api/acesso/chave_acesso/login', {
    resposta: passkey.assert(options.body.data.challenge),
    gl_produto_id: produtoId,
  });
  return answer.status;
}

/** The owner's passkey, registered long ago (older than the month a new password looks back). */
async function ownersOldPasskey(usuarioId: number, nome: string) {
  const passkey = new SoftPasskey();
  await registerPasskey(
    await signedInAgent(t, usuarioId, { reauthenticated: true }),
    passkey,
    nome,
  );
  await t.db
    .update(glUsuarioChaveAcesso)
    .set({ datahora_criado: new Date(Date.now() - 40 * DAY_MS) })
    .where(
      and(eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId), eq(glUsuarioChaveAcesso.nome, nome)),
    );
  return passkey;
}

async function resetThroughLink(email: string, usuarioId: number) {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(glUsuarioSenhaToken).values({
    gl_usuario_id: usuarioId,
    token_hash: hashToken(token),
    datahora_expira: new Date(Date.now() + 3600_000),
  });
  const reset = await new ApiAgent(t.app).post('/api/acesso/recuperar_token', {
    token,
    senha: 'Retomada-2026!',
  });
  expect(reset.status).toBe(200);
  const [mail] = await t.db
    .select()
    .from(glEmailSaida)
    .where(
      and(
        eq(glEmailSaida.destinatario, email),
        like(glEmailSaida.assunto, 'Sua senha foi alterada%'),
      ),
    )
    .orderBy(desc(glEmailSaida.id))
    .limit(1);
  return mail;
}

describe("the thief's passkey (issue 34, item 2)", () => {
  it("ends with the owner's password reset and staff ending the sessions; the owner's older passkey stays", async () => {
    const owner = await createUser(t.db);
    const ownersKey = await ownersOldPasskey(owner.id, 'Celular da dona');

    // The thief knows the password (no 2FA): a password sign-in is the step-up, so they add a passkey.
    const thief = new ApiAgent(t.app, { remoteAddress: '203.0.113.66' });
    expect((await passwordSignIn(thief, owner.email)).status).toBe(200);
    const thiefsKey = new SoftPasskey();
    await registerPasskey(thief, thiefsKey, 'Notebook do ladrão');
    expect(await passkeySignIn(thiefsKey)).toBe(200);

    const mail = await resetThroughLink(owner.email, owner.id);
    const staff = await signedInAgent(
      t,
      (await createUser(t.db, { nivel: STAFF_LEVEL.supervisor })).id,
    );
    expect((await staff.post(`/api/admin/gl_usuario/${owner.id}/sessoes_encerrar`)).status).toBe(
      200,
    );

    expect(await passkeySignIn(thiefsKey)).toBe(401);
    expect(await passkeySignIn(ownersKey)).toBe(200);
    // The reset e-mail names what was removed.
    expect(mail?.corpo_texto).toContain('Notebook do ladrão');
    expect(mail?.corpo_texto).not.toContain('Celular da dona');

    // So does the security screen's 'Alterações de segurança', with the thief's passkey's addition.
    const ownerBrowser = await signedInAgent(t, owner.id);
    const events = (
      await ownerBrowser.get<SecurityEventsResponse>('/api/gl_usuario/me/eventos_seguranca')
    ).body.data.eventos;
    expect(events.map((event) => [event.acao, event.nomes, event.pela_equipe])).toEqual([
      ['sessoes_encerradas', [], true],
      ['chaves_acesso_removidas_na_recuperacao', ['Notebook do ladrão'], false],
      ['senha_redefinida', [], false],
      ['chave_acesso_adicionada', ['Notebook do ladrão'], false],
      ['chave_acesso_adicionada', ['Celular da dona'], false],
    ]);
    // The thief's address is shown to the owner with the passkey it added.
    expect(events[3]?.ip).toBe('203.0.113.66');
    const keys = (await ownerBrowser.get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso'))
      .body.data.chaves;
    expect(keys.map((key) => key.nome)).toEqual(['Celular da dona']);
  });

  it('a password change in Meus dados keeps the passkeys of the session making it, and removes recent ones of others', async () => {
    const owner = await createUser(t.db);
    const owners = await signedInAgent(t, owner.id, { reauthenticated: true });
    const mine = new SoftPasskey();
    await registerPasskey(owners, mine, 'Este notebook');
    const other = new SoftPasskey();
    await registerPasskey(
      await signedInAgent(t, owner.id, { reauthenticated: true }),
      other,
      'Outro navegador',
    );

    const changed = await owners.post('/api/gl_usuario/me/senha_update', {
      senha_atual: 'demo1234',
      senha_nova: 'Trocada-2026!',
    });
    expect(changed.status).toBe(200);
    expect(await passkeySignIn(mine)).toBe(200);
    expect(await passkeySignIn(other)).toBe(401);
  });
});

describe('registering a passkey (issue 34, item 2)', () => {
  it('asks the second factor of a person with 2FA: a sign-in from a trusted device without the code is not enough', async () => {
    const user = await createUser(t.db);
    const secret = testTotpSecret();
    await enableTwofa(t.db, user.id, secret);
    const { cookieValue } = await createTrustedDevice(t.db, user.id);

    const trusted = new ApiAgent(t.app);
    trusted.cookies.set(DEVICE_COOKIE, cookieValue);
    expect((await passwordSignIn(trusted, user.email)).status).toBe(200);
    const refused = await trusted.post('/api/gl_usuario/me/chaves_acesso/opcoes');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Por segurança, confirme sua identidade para continuar.');

    const withCode = new ApiAgent(t.app);
    expect(
      (await passwordSignIn(withCode, user.email, 'demo1234', { twofaCode: totpCode(secret) }))
        .status,
    ).toBe(200);
    await registerPasskey(withCode, new SoftPasskey(), 'Chave com 2FA');

    // And the owner is always told.
    const mails = await t.db
      .select()
      .from(glEmailSaida)
      .where(
        and(
          eq(glEmailSaida.destinatario, user.email),
          like(glEmailSaida.assunto, 'Nova chave de acesso registrada%'),
        ),
      );
    expect(mails).toHaveLength(1);
  });
});
