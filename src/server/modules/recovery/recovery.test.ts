import { PGlite, type Transaction } from '@electric-sql/pglite';
import { count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTA_MESSAGES } from '#shared/messages';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import {
  createProduct,
  createUser,
  enableTwofa,
  signedInAgent,
} from '#tests/helpers/factories.ts';
import { eventually } from '#tests/helpers/kept-reads.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { verifyPassword } from '../../platform/crypto/password.ts';
import type { Database, DatabaseHandle } from '../../platform/db/database.ts';
import { glEmailSaida, glUsuario, glUsuarioSenhaPedido, glUsuarioSenhaToken } from '../../platform/db/schema.ts';
import { hashToken } from '../../platform/session/tokens.ts';
import {
  processResetRequests,
  queueResetRequest,
  RESET_MAILS_PER_HOUR,
  RESET_TOKEN_TTL_MS,
} from './service.ts';
import { resetRequestSweep, startResetRequestWorker } from './worker.ts';

/**
 * Every statement sent to the databases, in order, on either driver, transactions included
 * (decision 101's test of the request's own work). tests/helpers/kept-reads.ts's spy sees
 * neither a PGlite transaction's statements nor a pg transaction's (they go through the pooled
 * client), so the spies here are on PGlite's query and transaction and on pg.Client's query,
 * set before the databases open (the drivers' wrappers bind them then).
 */
const statements: string[] = [];
const textOf = (query: unknown) =>
  typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text);
/** A prototype's method (its own or inherited), to call from its spy with the spied object as `this`. */
function original<F>(prototype: object, name: string): F {
  for (let at: object | null = prototype; at; at = Object.getPrototypeOf(at) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(at, name);
    if (descriptor) return descriptor.value as F;
  }
  throw new Error(`no method ${name}`);
}
const pgliteQuery = original<(this: PGlite, ...args: Parameters<PGlite['query']>) => ReturnType<PGlite['query']>>(
  PGlite.prototype,
  'query',
);
const pgliteTransaction = original<(this: PGlite, callback: (tx: Transaction) => Promise<unknown>) => Promise<unknown>>(
  PGlite.prototype,
  'transaction',
);
const pgQuery = original<(this: pg.Client, ...args: unknown[]) => unknown>(pg.Client.prototype, 'query');
const spies = [
  vi.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, ...args) {
    statements.push(textOf(args[0]));
    return pgliteQuery.apply(this, args);
  }),
  vi.spyOn(PGlite.prototype, 'transaction').mockImplementation(function <T>(
    this: PGlite,
    callback: (tx: Transaction) => Promise<T>,
  ) {
    statements.push('BEGIN');
    return pgliteTransaction
      .call(this, (tx: Transaction) => {
        const query = tx.query.bind(tx);
        tx.query = ((...args: Parameters<Transaction['query']>) => {
          statements.push(textOf(args[0]));
          return query(...args);
        }) as Transaction['query'];
        return callback(tx);
      })
      .finally(() => statements.push('END'));
  }),
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    statements.push(textOf(args[0]));
    return pgQuery.apply(this, args) as never;
  }),
];
afterAll(() => {
  for (const spy of spies) spy.mockRestore();
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PROVIDER_NAME: 'Exemplo Sistemas' } });
});
afterAll(() => t.close());

const SENT = 'As instruções para recuperar sua senha foram enviadas para seu e-mail.';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const requestReset = (email: string, agent = new ApiAgent(t.app)) =>
  agent.post('/api/acesso/recuperar_email', { email, recaptcha: 'ok' });
const reset = (token: string, senha: string, agent = new ApiAgent(t.app)) =>
  agent.post('/api/acesso/recuperar_token', { token, senha });

const processingOptions = () => ({ publicUrl: t.config.publicUrl, providerName: t.config.PROVIDER_NAME });
const queued = async (db: Database = t.db) =>
  (await db.select({ total: count() }).from(glUsuarioSenhaPedido))[0]?.total ?? 0;

/**
 * Handles what recuperar_email queued and waits for the run the route triggered after its answer
 * (decision 101): both take rows FOR UPDATE SKIP LOCKED, so the rows the other holds are gone,
 * with their e-mails written, once that one commits.
 */
