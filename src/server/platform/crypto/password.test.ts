import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { hash as argon2Hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '#tests/helpers/api-agent.ts';
import { createProduct, createUser } from '#tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { glAcessoTentativa, glUsuario } from '../db/schema.ts';
import { UnavailableError } from '../errors.ts';
import { HashQueue, hashPassword, needsRehash, setHashQueue, UNKNOWN_USER_PASSWORD_HASH, verifyPassword } from './password.ts';

let t: TestApp;
let produto: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  produto = await createProduct(t.db);
});
afterAll(() => t.close());

let addressCounter = 0;
const freshAgent = () => new ApiAgent(t.app, { remoteAddress: `10.15.0.${++addressCounter}` });
const login = (agent: ApiAgent, email: string) =>
  agent.post('/api/acesso/login', { email, senha: 'demo1234', recaptcha: 'ok', gl_produto_id: produto.id });

const storedHash = async (id: number) =>
  (await t.db.select({ senha_hash: glUsuario.senha_hash }).from(glUsuario).where(eq(glUsuario.id, id)))[0]?.senha_hash;

describe('password hashing (decision 060)', () => {
  it("hashes with argon2id and OWASP's parameters: m=19 MiB, t=2, p=1", async () => {
    const hash = await hashPassword('demo1234');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'demo1234')).toBe(true);
    expect(await verifyPassword(hash, 'demo12345')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('checks an unknown e-mail against a hash of the current parameters, which no password matches', async () => {
    // Same parameters, same work: the answer takes as long as for a known e-mail.
    expect(needsRehash(UNKNOWN_USER_PASSWORD_HASH)).toBe(false);
    for (const password of ['', 'demo1234', 'senha']) expect(await verifyPassword(UNKNOWN_USER_PASSWORD_HASH, password)).toBe(false);
  });

  it('recognises hashes of the old parameters, of another argon2 type and malformed ones as due for a rehash', async () => {
    // Algorithm: 1 is argon2i, 2 argon2id (const enums of @node-rs/argon2).
    expect(needsRehash(await argon2Hash('demo1234', { algorithm: 2, memoryCost: 65536, timeCost: 3, parallelism: 4 }))).toBe(true);
    expect(needsRehash(await argon2Hash('demo1234', { algorithm: 1, memoryCost: 19456, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash('x')).toBe(true);
    // The `argon2` package, used before decision 084, wrote the same parameters in another order.
    expect(needsRehash('$argon2id$v=19$m=19456,p=1,t=2$YWJjZGVmZ2hpamtsbW5vcA$ZJ4RqMx2H2FZ6EGZfRP4c9mWLUSa9JjG6yQ2RkDmZbk')).toBe(false);
  });

  // Decision 084: while sign-ins hash, the event loop keeps its share of the cores.
  it.runIf(process.platform === 'linux')('hashes on threads below the event loop\'s priority', async () => {
    expect(await verifyPassword(await hashPassword('demo1234'), 'demo1234')).toBe(true);
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (proc(5)).
    const niceOf = (task: string) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
    const levels = readdirSync('/proc/self/task').map(niceOf);
    expect(niceOf(String(process.pid))).toBe(0);
    expect(levels.filter((level) => level === 19).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps a process alive while a hash runs, and not once it is done (a script ends by itself)', () => {
    const script = `const { hashPassword } = await import(${JSON.stringify(new URL('./password.ts', import.meta.url).href)}); console.log(await hashPassword('demo1234'));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\$argon2id\$/);
  });

  it('runs at most `concurrency` hashes at once and refuses past its bound at once, with a Retry-After', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 3 });
    let running = 0;
    let mostAtOnce = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<string>((resolve) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        releases.push(() => {
          running--;
          resolve('ok');
        });
      });
    const results = Array.from({ length: 7 }, () => queue.run(work).then((value) => value, (error: unknown) => error));
    // Let the first two start.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(running).toBe(2);
    for (let released = 0; released < 5; released++) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const settled = await Promise.all(results);
    expect(mostAtOnce).toBe(2);
    expect(settled.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    for (const refused of settled.slice(5)) {
      expect(refused).toBeInstanceOf(UnavailableError);
      expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 2 });
    }
    // Once it drained, it takes work again.
    const late = queue.run(() => Promise.resolve('later'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    releases.shift()?.();
    expect(await late).toBe('later');
  });
});

describe('POST /api/acesso/login and the password hash', () => {
  it('signs in with a hash of the old parameters (m=64 MiB, t=3, p=4) and replaces it with the new ones', async () => {
    const oldHash = await argon2Hash('demo1234', { algorithm: 2, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    const user = await createUser(t.db, { senha_hash: oldHash });

    const first = await login(freshAgent(), user.email);
    expect(first.status).toBe(200);
    const rehashed = await storedHash(user.id);
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(rehashed ?? '', 'demo1234')).toBe(true);

    // The new hash signs in, and is kept as it is.
    expect((await login(freshAgent(), user.email)).status).toBe(200);
    expect(await storedHash(user.id)).toBe(rehashed);
  });

  it('keeps the old hash after a wrong password', async () => {
    const oldHash = await argon2Hash('demo1234', { algorithm: 2, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    const user = await createUser(t.db, { senha_hash: oldHash });
    const response = await freshAgent().post('/api/acesso/login', {
      email: user.email,
      senha: 'errada123',
      recaptcha: 'ok',
      gl_produto_id: produto.id,
    });
    expect(response.status).toBe(401);
    expect(await storedHash(user.id)).toBe(oldHash);
  });

  it('answers 503 with Retry-After when the hashing queue is full, and counts no failed attempt', async () => {
    const user = await createUser(t.db);
    const agent = freshAgent();
    await agent.get('/api/sessao/web');
    const full = new HashQueue({ concurrency: 1, maxWaiting: 0 });
    let release = () => {};
    const busy = full.run(() => new Promise<void>((resolve) => (release = resolve)));
    const previous = setHashQueue(full);
    try {
      const response = await login(agent, user.email);
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.body).toEqual({
        status: 503,
        message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        errors: null,
        warnings: [],
        data: null,
        code: 'password_queue_full',
      });
    } finally {
      release();
      await busy;
      setHashQueue(previous);
    }
    const failures = await t.db.select().from(glAcessoTentativa);
    expect(failures.filter((row) => row.chave.includes(user.email.toLowerCase()))).toEqual([]);
    // The queue drained: the same person signs in.
    expect((await login(agent, user.email)).status).toBe(200);
  });
});
