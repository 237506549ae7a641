import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/helpers/factories.ts';
import { eventually } from '#tests/helpers/kept-reads.ts';
import { createTestDatabase, postgresUrlOf } from '#tests/helpers/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { createSession } from '../session/session-store.ts';
import { glAcessoTentativa, glUsuario } from './schema.ts';
import { countPostgresWrites, writeCountOf } from './write-count.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the embedded database counts the writes that may change a kept session lookup (decisions 091, 094)', () => {
  it('counts a statement that may change a table the session lookup reads, before and after it, and nothing else', async (context) => {
    if (database.kind !== 'pglite') return context.skip();
    const { db } = database;
    const count = writeCountOf(db);
    if (!count) throw new Error('no write count for PGlite');
    const value = () => count.value;

    let before = value();
    await db.select().from(glUsuario).limit(1);
    await db.execute(sql`select 1`);
    expect(value()).toBe(before);

    const user = await createUser(db);
    expect(value()).toBeGreaterThan(before);
    before = value();
    await db.update(glUsuario).set({ nome: 'Contada 2' }).where(eq(glUsuario.id, user.id));
    await db.delete(glUsuario).where(eq(glUsuario.id, -1));
    await db.execute(
      sql`with x as (update gl_usuario set nome = nome where id = -1 returning 1) select * from x`,
    );
    expect(value()).toBe(before + 6);

    // What the lookup does not read, and a new session (no one holds it): not counted.
    before = value();
    await db.insert(glAcessoTentativa).values({ chave: `contagem:${user.id}` });
    await db.execute(sql`update gl_usuario_acesso set ip = ip where id = -1`);
    await createSession(db, { usuarioId: user.id }, { ttlMs: 3600_000, absoluteTtlMs: 7200_000 });
    expect(value()).toBe(before);

    // A transaction counts when it writes one of the lookup's tables, and again when it ends.
    before = value();
    await db.transaction(async (tx) => {
      await tx.select().from(glUsuario).limit(1);
    });
    expect(value()).toBe(before);
    await db.transaction(async (tx) => {
      await tx.update(glUsuario).set({ nome: 'Na Transação' }).where(eq(glUsuario.id, user.id));
      expect(value()).toBe(before + 1);
    });
    expect(value()).toBe(before + 2);
    // Also one that fails.
    before = value();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(glUsuario).set({ nome: 'Desfeita' }).where(eq(glUsuario.id, user.id));
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    expect(value()).toBe(before + 2);
  });
});

describe('PostgreSQL counts its own writes and the changes other clients announce (decision 094)', () => {
  /** A connection of another client (another instance, a job, psql) to the same database. */
  async function otherClient(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: await postgresUrlOf(database) });
    await client.connect();
    return client;
  }

  it('counts once its listener listens: its own writes as on PGlite, another client\'s changes to what the session lookup reads when announced', async (context) => {
    if (database.kind !== 'postgres') return context.skip();
    const { db } = database;
    expect(await eventually(() => writeCountOf(db) !== undefined)).toBe(true);
    const count = writeCountOf(db);
    if (!count) throw new Error('no write count');
    const value = () => count.value;

    // Its own writes count at once, as on PGlite (their announcements come back later too).
    let before = value();
    await db.select().from(glUsuario).limit(1);
    expect(value()).toBe(before);
    const user = await createUser(db);
    expect(value()).toBeGreaterThan(before);
    before = value();
    await db.transaction(async (tx) => {
      await tx.update(glUsuario).set({ nome: 'Na Transação' }).where(eq(glUsuario.id, user.id));
      const during = value();
      expect(during).toBeGreaterThan(before);
      before = during;
    });
    // Its commit counts too: a read that overlapped it may have seen the row before.
    expect(value()).toBeGreaterThan(before);
    const session = await createSession(db, { usuarioId: user.id }, { ttlMs: 3600_000, absoluteTtlMs: 7200_000 });
    // The announcements of those writes arrive within milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const other = await otherClient();
    try {
      // What the lookup does not read, a new session and the once-a-minute last-seen write: no
      // announcement. The next announced change arrives after them, in order, on one connection.
      before = value();
      await other.query(`insert into gl_acesso_tentativa (chave, janela_inicio) values ('x', now())`);
      await other.query(`insert into gl_sessao (token_hash, gl_usuario_id, datahora_expira) values ('h', $1, now())`, [user.id]);
      await other.query(
        `update gl_sessao set datahora_ultimo_acesso = now(), datahora_expira = now() + interval '1 hour' where id = $1`,
        [session.id],
      );
      await other.query(`update gl_usuario set nome = 'Mudou em Outro Lugar' where id = $1`, [user.id]);
      expect(await eventually(() => value() > before)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(value()).toBe(before + 1);

      for (const change of [
        `update gl_sessao set gl_cliente_id = null where id = '${session.id}'`,
        `delete from gl_sessao where id = '${session.id}'`,
        `update gl_produto set nome = nome`,
        `update gl_contrato set ativo = ativo`,
        `update gl_cliente_usuario set nivel = nivel`,
      ]) {
        before = value();
        await other.query(change);
        expect(await eventually(() => value() > before), change).toBe(true);
      }
    } finally {
      await other.end();
    }
  });

  it('counts the end of a write when the write has ended, not when it was sent (pg-pool passes a callback)', async (context) => {
    if (database.kind !== 'postgres') return context.skip();
    const url = await postgresUrlOf(database);
    // A pool of its own, counted as the app's is, without a listener: only its own writes count.
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const key = {};
    countPostgresWrites([pool], key).listening(true);
    const value = () => writeCountOf(key)?.value ?? -1;
    const user = await createUser(database.db);
    const other = await otherClient();
    try {
      // Another client holds the person's row: the update waits for it.
      await other.query('begin');
      await other.query('select 1 from gl_usuario where id = $1 for update', [user.id]);
      const update = pool.query(`update gl_usuario set nome = 'Esperou' where id = $1`, [user.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Still running: a read now may see the row before it, so its end must count later.
      const during = value();
      await other.query('rollback');
      await update;
      expect(value()).toBeGreaterThan(during);
    } finally {
      await other.end();
      await pool.end();
    }
  });

  it('keeps nothing while its listener\'s connection is lost, and listens again by itself', async (context) => {
    if (database.kind !== 'postgres') return context.skip();
    const { db } = database;
    expect(await eventually(() => writeCountOf(db) !== undefined)).toBe(true);
    const other = await otherClient();
    try {
      const { rowCount } = await other.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      expect(rowCount).toBe(1);
      expect(await eventually(() => writeCountOf(db) === undefined)).toBe(true);
      expect(await eventually(() => writeCountOf(db) !== undefined, 5000)).toBe(true);
    } finally {
      await other.end();
    }
  });
});
