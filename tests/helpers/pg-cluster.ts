import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/**
 * A PostgreSQL cluster of a fault test's own (GUIDE: fault tests never stop the shared server):
 * `initdb` into a temporary folder, `pg_ctl` on a free port, and stopped, restarted, killed at
 * will. Root may not run initdb, so as root the commands run as the `postgres` user.
 */
export interface PgCluster {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  /** pg_ctl stop with a shutdown mode: smart, fast or immediate (a crash, for PostgreSQL). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): void;
  start(): void;
  restart(mode: 'fast' | 'immediate'): void;
  /** pg_terminate_backend of every connection to `database` (57P01 for each client). */
  terminateConnections(database: string): Promise<number>;
  /** Stops the cluster and removes its folder. */
  destroy(): void;
}

/** Where Debian puts the server binaries (they are not on PATH), newest version first. */
function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((name) => existsSync(path.join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/** Why a cluster cannot be started here, or null when it can. */
export function pgClusterUnavailable(): string | null {
  return postgresBinDir() ? null : 'initdb/pg_ctl não encontrados em /usr/lib/postgresql/*/bin';
}

function runAsUser(): { uid: number; gid: number; prefix: string[] } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid, prefix: ['runuser', '-u', 'postgres', '--'] };
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(pgClusterUnavailable() ?? 'PostgreSQL binaries missing');
  const user = runAsUser();
  const root = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = user ? [...user.prefix, path.join(bin, command), ...args] : [path.join(bin, command), ...args];
    execFileSync(file!, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '30', 'start']);
  const stop = (mode: 'smart' | 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  start();

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    createDatabase: (name) => admin(async (client) => void (await client.query(`CREATE DATABASE ${name}`))),
    stop,
    start,
    restart: (mode) => {
      stop(mode);
      start();
    },
    terminateConnections: (database) =>
      admin(async (client) => {
        const { rowCount } = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        return rowCount ?? 0;
      }),
    destroy: () => {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
