/**
 * A throwaway PostgreSQL database for a benchmark: created on DATABASE_URL's server (or a local
 * one at postgres://postgres@127.0.0.1:5432), dropped afterwards. Null when no server answers.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  url: string;
  serverVersion: string;
  drop(): Promise<void>;
  /** Leaves the database as it is (to study it afterwards). */
  keep(): Promise<void>;
}

export async function throwawayDatabase(): Promise<ThrowawayDatabase | string> {
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL at ${new URL(base).host} is not reachable (${(error as Error).message})`;
  }
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    serverVersion: rows[0]?.server_version ?? '',
    keep: () => admin.end(),
    drop: async () => {
      // pg's pool.end() resolves before its sockets are closed; a forced drop would hit them.
      for (let tries = 0; tries < 50; tries++) {
        const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
