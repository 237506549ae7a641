import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTA_MESSAGES } from '#shared/messages';
import { ApiAgent } from '../../../../tests/helpers/api-agent.ts';
import {
  createProduct,
  createUser,
  enableTwofa,
  signedInAgent,
} from '../../../../tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { verifyPassword } from '../../auth/password.ts';
import { glEmailSaida, glUsuario, glUsuarioSenhaToken } from '../../db/schema.ts';
import { hashToken } from '../../session/tokens.ts';
import { RESET_MAILS_PER_HOUR, RESET_TOKEN_TTL_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PROVIDER_NAME: 'Exemplo Sistemas' } });
});
afterAll(() => t.close());

const SENT = 'As instruções para recuperar sua senha foram enviadas para seu e-mail.';

const requestReset = (email: string, agent = new ApiAgent(t.app)) =>
  agent.post('/api/acesso/recuperar_email', { email, recaptcha: 'ok' });
const reset = (token: string, senha: string, agent = new ApiAgent(t.app)) =>
  agent.post('/api/acesso/recuperar_token', { token, senha });

const mailsTo = (email: string) =>
  t.db.select().from(glEmailSaida).where(eq(glEmailSaida.destinatario, email)).orderBy(glEmailSaida.id);
const userRow = async (id: number) =>
  (await t.db.select().from(glUsuario).where(eq(glUsuario.id, id)))[0];

