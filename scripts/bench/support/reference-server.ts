/**
 * The reference server of the load benchmark (load.bench.ts): the least work an HTTP API on the
 * same stack can do per request, to compare the portal with. Plain Fastify, no plugins; GET
 * /one-row reads one row by primary key and answers it as JSON. On PostgreSQL (REFERENCE_PG_URL)
 * through a pg pool of 10, as the portal's; on PGlite (REFERENCE_PGLITE_DIR) in-process, as the
 * portal's embedded database. Listens on 127.0.0.1:PORT; prints "ready" when it serves.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

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
await database.query('create table if not exists referencia (id integer primary key, nome text not null, email text not null)', []);
await database.query(
  `insert into referencia values (1, 'Pessoa de Referência', 'referencia@teste.com.br') on conflict (id) do nothing`,
  [],
);

const app = Fastify({ logger: false });
app.get('/one-row', async () => {
  const { rows } = await database.query('select id, nome, email from referencia where id = $1', [1]);
  return rows[0];
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}
