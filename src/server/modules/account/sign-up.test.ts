import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS } from '#shared/legal';
import type { LoginInfo } from '#shared/schemas/auth';
import { TERMS_REQUIRED_MESSAGE, type SignUpResponse } from '#shared/schemas/account';
import { CONTA_MESSAGES } from '#shared/messages';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createClient,
  createProduct,
  createTrustedDevice,
  createUser,
  enableTwofa,
  randomCnpj,
  randomCpf,
  uniqueEmail,
} from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { testTotpSecret, totpCode } from '#tests/helpers/totp.ts';
import { verifyPassword } from '../../platform/crypto/password.ts';
import {
  glCliente,
  glClienteUsuario,
  glEmailSaida,
  glUsuario,
  glUsuarioTermoAceite,
} from '../../platform/db/schema.ts';
import { DEVICE_COOKIE } from '../twofa/trusted-devices.ts';

let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PROVIDER_NAME: 'Exemplo Sistemas' } });
  produto = await createProduct(t.db, { nome: 'Sistema Cadastro', cadastro_permitido: true });
});
afterAll(() => t.close());

let counter = 0;
/** Each test its own address: failed passwords count per address (decision 010). */
const agent = () => new ApiAgent(t.app, { remoteAddress: `10.7.0.${++counter}` });

function payload(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Joana Prado',
    email: uniqueEmail('cadastro'),
    telefone_celular: '(11) 98765-4321',
    cpfcnpj: randomCpf(),
    empresa_nome: '',
    gl_produto_id: produto.id,
    recaptcha: 'ok',
    termos: true,
    ...overrides,
  };
}

const signUp = (caller: ApiAgent, body: Record<string, unknown>) =>
  caller.post<SignUpResponse>('/api/acesso/conta_criar', body);

const userByEmail = async (email: string) =>
  (await t.db.select().from(glUsuario).where(sql`lower(${glUsuario.email}) = ${email.toLowerCase()}`))[0];
const clientByDocument = async (cpfcnpj: string) =>
  (await t.db.select().from(glCliente).where(eq(glCliente.cpfcnpj, cpfcnpj)))[0];
const mailsTo = (email: string) =>
  t.db.select().from(glEmailSaida).where(eq(glEmailSaida.destinatario, email));

/** The temporary password as the e-mail's text shows it. */
async function temporaryPasswordOf(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = /Senha temporária: (\S+)/.exec(mail?.corpo_texto ?? '');
  if (!match?.[1]) throw new Error(`no temporary password e-mailed to ${email}`);
  return match[1];
}