/** The token of the newest reset link e-mailed to the address. */
async function linkToken(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const text = mails.at(-1)?.corpo_texto ?? '';
  const token = /\/login\/recuperar_token\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link e-mailed to ${email}`);
  return token;
}

describe('POST /api/acesso/recuperar_email', () => {
  it('queues exactly the hourly limit of e-mails when many requests arrive at once (decision 018, PostgreSQL)', async () => {
    const user = await createUser(t.db);
    const responses = await Promise.all(Array.from({ length: 50 }, () => requestReset(user.email)));
    // Every caller gets the same answer (§8): nothing tells which requests sent a mail.
    expect(responses.map((response) => [response.status, response.body.message])).toEqual(
      Array.from({ length: 50 }, () => [200, SENT]),
    );
    expect(await mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
    const tokens = await t.db.select().from(glUsuarioSenhaToken).where(eq(glUsuarioSenhaToken.gl_usuario_id, user.id));
    expect(tokens).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('e-mails a link with a 256-bit token, stored only as its hash, valid for an hour', async () => {
    const user = await createUser(t.db);
    const before = Date.now();
    const response = await requestReset(user.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(SENT);
    const [mail] = await mailsTo(user.email);
    expect(mail?.assunto).toBe('Redefinição de senha - Exemplo Sistemas');
    const token = await linkToken(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail?.corpo_texto).toContain(`${t.config.publicUrl}/login/recuperar_token/${token}`);

    const rows = await t.db
      .select()
      .from(glUsuarioSenhaToken)
      .where(eq(glUsuarioSenhaToken.gl_usuario_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = rows[0]!.datahora_expira.getTime() - before;
    expect(lifetime).toBeGreaterThan(RESET_TOKEN_TTL_MS - 5_000);
    expect(lifetime).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS + 5_000);
  });

  it('answers the same for an unknown or inactive address, and e-mails nothing', async () => {
    const inactive = await createUser(t.db, { ativo: false });
    const known = await requestReset((await createUser(t.db)).email);
    for (const email of ['ninguem.aqui@teste.com.br', inactive.email]) {
      const response = await requestReset(email);
      expect(response.status).toBe(known.status);
      expect(response.body).toEqual(known.body);
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} links an hour to one account, answering the same`, async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      const response = await requestReset(user.email);
      expect(response.body.message).toBe(SENT);
    }
    expect(await mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('validates the e-mail with the §5 messages', async () => {
    const blank = await requestReset('');
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ email: ['Campo de e-mail obrigatório.'] });
    const invalid = await requestReset('sem-arroba');
    expect(invalid.body.errors).toEqual({ email: ['Digite um e-mail válido.'] });
  });

  it('is rate limited per address', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3' } });
    try {
      const agent = new ApiAgent(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await agent.post('/api/acesso/recuperar_email', { email: 'x@teste.com.br' })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/acesso/recuperar_token/verificar (decision 050)', () => {
  const check = (token: string) => new ApiAgent(t.app).post('/api/acesso/recuperar_token/verificar', { token });

  it('says whether the link still works, using nothing up', async () => {
    const user = await createUser(t.db);
    await requestReset(user.email);
    const token = await linkToken(user.email);
    const fresh = await check(token);
    expect(fresh.status).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-store');
    // Asking twice changes nothing: the link still sets the password once.
    expect((await check(token)).status).toBe(200);
    expect((await reset(token, 'senha-verificada')).status).toBe(200);

    const used = await check(token);
    expect(used.status).toBe(404);
    expect(used.body.message).toBe(CONTA_MESSAGES.resetLinkInvalid);
    const unknown = await check('y'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CONTA_MESSAGES.resetLinkInvalid);
  });

  it('refuses an expired link, and one of an account made inactive since', async () => {
    const expired = await createUser(t.db);
    await requestReset(expired.email);
    const old = await linkToken(expired.email);
    await t.db
      .update(glUsuarioSenhaToken)
      .set({ datahora_expira: new Date(Date.now() - 1000) })
      .where(eq(glUsuarioSenhaToken.token_hash, hashToken(old)));
    expect((await check(old)).status).toBe(404);

    const leaving = await createUser(t.db);
    await requestReset(leaving.email);
    const token = await linkToken(leaving.email);
    await t.db.update(glUsuario).set({ ativo: false }).where(eq(glUsuario.id, leaving.id));
    expect((await check(token)).status).toBe(404);
  });

  it('needs a token', async () => {
    const response = await new ApiAgent(t.app).post('/api/acesso/recuperar_token/verificar', {});
    expect(response.status).toBe(422);
  });
});

describe('POST /api/acesso/recuperar_token', () => {
  it('sets the new password, uses the link up, and the second use fails', async () => {
    const user = await createUser(t.db, { senha_revalidar: true });
    await requestReset(user.email);
    const token = await linkToken(user.email);

    const response = await reset(token, 'senha-nova-1');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Senha alterada com sucesso!');
    const row = await userRow(user.id);
    expect(await verifyPassword(row!.senha_hash, 'senha-nova-1')).toBe(true);
    expect(row?.senha_revalidar).toBe(false);
    const mails = await mailsTo(user.email);
    expect(mails.at(-1)?.assunto).toBe('Sua senha foi alterada - Exemplo Sistemas');

    const again = await reset(token, 'senha-nova-2');
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(CONTA_MESSAGES.resetLinkInvalid);
    expect(await verifyPassword((await userRow(user.id))!.senha_hash, 'senha-nova-1')).toBe(true);
  });

  it('of two simultaneous uses of one link, exactly one succeeds', async () => {
    const user = await createUser(t.db);
    await requestReset(user.email);
    const token = await linkToken(user.email);
    const answers = await Promise.all([
      reset(token, 'primeira-senha'),
      reset(token, 'segunda-senha'),
      reset(token, 'terceira-senha'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 404, 404]);
    const winner = ['primeira-senha', 'segunda-senha', 'terceira-senha'][
      answers.findIndex((answer) => answer.status === 200)
    ]!;
    expect(await verifyPassword((await userRow(user.id))!.senha_hash, winner)).toBe(true);
    const changed = (await mailsTo(user.email)).filter((mail) => mail.assunto.startsWith('Sua senha foi alterada'));
    expect(changed).toHaveLength(1);
  });

  it('ends the other sessions, kills the other links and keeps 2FA on', async () => {
    const user = await createUser(t.db);
    await enableTwofa(t.db, user.id, 'JBSWY3DPEHPK3PXP');
    const produto = await createProduct(t.db);
    const elsewhere = await signedInAgent(t, user.id, { produtoId: produto.id });
    expect((await elsewhere.get('/api/gl_usuario/me')).status).toBe(200);
    await requestReset(user.email);
    const older = await linkToken(user.email);
    await requestReset(user.email);
    const newer = await linkToken(user.email);

    expect((await reset(newer, 'senha-trocada')).status).toBe(200);
    expect((await elsewhere.get('/api/gl_usuario/me')).status).toBe(401);
    expect((await reset(older, 'outra-senha')).status).toBe(404);
    expect((await userRow(user.id))?.twofa_ativo).toBe(true);
  });

  it('refuses an expired link or an unknown token, changing nothing', async () => {
    const user = await createUser(t.db);
    await requestReset(user.email);
    const token = await linkToken(user.email);
    await t.db
      .update(glUsuarioSenhaToken)
      .set({ datahora_expira: new Date(Date.now() - 1000) })
      .where(eq(glUsuarioSenhaToken.token_hash, hashToken(token)));
    expect((await reset(token, 'senha-expirada')).status).toBe(404);
    expect((await reset('x'.repeat(43), 'senha-qualquer')).status).toBe(404);
    expect(await verifyPassword((await userRow(user.id))!.senha_hash, 'demo1234')).toBe(true);
  });

  it('checks the new password: 6 to 32 characters (§5)', async () => {
    const user = await createUser(t.db);
    await requestReset(user.email);
    const token = await linkToken(user.email);
    for (const senha of ['12345', 'x'.repeat(33), undefined]) {
      const response = await new ApiAgent(t.app).post('/api/acesso/recuperar_token', { token, senha });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ senha: ['A senha deve ter entre 6 e 32 caracteres.'] });
    }
    // The link still works after refused attempts.
    // Six characters are enough (§5), when they are not a common password (decision 042).
    expect((await reset(token, 'q9#Lm2')).status).toBe(200);
  });

  it('lifts a sign-in lock, so the new password works at once', async () => {
    const user = await createUser(t.db);
    const produto = await createProduct(t.db);
    const agent = new ApiAgent(t.app, { remoteAddress: '10.9.9.9' });
    const login = (senha: string) =>
      agent.post('/api/acesso/login', { email: user.email, senha, recaptcha: 'ok', gl_produto_id: produto.id });
    for (let i = 0; i < 10; i++) await login('errada');
    await requestReset(user.email);
    expect((await reset(await linkToken(user.email), 'desbloqueada')).status).toBe(200);
    const after = await new ApiAgent(t.app, { remoteAddress: '10.9.9.10' }).post('/api/acesso/login', {
      email: user.email,
      senha: 'desbloqueada',
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    expect(after.status).toBe(200);
  });
});
