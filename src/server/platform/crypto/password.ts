import { availableParallelism } from 'node:os';
import { parseOptions, type Options } from '@node-rs/argon2';
import pLimit, { type LimitFunction } from 'p-limit';
import { UnavailableError } from '../errors.ts';
import { HashThreads } from './hash-threads.ts';
import { observeHashQueue } from '../observability/metrics.ts';

/**
 * argon2id with OWASP's parameters (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1):
 * docs/decisions/060-password-hashing.md. Hashes made with other parameters (the library's
 * defaults, m=64 MiB, t=3, p=4, before decision 060) still verify and are replaced at the next
 * successful sign-in (needsRehash).
 */
export const PASSWORD_HASH_OPTIONS = {
  // Algorithm.Argon2id and Version.V0x13 (19) of @node-rs/argon2, whose const enums an
  // isolated-modules build cannot read.
  algorithm: 2,
  version: 1,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/**
 * An argon2id hash, with PASSWORD_HASH_OPTIONS, of a random password that was thrown away when it
 * was made: what a sign-in with an unknown e-mail is checked against, so that its answer takes as
 * long as a known one's. Written here rather than hashed at every start, where it cost a hashing
 * thread and a hash before the first request (docs/decisions/093-start-time.md); password.test.ts
 * checks that it still has the current parameters.
 */
export const UNKNOWN_USER_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YvW8TMJhebnwrecCNsKcGQ$khd/BF+4Q64P9SsmT/mAB1lL1q8n9p36exaE5run3nk';

/** Seconds a caller turned away by a full queue is told to wait (Retry-After). */
const HASH_QUEUE_RETRY_AFTER_SECONDS = 2;

export interface HashQueueOptions {
  /** Hashes computed at once: one per core, so a burst of sign-ins cannot take every core. */
  concurrency: number;
  /** Hashes allowed to wait; one more is refused at once (503) instead of waiting its turn. */
  maxWaiting: number;
}

/**
 * The queue every argon2 computation goes through (decision 060), in front of the hashing threads
 * (hash-threads.ts, decision 084). Unbounded, 40 sign-ins at once queued 40 hashes of 64 MiB
 * and an unrelated sign-in waited 19 s. Bounded, a burst waits at most about
 * maxWaiting / concurrency hash times, and past that the caller is answered 503 with Retry-After.
 */
export class HashQueue {
  private readonly limit: LimitFunction;
  /** Hashes running or waiting: counted here, synchronously, so a burst sees its own size. */
  private inFlight = 0;

  constructor(private readonly options: HashQueueOptions) {
    this.limit = pLimit(options.concurrency);
  }

  /** Hashes running or waiting (/metrics). */
  get size(): number {
    return this.inFlight;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.options.concurrency + this.options.maxWaiting) {
      throw new UnavailableError(HASH_QUEUE_RETRY_AFTER_SECONDS, 'password_queue_full');
    }
    this.inFlight++;
    try {
      return await this.limit(work);
    } finally {
      this.inFlight--;
    }
  }
}

const cores = availableParallelism();
/** About a second and a half of waiting at most on a 2-core machine (~25 ms per hash per core). */
let queue = new HashQueue({ concurrency: cores, maxWaiting: 32 * cores });
observeHashQueue(() => queue.size);
const threads = new HashThreads(cores);

/** Tests replace the process's queue to reach its bound with few requests. */
export function setHashQueue(replacement: HashQueue): HashQueue {
  const previous = queue;
  queue = replacement;
  return previous;
}

export function hashPassword(plain: string): Promise<string> {
  return queue.run(async () =>
    String(await threads.run({ op: 'hash', password: plain, options: PASSWORD_HASH_OPTIONS })),
  );
}

/** False for a wrong password or a malformed stored hash; rejects if the hashing thread failed. */
export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return queue.run(
    async () => (await threads.run({ op: 'verify', hash, password: plain })) === true,
  );
}

/** A stored hash made with other parameters than PASSWORD_HASH_OPTIONS (or not argon2 at all). */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    const stored = parseOptions(hash);
    return (
      Number(stored.algorithm) !== PASSWORD_HASH_OPTIONS.algorithm ||
      Number(stored.version) !== PASSWORD_HASH_OPTIONS.version ||
      stored.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
      stored.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
      stored.parallelism !== PASSWORD_HASH_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}