describe('POST /api/acesso/conta_criar with a new e-mail', () => {
  it('creates the user, the client, the link and the consent, and e-mails a temporary password', async () => {
    const body = payload();
    const before = Date.now();
    const response = await signUp(agent(), body);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(CONTA_MESSAGES.accountCreated);
    // No session before the address is proven (decision 017).
    expect(response.body.data).toEqual({
      ok: true,
      senha_digitar: false,
      sessao: null,
      evento: null,
      url: `${t.config.publicUrl}/login/${produto.id}`,
    });

    const user = await userByEmail(body.email);
    expect(user).toMatchObject({
      nome: 'Joana Prado',
      telefone_celular: '11987654321',
      senha_revalidar: true,
      nivel: null,
    });
    const client = await clientByDocument(body.cpfcnpj);
    expect(client).toMatchObject({ tipo_pessoa: 1, razao_social: 'Joana Prado', email: body.email });
    expect(client?.fatura_token.length).toBeGreaterThanOrEqual(43);
    const links = await t.db
      .select()
      .from(glClienteUsuario)
      .where(eq(glClienteUsuario.gl_usuario_id, user!.id));
    expect(links).toEqual([expect.objectContaining({ gl_cliente_id: client!.id, nivel: 10 })]);

    const consent = await t.db
      .select()
      .from(glUsuarioTermoAceite)
      .where(eq(glUsuarioTermoAceite.gl_usuario_id, user!.id));
    expect(consent.map((row) => [row.documento, row.versao]).sort()).toEqual([
      ['politica_privacidade', LEGAL_DOCUMENTS.politica_privacidade.versao],
      ['termos_uso', LEGAL_DOCUMENTS.termos_uso.versao],
    ]);
    for (const row of consent) {
      expect(row.ip).toBe(`10.7.0.${counter}`);
      expect(row.datahora_aceite.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }

    const mails = await mailsTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.assunto).toBe('Sua senha temporária de acesso - Exemplo Sistemas');
    const senha = await temporaryPasswordOf(body.email);
    expect(senha).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(await verifyPassword(user!.senha_hash, senha)).toBe(true);
    expect(mails[0]?.corpo_html).not.toContain(user!.senha_hash);
  });

  it('lets the person sign in with the e-mailed password, which must then be replaced (§4)', async () => {
    const body = payload();
    await signUp(agent(), body);
    const caller = agent();
    const login = await caller.post<LoginInfo>('/api/acesso/login', {
      email: body.email,
      senha: await temporaryPasswordOf(body.email),
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.senha_revalidar).toBe(true);
    expect(login.body.data.cliente?.razao_social).toBe('Joana Prado');
    expect(login.body.data.contrato_ultimo).toBeNull();
    // The password comes first: no 2FA offer yet, and nothing but conta_criar_senha goes through.
    expect(login.body.data.twofa_shouldAskCreate).toBe(false);
    const me = await caller.get('/api/gl_usuario/me');
    expect(me.status).toBe(403);
    expect(me.body.message).toBe('Defina uma nova senha para continuar.');
    const replaced = await caller.post('/api/acesso/conta_criar_senha', { senha: 'minha-senha-nova' });
    expect(replaced.status).toBe(200);
    expect((await caller.get('/api/gl_usuario/me')).status).toBe(200);
  });

  it('lets the temporary password work for 48 hours only (docs/decisions/017)', async () => {
    const body = payload();
    const before = Date.now();
    await signUp(agent(), body);
    const user = await userByEmail(body.email);
    const expires = user?.senha_temporaria_expira?.getTime() ?? 0;
    expect(expires - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(48 * 3600_000);
    await t.db
      .update(glUsuario)
      .set({ senha_temporaria_expira: new Date(Date.now() - 1000) })
      .where(eq(glUsuario.email, body.email));
    const login = await agent().post('/api/acesso/login', {
      email: body.email,
      senha: await temporaryPasswordOf(body.email),
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe(
      'Sua senha temporária expirou. Use "Esqueci minha senha" para receber um link e criar uma nova senha.',
    );
  });

  it('makes a company client for a CNPJ, numeric or alphanumeric, named after the company', async () => {
    for (const cpfcnpj of [randomCnpj(), '12.ABC.345/01DE-35']) {
      const body = payload({ cpfcnpj, empresa_nome: '  Prado Tecnologia Ltda ' });
      const response = await signUp(agent(), body);
      expect(response.status).toBe(200);
      const stored = cpfcnpj.replace(/[^0-9A-Z]/gi, '').toUpperCase();
      expect(await clientByDocument(stored)).toMatchObject({
        tipo_pessoa: 2,
        razao_social: 'Prado Tecnologia Ltda',
      });
    }
  });

  it('refuses a CNPJ without the company name, writing nothing', async () => {
    const body = payload({ cpfcnpj: randomCnpj(), empresa_nome: '' });
    const response = await signUp(agent(), body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ empresa_nome: ['Campo obrigatório.'] });
    expect(await userByEmail(body.email)).toBeUndefined();
    expect(await clientByDocument(body.cpfcnpj)).toBeUndefined();
  });

  it('refuses a CPF or CNPJ that already has a client, writing nothing (§4)', async () => {
    const existing = await createClient(t.db);
    const body = payload({ cpfcnpj: existing.cpfcnpj.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') });
    const response = await signUp(agent(), body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ cpfcnpj: [CONTA_MESSAGES.documentTaken] });
    expect(await userByEmail(body.email)).toBeUndefined();
    expect(await mailsTo(body.email)).toHaveLength(0);
  });

  it('with two simultaneous sign-ups of one e-mail, creates one account and prompts the other for the password', async () => {
    const email = uniqueEmail('cadastro');
    const answers = await Promise.all([
      signUp(agent(), payload({ email })),
      signUp(agent(), payload({ email })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.data.senha_digitar).sort()).toEqual([false, true]);
    const users = await t.db.select().from(glUsuario).where(sql`lower(${glUsuario.email}) = ${email}`);
    expect(users).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('with two simultaneous sign-ups of one CPF, creates one client and refuses the other', async () => {
    const cpfcnpj = randomCpf();
    const answers = await Promise.all([
      signUp(agent(), payload({ cpfcnpj })),
      signUp(agent(), payload({ cpfcnpj })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.status === 422);
    expect(refused?.body.errors).toEqual({ cpfcnpj: [CONTA_MESSAGES.documentTaken] });
    expect(await t.db.select().from(glCliente).where(eq(glCliente.cpfcnpj, cpfcnpj))).toHaveLength(1);
  });

  it('is refused for a product that does not allow sign-up, or does not exist', async () => {
    const closed = await createProduct(t.db, { cadastro_permitido: false });
    const body = payload({ gl_produto_id: closed.id });
    const refused = await signUp(agent(), body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CONTA_MESSAGES.signUpNotAllowed);
    expect(await userByEmail(body.email)).toBeUndefined();
    const unknown = await signUp(agent(), payload({ gl_produto_id: 999_999 }));
    expect(unknown.status).toBe(404);
  });
});

describe('§5 Sign-up field rules, each with its message and nothing written', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['nome missing', { nome: undefined }, { nome: ['Campo obrigatório.'] }],
    ['nome blank', { nome: '   ' }, { nome: ['Campo obrigatório.'] }],
    ['nome over 60', { nome: 'N'.repeat(61) }, { nome: ['Use no máximo 60 caracteres.'] }],
    ['email missing', { email: undefined }, { email: ['Campo de e-mail obrigatório.'] }],
    ['email blank', { email: '' }, { email: ['Campo de e-mail obrigatório.'] }],
    ['email invalid', { email: 'joana@' }, { email: ['Digite um e-mail válido.'] }],
    [
      'telefone_celular blank',
      { telefone_celular: '' },
      { telefone_celular: ['Campo obrigatório. Confira se os número estão corretos.'] },
    ],
    [
      'telefone_celular short',
      { telefone_celular: '(11) 9876-543' },
      { telefone_celular: ['Campo obrigatório. Confira se os número estão corretos.'] },
    ],
    ['cpfcnpj blank', { cpfcnpj: '' }, { cpfcnpj: ['Campo obrigatório.'] }],
    ['cpfcnpj bad check digit', { cpfcnpj: '529.982.247-24' }, { cpfcnpj: ['Digite um CPF ou CNPJ válido'] }],
    ['cpfcnpj identical digits', { cpfcnpj: '111.111.111-11' }, { cpfcnpj: ['Digite um CPF ou CNPJ válido'] }],
    ['empresa_nome over 60', { cpfcnpj: '11.222.333/0001-81', empresa_nome: 'E'.repeat(61) }, { empresa_nome: ['Use no máximo 60 caracteres.'] }],
    ['termos not accepted', { termos: false }, { termos: [TERMS_REQUIRED_MESSAGE] }],
    ['termos missing', { termos: undefined }, { termos: [TERMS_REQUIRED_MESSAGE] }],
  ];

  it.each(cases)('%s', async (_label, overrides, errors) => {
    const body = payload(overrides);
    const response = await signUp(agent(), body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
    if (typeof body.email === 'string' && body.email.includes('@teste')) {
      expect(await userByEmail(body.email)).toBeUndefined();
    }
  });
});

describe('POST /api/acesso/conta_criar with an e-mail that has an account', () => {
  it('asks for the password (senha_digitar) and writes nothing', async () => {
    const user = await createUser(t.db);
    const body = payload({ email: user.email.toUpperCase() });
    const response = await signUp(agent(), body);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(
      'Você já possui uma conta neste e-mail. Digite sua senha para continuar.',
    );
    expect(response.body.data).toEqual({
      ok: false,
      senha_digitar: true,
      sessao: null,
      evento: null,
      url: null,
    });
    expect(await clientByDocument(body.cpfcnpj)).toBeUndefined();
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('refuses a wrong password as a field error, creating no client', async () => {
    const user = await createUser(t.db);
    const body = payload({ email: user.email, senha: 'errada123' });
    const response = await signUp(agent(), body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ senha: [CONTA_MESSAGES.wrongPassword] });
    expect(await clientByDocument(body.cpfcnpj)).toBeUndefined();
  });

  it('with the right password, adds the client to the account and signs the person in', async () => {
    const user = await createUser(t.db, { nome: 'Carla Dias' });
    const caller = agent();
    const body = payload({
      email: user.email,
      senha: 'demo1234',
      nome: 'Carla Dias',
      cpfcnpj: randomCnpj(),
      empresa_nome: 'Dias Consultoria ME',
    });
    const response = await signUp(caller, body);
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({ ok: true, senha_digitar: false });
    expect(data.sessao?.token).toBeTruthy();
    expect(data.url).toContain(`evento_id=${data.evento?.id}`);

    const client = await clientByDocument(body.cpfcnpj);
    expect(client?.razao_social).toBe('Dias Consultoria ME');
    const [link] = await t.db
      .select()
      .from(glClienteUsuario)
      .where(and(eq(glClienteUsuario.gl_usuario_id, user.id), eq(glClienteUsuario.gl_cliente_id, client!.id)));
    expect(link?.nivel).toBe(10);
    expect(
      await t.db.select().from(glUsuarioTermoAceite).where(eq(glUsuarioTermoAceite.gl_usuario_id, user.id)),
    ).toHaveLength(2);

    // The session is the new client's, and the event gives the login info (§4 routing).
    const info = await caller.post<LoginInfo>('/api/acesso/evento_getInfo', {
      evento_id: data.evento?.id,
      evento_token: data.evento?.token,
    });
    expect(info.status).toBe(200);
    expect(info.body.data.cliente?.id).toBe(client!.id);
    const session = await caller.get<{ usuario: { id: number } | null }>('/api/sessao/web');
    expect(session.body.data.usuario?.id).toBe(user.id);
    // The existing user's own data is not overwritten by the form.
    expect((await userByEmail(user.email))?.telefone_celular).toBe(user.telefone_celular);
  });

  it('writes nothing for a 2FA user on an untrusted device until the code is right (review item 10)', async () => {
    const user = await createUser(t.db);
    const secret = testTotpSecret();
    await enableTwofa(t.db, user.id, secret);
    const caller = agent();
    const body = payload({ email: user.email, senha: 'demo1234' });
    const consents = async () =>
      (await t.db.select().from(glUsuarioTermoAceite).where(eq(glUsuarioTermoAceite.gl_usuario_id, user.id))).length;

    const missing = await signUp(caller, body);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ twofaCode: ['Por favor, insira o código de verificação.'] });
    const wrong = await signUp(caller, { ...body, twofaCode: totpCode(secret, { stepOffset: 5 }) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ twofaCode: ['Código inválido.'] });
    expect(await clientByDocument(body.cpfcnpj)).toBeUndefined();
    expect(await consents()).toBe(0);
    expect((await caller.get<{ usuario: unknown }>('/api/sessao/web')).body.data.usuario).toBeNull();

    const right = await signUp(caller, { ...body, twofaCode: totpCode(secret) });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ ok: true, senha_digitar: false });
    expect(right.body.data.sessao).not.toBeNull();
    expect(await clientByDocument(body.cpfcnpj)).toBeDefined();
    expect(await consents()).toBe(2);
  });

  it('signs in a user with 2FA on a trusted device', async () => {
    const user = await createUser(t.db);
    await enableTwofa(t.db, user.id, 'JBSWY3DPEHPK3PXP');
    const { cookieValue } = await createTrustedDevice(t.db, user.id);
    const caller = agent();
    caller.cookies.set(DEVICE_COOKIE, cookieValue);
    const response = await signUp(caller, payload({ email: user.email, senha: 'demo1234' }));
    expect(response.status).toBe(200);
    expect(response.body.data.sessao).not.toBeNull();
  });
});

describe('captcha', () => {
  it('is required with a captcha configured', async () => {
    const withCaptcha = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    try {
      const product = await createProduct(withCaptcha.db, { cadastro_permitido: true });
      const body = { ...payload({ gl_produto_id: product.id }), recaptcha: undefined };
      const response = await new ApiAgent(withCaptcha.app).post('/api/acesso/conta_criar', body);
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {})).toEqual(['recaptcha']);
      const [created] = await withCaptcha.db
        .select()
        .from(glUsuario)
        .where(eq(glUsuario.email, body.email));
      expect(created).toBeUndefined();
    } finally {
      await withCaptcha.close();
    }
  });
});
