/**
 * The reference server of the load benchmark (load.bench.ts): the least work an HTTP API on the
 * same stack can do per request, to compare the portal with. Plain Fastify, no plugins; GET
 * /one-row reads one row by primary key and answers it as JSON. POST /sign-in is the least a
 * sign-in can do: read the person's hash by e-mail, verify the password (the app's library and
 * parameters, on libuv's pool), write a session row and set its cookie; the person is
 * referencia@teste.com.br with the password REFERENCE_PASSWORD. On PostgreSQL
 * (REFERENCE_PG_URL) through a pg pool of 10, as the portal's; on PGlite (REFERENCE_PGLITE_DIR)
 * in-process, as the portal's embedded database. Listens on 127.0.0.1:PORT; prints "ready" when
 * it serves.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import pg from 'pg';
import { PASSWORD_HASH_OPTIONS } from '../../../src/server/platform/crypto/password.ts';

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

async function open(): Promise<{ query: Query; close: () => Promise<void> }> {
  const pgUrl = process.env.REFERENCE_PG_URL;
  if (pgUrl) {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 10 });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const dir = process.env.REFERENCE_PGLITE_DIR;
  if (!dir) throw new Error('REFERENCE_PG_URL or REFERENCE_PGLITE_DIR is required');
  const client = await PGlite.create({ dataDir: dir });
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}

const database = await open();
await database.query(
  'create table if not exists referencia (id integer primary key, nome text not null, email text not null, senha_hash text not null)',
  [],
);
await database.query(
  'create table if not exists referencia_sessao (token text primary key, referencia_id integer not null, criada timestamptz not null default now())',
  [],
);
await database.query(
  `insert into referencia values (1, 'Pessoa de Referência', $1, $2) on conflict (id) do nothing`,
  ['referencia@teste.com.br', await argon2Hash(process.env.REFERENCE_PASSWORD ?? '', PASSWORD_HASH_OPTIONS)],
);

const app = Fastify({ logger: false });
app.get('/one-row', async () => {
  const { rows } = await database.query('select id, nome, email from referencia where id = $1', [1]);
  return rows[0];
});
app.post('/sign-in', async (request, reply) => {
  const { email, senha } = request.body as { email: string; senha: string };
  const { rows } = await database.query('select id, senha_hash from referencia where email = $1', [email]);
  const person = rows[0] as { id: number; senha_hash: string } | undefined;
  if (!person || !(await argon2Verify(person.senha_hash, senha))) return reply.code(401).send({ signedIn: false });
  const token = randomBytes(32).toString('base64url');
  await database.query('insert into referencia_sessao (token, referencia_id) values ($1, $2)', [token, person.id]);
  reply.header('set-cookie', `referencia=${token}; Path=/; HttpOnly; SameSite=Lax`);
  return { signedIn: true, id: person.id };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}