async function processQueue(): Promise<void> {
  // The trigger starts on the turn after the answer; let it have its turn first.
  await new Promise((resolve) => setImmediate(resolve));
  for (let attempt = 0; attempt < 500; attempt++) {
    await processResetRequests(t.db, processingOptions());
    if ((await queued()) === 0) return;
    await pause(10);
  }
  throw new Error('reset requests still queued');
}

const outbox = (email: string, db: Database = t.db) =>
  db.select().from(glEmailSaida).where(eq(glEmailSaida.destinatario, email)).orderBy(glEmailSaida.id);
/** The e-mails to the address, once the requests queued so far have been handled. */
const mailsTo = async (email: string) => {
  await processQueue();
  return outbox(email);
};
const tokensOf = (usuarioId: number, db: Database = t.db) =>
  db.select().from(glUsuarioSenhaToken).where(eq(glUsuarioSenhaToken.gl_usuario_id, usuarioId));
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
    // The route's own run and parallel callers taking one request per transaction: on PostgreSQL
    // the transactions for the one account take turns on its row lock, and the limit holds.
    await Promise.all(
      Array.from({ length: 8 }, () => processResetRequests(t.db, { ...processingOptions(), batchSize: 1 })),
    );
    expect(await mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
    expect(await tokensOf(user.id)).toHaveLength(RESET_MAILS_PER_HOUR);
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

describe('reset requests: queued by the route, handled after the answer (decision 101)', () => {
  /** Waits until no statement has been sent for 50 ms (at most 3 s): a run finishing its work. */
  async function untilQuiet(): Promise<void> {
    for (let seen = -1, waited = 0; seen !== statements.length && waited < 3000; waited += 50) {
      seen = statements.length;
      await pause(50);
    }
  }

  it('does the same database work for a known, an unknown and an inactive address: one insert, then the answer', async () => {
    const known = await createUser(t.db);
    const inactive = await createUser(t.db, { ativo: false });
    const agent = new ApiAgent(t.app);
    // The CSRF cookie first, so every request below is the same call.
    expect((await agent.get('/api/sessao/web')).status).toBe(200);
    const work: string[][] = [];
    for (const email of [known.email, 'ninguem.aqui@teste.com.br', inactive.email]) {
      await processQueue();
      await untilQuiet();
      const from = statements.length;
      const response = await requestReset(email, agent);
      // What the database got until the answer came back: the route's trigger starts its run on
      // a later turn of the event loop than the one that resolves the answer here.
      work.push(statements.slice(from));
      expect(response.body.message).toBe(SENT);
    }
    expect(work[1]).toEqual(work[0]);
    expect(work[2]).toEqual(work[0]);
    expect(work[0]).toHaveLength(1);
    expect(work[0]?.[0]).toMatch(/^insert into "gl_usuario_senha_pedido" /);
    // Moved after the answer, not dropped: the known address gets its link, the others nothing.
    expect(await mailsTo(known.email)).toHaveLength(1);
    expect(await mailsTo(inactive.email)).toHaveLength(0);
    expect(await tokensOf(inactive.id)).toHaveLength(0);
  });

  it('is handled by the instance that answered, right after the answer', async () => {
    const user = await createUser(t.db);
    expect((await requestReset(user.email)).status).toBe(200);
    // Nobody calls processResetRequests here: the route's own trigger does.
    expect(await eventually(async () => (await outbox(user.email)).length === 1)).toBe(true);
    expect(await tokensOf(user.id)).toHaveLength(1);
  });

  describe('processResetRequests and the sweep', () => {
    // A database no app runs on: only the callers of each test take its requests.
    let quiet: DatabaseHandle;
    beforeAll(async () => {
      quiet = await createTestDatabase();
    });
    afterAll(() => quiet.close());

    it('handles each queued request once, however many callers run at once (PostgreSQL)', async () => {
      const db = quiet.db;
      const people = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
      const busy = await createUser(db);
      const inactive = await createUser(db, { ativo: false });
      const emails = [
        ...people.map((person) => person.email),
        ...Array.from({ length: 5 }, () => busy.email),
        'ninguem.aqui@teste.com.br',
        inactive.email,
      ];
      for (const email of emails) await queueResetRequest(db, email);

      // Small batches, so the callers' transactions interleave and contend for the same rows.
      const handled = await Promise.all(
        Array.from({ length: 6 }, () => processResetRequests(db, { ...processingOptions(), batchSize: 2 })),
      );
      expect(handled.reduce((sum, n) => sum + n, 0)).toBe(emails.length);
      expect(await queued(db)).toBe(0);
      for (const person of people) {
        expect(await outbox(person.email, db)).toHaveLength(1);
        expect(await tokensOf(person.id, db)).toHaveLength(1);
      }
      expect(await outbox(busy.email, db)).toHaveLength(RESET_MAILS_PER_HOUR);
      expect(await tokensOf(busy.id, db)).toHaveLength(RESET_MAILS_PER_HOUR);
      expect(await processResetRequests(db, processingOptions())).toBe(0);
    });

    it('leaves no row behind for an unknown or inactive address, and sends nothing', async () => {
      const db = quiet.db;
      const inactive = await createUser(db, { ativo: false });
      const [mailsBefore] = await db.select({ total: count() }).from(glEmailSaida);
      await queueResetRequest(db, '  Ninguem.Aqui@Teste.com.br ');
      await queueResetRequest(db, inactive.email.toUpperCase());
      // Kept as the look-up compares it: trimmed, lower-cased.
      const rows = await db.select({ email: glUsuarioSenhaPedido.email }).from(glUsuarioSenhaPedido);
      expect(rows.map((row) => row.email).sort()).toEqual(['ninguem.aqui@teste.com.br', inactive.email].sort());

      expect(await processResetRequests(db, processingOptions())).toBe(2);
      expect(await queued(db)).toBe(0);
      expect(await tokensOf(inactive.id, db)).toHaveLength(0);
      const [mailsAfter] = await db.select({ total: count() }).from(glEmailSaida);
      expect(mailsAfter?.total).toBe(mailsBefore?.total);
      const sent = await db
        .select()
        .from(glEmailSaida)
        .where(inArray(glEmailSaida.destinatario, ['ninguem.aqui@teste.com.br', inactive.email]));
      expect(sent).toHaveLength(0);
    });

    it('handles a request whose trigger was lost (the instance stopped after answering) at the next sweep', async () => {
      const db = quiet.db;
      const user = await createUser(db);
      // Answered, then stopped before its trigger ran: the queued row is all there is.
      await queueResetRequest(db, user.email);
      const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      expect(await resetRequestSweep({ db, ...processingOptions(), log })()).toBe(1);
      expect(log.info).toHaveBeenCalledWith({ requests: 1 }, 'password reset requests processed');
      expect(await outbox(user.email, db)).toHaveLength(1);
      expect(await tokensOf(user.id, db)).toHaveLength(1);
      expect(await queued(db)).toBe(0);

      // The worker main.ts starts runs that sweep by itself at its interval.
      const later = await createUser(db);
      await queueResetRequest(db, later.email);
      const worker = startResetRequestWorker({ db, ...processingOptions(), log, intervalMs: 20 });
      try {
        expect(await eventually(async () => (await outbox(later.email, db)).length === 1)).toBe(true);
      } finally {
        await worker.stop();
      }
      expect(await queued(db)).toBe(0);
      expect(log.warn).not.toHaveBeenCalled();
      expect(log.error).not.toHaveBeenCalled();
    });

    it('leaves the requests of a failed batch queued for the next run', async () => {
      const db = quiet.db;
      const user = await createUser(db);
      await queueResetRequest(db, user.email);
      // The link cannot be built (no URL to build it on): the batch's transaction rolls back.
      await expect(processResetRequests(db, { ...processingOptions(), publicUrl: 'sem-url' })).rejects.toThrow();
      expect(await queued(db)).toBe(1);
      expect(await tokensOf(user.id, db)).toHaveLength(0);
      expect(await outbox(user.email, db)).toHaveLength(0);

      expect(await processResetRequests(db, processingOptions())).toBe(1);
      expect(await outbox(user.email, db)).toHaveLength(1);
      expect(await queued(db)).toBe(0);
    });
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
    // The login the page goes to starts with this e-mail (issue 38).
    expect(response.body.data).toEqual({ email: user.email });
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
