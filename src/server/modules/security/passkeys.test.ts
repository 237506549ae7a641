import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginInfo } from '#shared/schemas/auth';
import type { PasskeyListResponse, SignInHistoryResponse } from '#shared/schemas/security';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { SoftPasskey } from '#tests/helpers/webauthn.ts';
import { glEmailSaida, glUsuario, glWebauthnDesafio } from '../../platform/db/schema.ts';

let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await createTestApp();
  produtoId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

/** A signed-in browser whose session has just proved its user (the step-up, decision 011). */
const provenAgent = (usuarioId: number) => signedInAgent(t, usuarioId, { reauthenticated: true });

async function register(agent: ApiAgent, passkey: SoftPasskey, nome = 'Notebook') {
  const options = await agent.post<PublicKeyCredentialCreationOptionsJSON>('/api/gl_usuario/me/chaves_acesso/opcoes');
  expect(options.status).toBe(200);
  return agent.post<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso', {
    nome,
    resposta: passkey.register(options.body.data),
  });
}

async function challenge(agent: ApiAgent): Promise<string> {
  const options = await agent.post<PublicKeyCredentialRequestOptionsJSON>('/api/acesso/chave_acesso/opcoes');
  expect(options.status).toBe(200);
  expect(options.body.data).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
  return options.body.data.challenge;
}

const signIn = (agent: ApiAgent, resposta: unknown) =>
  agent.post<LoginInfo>('/api/acesso/chave_acesso/login', { resposta, gl_produto_id: produtoId });

/** A person with one registered passkey. */
async function personWithPasskey(options: { counts?: boolean } = {}) {
  const user = await createUser(t.db);
  const passkey = new SoftPasskey(undefined, options);
  const registered = await register(await provenAgent(user.id), passkey);
  expect(registered.status).toBe(200);
  return { user, passkey };
}

