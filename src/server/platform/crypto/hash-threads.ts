import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * argon2 on threads of their own, below the event loop's priority (decision 084). A password
 * check is ~20 ms of one core by design; run on libuv's pool (as the `argon2` package did) it
 * competes as an equal with the event loop, and 40 sign-ins at once cut every other request's
 * rate by three quarters. On Linux each hashing thread lowers its own scheduling priority (the nice
 * value is per thread there, setpriority(2)), so the kernel gives the event loop the CPU it
 * needs first and the hashes take the rest: sign-ins still use every idle cycle. Elsewhere the
 * threads keep the normal priority.
 */

export type HashJob =
  | { op: 'hash'; password: string; options: object }
  | { op: 'verify'; hash: string; password: string };

/**
 * Nice value of the hashing threads: the lowest priority there is (CFS weight 15 against the event
 * loop's 1024). At 10 (weight 110) the session check kept 0.37-0.38 of its idle rate while 40
 * sign-ins waited; at 19, 0.41-0.47, with the same sign-in rate (decision 084).
 */
const HASHING_NICE = 19;

// Plain JavaScript: a worker thread runs outside the TypeScript build, in dev, tests and dist alike.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2Path);
try {
  // /proc/thread-self -> "<pid>/task/<tid>": this thread's own id, which setpriority takes on Linux.
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice);
} catch {
  // Not Linux: the normal priority.
}
parentPort.on('message', (job) => {
  if (job.op === 'verify') {
    let matches = false;
    try {
      matches = argon2.verifySync(job.hash, job.password);
    } catch {
      // A malformed stored hash never grants access.
    }
    parentPort.postMessage({ id: job.id, result: matches });
    return;
  }
  try {
    parentPort.postMessage({ id: job.id, result: argon2.hashSync(job.password, job.options) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

interface Waiter {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

class HashThread {
  private readonly worker: Worker;
  private readonly waiters = new Map<number, Waiter>();
  private nextId = 0;
  alive = true;

  constructor(argon2Path: string) {
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      // Not the process's flags: `--input-type=module` would make this CommonJS source a module.
      execArgv: [],
      workerData: { argon2Path, nice: HASHING_NICE },
    });
    this.worker.on(
      'message',
      ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
        const waiter = this.waiters.get(id);
        this.waiters.delete(id);
        if (this.waiters.size === 0) this.worker.unref();
        if (error !== undefined) waiter?.reject(new Error(error));
        else waiter?.resolve(result ?? false);
      },
    );
    // A thread that dies (out of memory, a crash in the native code) fails its jobs, which the
    // callers answer as errors (never as a wrong password), and not the process.
    const fail = (error: Error) => {
      this.alive = false;
      for (const waiter of this.waiters.values()) waiter.reject(error);
      this.waiters.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`hashing thread exited with code ${code}`)));
    // An idle thread never keeps the process alive (shutdown, decision 033, exits with it); one
    // with work does, until the work is answered. After the listeners: adding one refs the worker.
    this.worker.unref();
  }

  get busy(): number {
    return this.waiters.size;
  }

  run(job: HashJob): Promise<string | boolean> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.waiters.size === 0) this.worker.ref();
      this.waiters.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...job });
    });
  }
}

/** A fixed number of hashing threads, started as work first needs them. */
export class HashThreads {
  private threads: HashThread[] = [];
  private readonly argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');

  constructor(private readonly size: number) {}

  run(job: HashJob): Promise<string | boolean> {
    this.threads = this.threads.filter((thread) => thread.alive);
    let thread = this.threads.find((candidate) => candidate.busy === 0);
    if (!thread && this.threads.length < this.size) {
      thread = new HashThread(this.argon2Path);
      this.threads.push(thread);
    }
    // The queue in front (password.ts) runs at most `size` jobs at once, so this is a fallback.
    thread ??= this.threads.reduce((least, candidate) =>
      candidate.busy < least.busy ? candidate : least,
    );
    return thread.run(job);
  }
}
