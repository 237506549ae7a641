import type pg from 'pg';
import type { AnnouncedChanges } from './write-count.ts';

/** The channel migration 0009's triggers announce session-related changes on (decision 094). */
const CHANNEL = 'sessao_alterada';

/** Waits before listening again after a failure: doubling from half a second up to 30 s. */
const retryDelayMs = (failures: number) => Math.min(30_000, 500 * 2 ** Math.min(failures - 1, 6));

interface ListenerLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface ChangeListener {
  close(): Promise<void>;
}

/**
 * A PostgreSQL connection of its own (not the pool's: the pool closes idle connections) that
 * LISTENs on the channel and reports each announcement, and whether it listens, to `changes`
 * (write-count.ts). A lost connection (a restart, a terminated backend, a network failure found by
 * keepalive) stops the keeping of lookups at once and is retried with a growing delay until
 * closed; it never ends the process.
 */
export function listenForChanges(
  Client: typeof pg.Client,
  config: pg.ClientConfig,
  changes: AnnouncedChanges,
  log: ListenerLog,
): ChangeListener {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const connect = async () => {
    retry = null;
    if (closed) return;
    const client = new Client({ ...config, keepAlive: true });
    current = client;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      changes.listening(false);
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (closed) return;
      failures += 1;
      if (failures === 1) {
        log.warn(
          { err: error && { message: error.message, code: (error as { code?: unknown }).code } },
          'PostgreSQL change listener lost: session lookups are read from the database until it listens again',
        );
      }
      retry = setTimeout(() => void connect(), retryDelayMs(failures));
      retry.unref();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', () => changes.changed());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      drop(error as Error);
      return;
    }
    if (dropped || closed) return;
    if (failures > 0) log.info({}, 'PostgreSQL change listener listening again');
    failures = 0;
    changes.listening(true);
  };
  void connect();

  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      changes.listening(false);
      await current?.end().catch(() => undefined);
    },
  };
}
