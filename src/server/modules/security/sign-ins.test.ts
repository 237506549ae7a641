import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInHistoryResponse } from '#shared/schemas/security';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser, enableTwofa, signedInAgent } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { testTotpSecret } from '#tests/helpers/totp.ts';
import { accountAddressKey } from '../../platform/throttle/throttle.ts';
import { glAcessoTentativa, glEmailSaida } from '../../platform/db/schema.ts';
import { recordRefusedSignIn, signInsQuery } from './sign-ins.ts';

let t: TestApp;
let produtoId: number;
beforeAll(async () => {
  t = await createTestApp();
  produtoId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let address = 0;
/** A browser: its own cookies (so its own `portal_navegador`), address and user agent. */
function browser(userAgent = FIREFOX) {
  const ip = `10.17.0.${++address}`;
  const agent = new ApiAgent(t.app, { remoteAddress: ip });
  const login = (email: string, overrides: Record<string, unknown> = {}) =>
    agent.request('POST', '/api/acesso/login', {
      body: { email, senha: 'demo1234', recaptcha: 'ok', gl_produto_id: produtoId, ...overrides },
      headers: { 'user-agent': userAgent },
    });
  return { agent, ip, login };
}

const history = async (agent: ApiAgent) =>
  (await agent.get<SignInHistoryResponse>('/api/gl_usuario/me/acessos')).body.data.acessos;

/** The new-browser alerts queued in the outbox for an address. */
const alertsTo = (email: string) =>
  t.db
    .select()
    .from(glEmailSaida)
    .where(and(eq(glEmailSaida.destinatario, email), like(glEmailSaida.assunto, 'Novo acesso à sua conta%')));

describe('sign-in history (GET /api/gl_usuario/me/acessos)', () => {
  it('shows a wrong-password attempt and the sign-in after it, newest first, with date, address and browser', async () => {
    const user = await createUser(t.db);
    const laptop = browser(FIREFOX);
    expect((await laptop.login(user.email, { senha: 'errada123' })).status).toBe(401);
    expect((await laptop.login(user.email)).status).toBe(200);

    const events = await history(laptop.agent);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ tipo: 'sucesso', ip: laptop.ip, navegador: 'Firefox 133', sistema: 'Windows 10' });
    expect(events[1]).toMatchObject({ tipo: 'senha_incorreta', ip: laptop.ip, navegador: 'Firefox 133', sistema: 'Windows 10' });
    expect(Date.parse(events[1]!.datahora_criado)).toBeLessThanOrEqual(Date.parse(events[0]!.datahora_criado));
    expect(Date.parse(events[0]!.datahora_criado)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records a wrong 2FA code and an attempt refused by the lock, and only for that person', async () => {
    const user = await createUser(t.db);
    await enableTwofa(t.db, user.id, testTotpSecret());
    const phone = browser(CHROME);
    const wrongCode = await phone.login(user.email, { twofaCode: '000000' });
    expect(wrongCode.status).toBe(422);
    // The account is locked from this address (decision 010): the right password is refused unchecked.
    await t.db.insert(glAcessoTentativa).values({
      chave: accountAddressKey(user.email, phone.ip),
      falhas: 10,
      bloqueado_ate: new Date(Date.now() + 15 * 60_000),
    });
    expect((await phone.login(user.email)).status).toBe(401);

    const owner = await signedInAgent(t, user.id);
    expect((await history(owner)).map((event) => event.tipo)).toEqual(['bloqueado', 'codigo_incorreto']);
    const stranger = await signedInAgent(t, (await createUser(t.db)).id);
    expect(await history(stranger)).toEqual([]);
  });

  it('shows the last 30 events only, and none to a visitor', async () => {
    const user = await createUser(t.db);
    const base = Date.now() - 3600_000;
    for (let i = 0; i < 35; i++) {
      await recordRefusedSignIn(t.db, { usuarioId: user.id, tipo: 'senha_incorreta', ip: `10.99.0.${i}` }, new Date(base + i * 1000));
    }
    const events = await history(await signedInAgent(t, user.id));
    expect(events).toHaveLength(30);
    expect(events[0]?.ip).toBe('10.99.0.34');
    expect(events[29]?.ip).toBe('10.99.0.5');
    expect((await new ApiAgent(t.app).get('/api/gl_usuario/me/acessos')).status).toBe(401);
  });
});

describe('new-browser alert (decision 071)', () => {
  it('a first sign-in from a new browser queues exactly one alert; a second from the same browser none', async () => {
    const user = await createUser(t.db, { nome: 'Ana Lima' });
    const laptop = browser(FIREFOX);
    expect((await laptop.login(user.email)).status).toBe(200);
    const alerts = await alertsTo(user.email);
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert?.corpo_texto).toContain('Olá, Ana Lima.');
    expect(alert?.corpo_texto).toContain('Navegador: Firefox 133 em Windows 10');
    expect(alert?.corpo_texto).toContain(`Endereço IP: ${laptop.ip}`);
    expect(alert?.corpo_texto).toMatch(/Quando: \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} \(horário de Brasília\)/);
    expect(alert?.corpo_texto).toContain('Sessões ativas: http://localhost:3000/me/seguranca#sessoes');
    expect(alert?.corpo_texto).toContain('Alterar a senha: http://localhost:3000/me/meusdados');
    expect(alert?.corpo_html).toContain('href="http://localhost:3000/me/seguranca#sessoes"');

    // The same browser again, after a logout too: it keeps its browser cookie.
    expect((await laptop.login(user.email)).status).toBe(200);
    await laptop.agent.post('/api/acesso/logout');
    expect((await laptop.login(user.email)).status).toBe(200);
    expect(await alertsTo(user.email)).toHaveLength(1);

    // Another browser (even with the same user agent) is new; a refused attempt alerts nobody.
    const other = browser(FIREFOX);
    expect((await other.login(user.email, { senha: 'errada123' })).status).toBe(401);
    expect(await alertsTo(user.email)).toHaveLength(1);
    expect((await other.login(user.email)).status).toBe(200);
    expect(await alertsTo(user.email)).toHaveLength(2);
  });

  it('a browser shared by two people is new for each of them once', async () => {
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    const shared = browser();
    await shared.login(first.email);
    await shared.agent.post('/api/acesso/logout');
    await shared.login(second.email);
    await shared.agent.post('/api/acesso/logout');
    await shared.login(first.email);
    expect(await alertsTo(first.email)).toHaveLength(1);
    expect(await alertsTo(second.email)).toHaveLength(1);
  });

  it('concurrent first sign-ins from one new browser queue one alert', async () => {
    const user = await createUser(t.db);
    const laptop = browser();
    // The browser cookie comes from a first sign-in of someone else on this browser.
    await laptop.login((await createUser(t.db)).email);
    const results = await Promise.all(Array.from({ length: 5 }, () => laptop.login(user.email)));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await alertsTo(user.email)).toHaveLength(1);
  });
});

describe('the sign-in history at scale (issue 37)', () => {
  it("reads a person's newest sign-ins from their index in its order, without sorting all of them", async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const attacked = await createUser(t.db);
    const other = await createUser(t.db);
    await t.db.execute(sql`
      insert into gl_usuario_acesso (gl_usuario_id, tipo, ip, datahora_criado)
      select case when i % 2 = 0 then ${attacked.id}::int else ${other.id}::int end, 'senha_incorreta', '203.0.113.9',
             now() - (i || ' minutes')::interval
        from generate_series(1, 6000) as i
    `);
    await t.db.execute(sql`analyze gl_usuario_acesso`);
    const query = signInsQuery(t.db, attacked.id).toSQL();
    const plan = (await t.db.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as { rows: { 'QUERY PLAN': string }[] };
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    expect(lines.join('\n')).toContain('gl_usuario_acesso_gl_usuario_id_idx');
    // An incremental sort on the id of rows with the same instant is fine; a sort of them all is not.
    expect(lines.filter((line) => /(^|->)\s*Sort\s+\(/.test(line.trim()))).toEqual([]);
  });
});

/** The statement with its parameters written in (numbers and quoted text only), for EXPLAIN. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