describe("'Chaves de acesso' (passkeys on the 2FA screen)", () => {
  it('registers a named passkey (attestation none, user verification required) and tells the owner', async () => {
    const user = await createUser(t.db);
    const agent = await provenAgent(user.id);
    const options = await agent.post<PublicKeyCredentialCreationOptionsJSON>('/api/gl_usuario/me/chaves_acesso/opcoes');
    expect(options.body.data).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: user.email, displayName: user.nome },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const passkey = new SoftPasskey();
    const response = await agent.post<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso', {
      nome: 'Celular',
      resposta: passkey.register(options.body.data),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Chave de acesso registrada.');
    expect(response.body.data.chaves).toEqual([
      { id: expect.any(Number) as number, nome: 'Celular', datahora_criado: expect.any(String) as string, datahora_ultimo_uso: null, sincronizada: false },
    ]);
    const mails = await t.db
      .select()
      .from(glEmailSaida)
      .where(and(eq(glEmailSaida.destinatario, user.email), like(glEmailSaida.assunto, 'Nova chave de acesso registrada%')));
    expect(mails).toHaveLength(1);
  });

  it('asks the step-up before registering and before removing; renaming needs none', async () => {
    const { user } = await personWithPasskey();
    const stale = await signedInAgent(t, user.id);
    const refused = await stale.post('/api/gl_usuario/me/chaves_acesso/opcoes');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Por segurança, confirme sua identidade para continuar.');
    const [key] = (await stale.get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso')).body.data.chaves;
    const renamed = await stale.request<PasskeyListResponse>('PUT', `/api/gl_usuario/me/chaves_acesso/${key!.id}`, {
      body: { nome: 'Chave do escritório' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.chaves[0]?.nome).toBe('Chave do escritório');
    expect((await stale.request('DELETE', `/api/gl_usuario/me/chaves_acesso/${key!.id}`)).status).toBe(403);
    expect((await stale.get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso')).body.data.chaves).toHaveLength(1);
  });

  it('never lists, renames nor removes another person’s passkey', async () => {
    const { user: owner } = await personWithPasskey();
    const [key] = (await (await signedInAgent(t, owner.id)).get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso')).body.data.chaves;
    const intruder = await provenAgent((await createUser(t.db)).id);
    expect((await intruder.get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso')).body.data.chaves).toEqual([]);
    const rename = await intruder.request('PUT', `/api/gl_usuario/me/chaves_acesso/${key!.id}`, { body: { nome: 'Minha' } });
    expect(rename.status).toBe(404);
    expect((await intruder.request('DELETE', `/api/gl_usuario/me/chaves_acesso/${key!.id}`)).status).toBe(404);
    expect((await (await signedInAgent(t, owner.id)).get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso')).body.data.chaves[0]?.nome).toBe('Notebook');
  });
});

describe('sign-in with a passkey (POST /api/acesso/chave_acesso/login)', () => {
  it('is a full sign-in: no password, code nor captcha; the login info of §3; marked used; in the history', async () => {
    const { user, passkey } = await personWithPasskey();
    const browser = new ApiAgent(t.app);
    const response = await signIn(browser, passkey.assert(await challenge(browser)));
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.data).toMatchObject({ ok: true, usuario: { id: user.id }, produto: { id: produtoId } });
    // A passkey is a second factor: no 2FA activation offer (§4).
    expect(response.body.data.twofa_shouldAskCreate).toBe(false);
    expect((await browser.get('/api/gl_usuario/me')).status).toBe(200);
    const keys = (await browser.get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso')).body.data.chaves;
    expect(keys[0]?.datahora_ultimo_uso).not.toBeNull();
    const history = (await browser.get<SignInHistoryResponse>('/api/gl_usuario/me/acessos')).body.data.acessos;
    expect(history[0]?.tipo).toBe('chave_acesso');
    // It is no step-up proof (that asks the password or the code, decision 011).
    expect((await browser.post('/api/gl_usuario/me/chaves_acesso/opcoes')).status).toBe(403);
  });

  it('counts as 2FA: a password sign-in of its owner is not offered the 2FA activation (§4)', async () => {
    const { user } = await personWithPasskey();
    const login = await new ApiAgent(t.app).post<LoginInfo>('/api/acesso/login', {
      email: user.email,
      senha: 'demo1234',
      recaptcha: 'ok',
      gl_produto_id: produtoId,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.twofa_shouldAskCreate).toBe(false);
    const without = await createUser(t.db);
    const other = await new ApiAgent(t.app).post<LoginInfo>('/api/acesso/login', {
      email: without.email,
      senha: 'demo1234',
      recaptcha: 'ok',
      gl_produto_id: produtoId,
    });
    expect(other.body.data.twofa_shouldAskCreate).toBe(true);
  });

  it('refuses a challenge used twice (a replayed assertion)', async () => {
    const { passkey } = await personWithPasskey();
    const assertion = passkey.assert(await challenge(new ApiAgent(t.app)));
    expect((await signIn(new ApiAgent(t.app), assertion)).status).toBe(200);
    const replay = await signIn(new ApiAgent(t.app), assertion);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Não foi possível entrar com a chave de acesso. Tente novamente ou entre com sua senha.');
  });

  it('refuses one of two concurrent answers to one challenge', async () => {
    const { passkey } = await personWithPasskey();
    const assertion = passkey.assert(await challenge(new ApiAgent(t.app)));
    const results = await Promise.all([signIn(new ApiAgent(t.app), assertion), signIn(new ApiAgent(t.app), assertion)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
  });

  it('refuses an assertion for another person’s credential', async () => {
    const { passkey: mine } = await personWithPasskey();
    const { passkey: theirs } = await personWithPasskey();
    const browser = new ApiAgent(t.app);
    // Signed by my key, presented as their credential: their public key does not verify it.
    const forged = mine.assert(await challenge(browser));
    const asTheirs = { ...forged, id: theirs.credentialId, rawId: theirs.credentialId };
    expect((await signIn(browser, asTheirs)).status).toBe(401);
    // My credential claiming their user handle.
    const claimed = mine.assert(await challenge(browser));
    const asTheirHandle = { ...claimed, response: { ...claimed.response, userHandle: theirs.userHandle } };
    expect((await signIn(browser, asTheirHandle)).status).toBe(401);
    expect((await browser.get('/api/gl_usuario/me')).status).toBe(401);
  });

  it('refuses an expired challenge, one it never issued, and an assertion without user verification', async () => {
    const { passkey } = await personWithPasskey();
    const browser = new ApiAgent(t.app);
    const old = await challenge(browser);
    await t.db
      .update(glWebauthnDesafio)
      .set({ datahora_expira: new Date(Date.now() - 1000) })
      .where(eq(glWebauthnDesafio.desafio, old));
    expect((await signIn(browser, passkey.assert(old))).status).toBe(401);
    expect((await signIn(browser, passkey.assert('bm90LWlzc3VlZC1ieS11cw'))).status).toBe(401);
    expect((await signIn(browser, passkey.assert(await challenge(browser), { userVerified: false }))).status).toBe(401);
  });

  it('checks the signature counter where the authenticator keeps one', async () => {
    const { passkey } = await personWithPasskey({ counts: true });
    expect((await signIn(new ApiAgent(t.app), passkey.assert(await challenge(new ApiAgent(t.app))))).status).toBe(200);
    // A clone of the authenticator whose counter is behind.
    passkey.counter -= 1;
    expect((await signIn(new ApiAgent(t.app), passkey.assert(await challenge(new ApiAgent(t.app))))).status).toBe(401);
    expect((await signIn(new ApiAgent(t.app), passkey.assert(await challenge(new ApiAgent(t.app))))).status).toBe(200);
  });

  it('refuses a removed passkey and one of a deactivated person', async () => {
    const { user, passkey } = await personWithPasskey();
    const agent = await provenAgent(user.id);
    const [key] = (await agent.get<PasskeyListResponse>('/api/gl_usuario/me/chaves_acesso')).body.data.chaves;
    const removed = await agent.request<PasskeyListResponse>('DELETE', `/api/gl_usuario/me/chaves_acesso/${key!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.chaves).toEqual([]);
    expect((await signIn(new ApiAgent(t.app), passkey.assert(await challenge(new ApiAgent(t.app))))).status).toBe(401);

    const { user: gone, passkey: theirs } = await personWithPasskey();
    await t.db.update(glUsuario).set({ ativo: false }).where(eq(glUsuario.id, gone.id));
    expect((await signIn(new ApiAgent(t.app), theirs.assert(await challenge(new ApiAgent(t.app))))).status).toBe(401);
  });
});
