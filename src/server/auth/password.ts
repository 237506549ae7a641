import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import pLimit, { type LimitFunction } from 'p-limit';
import { UnavailableError } from '../errors.ts';

/**
 * argon2id with OWASP's parameters (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1):
 * docs/decisions/060-password-hashing.md. Hashes made with other parameters (the library's
 * defaults, m=64 MiB, t=3, p=4, before decision 060) still verify and are replaced at the next
 * successful sign-in (needsRehash).
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Seconds a caller turned away by a full queue is told to wait (Retry-After). */
const HASH_QUEUE_RETRY_AFTER_SECONDS = 2;

export interface HashQueueOptions {
  /** Hashes computed at once: one per core, so a burst of sign-ins cannot take every core. */
  concurrency: number;
  /** Hashes allowed to wait; one more is refused at once (503) instead of waiting its turn. */
  maxWaiting: number;
}

/**
 * The queue every argon2 computation goes through (decision 060). argon2 runs on libuv's thread
 * pool; unbounded, 40 sign-ins at once queued 40 × 64 MiB hashes there and an unrelated sign-in
 * waited 19 s (decision 060). Bounded, a burst waits at most about maxWaiting / concurrency hash
 * times, and past that the caller is answered 503 with Retry-After.
 */
export class HashQueue {
  private readonly limit: LimitFunction;
  /** Hashes running or waiting: counted here, synchronously, so a burst sees its own size. */
  private inFlight = 0;

  constructor(private readonly options: HashQueueOptions) {
    this.limit = pLimit(options.concurrency);
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

/** Tests replace the process's queue to reach its bound with few requests. */
export function setHashQueue(replacement: HashQueue): HashQueue {
  const previous = queue;
  queue = replacement;
  return previous;
}

export function hashPassword(plain: string): Promise<string> {
  return queue.run(() => argon2.hash(plain, PASSWORD_HASH_OPTIONS));
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return queue.run(async () => {
    try {
      return await argon2.verify(hash, plain);
    } catch {
      return false; // a malformed stored hash never grants access
    }
  });
}

/** A stored hash made with other parameters than PASSWORD_HASH_OPTIONS (or not argon2 at all). */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
  } catch {
    return true;
  }
}
