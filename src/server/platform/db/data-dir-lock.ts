import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite opens its files with no lock of its own, so two processes on one DATA_DIR would corrupt
 * the database. We hold a lock file naming our pid; a lock left by a process that no longer runs
 * is taken over. See docs/decisions/001-embedded-pglite.md and 033-faults.md.
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `O diretório de dados ${dataDir} já está em uso pelo processo ${pid}. ` +
        'Pare esse processo ou use outro DATA_DIR (ou DATABASE_URL) para iniciar uma segunda instância.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** A takeover marker older than this belongs to a process that died while taking over. */
const TAKEOVER_MARKER_STALE_MS = 10_000;
const ATTEMPTS = 100;
const RETRY_WAIT_MS = 20;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

function inodeOf(file: string): number | null {
  try {
    return statSync(file).ino;
  } catch (error) {
    if (errno(error) === 'ENOENT') return null;
    throw error;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes DATA_DIR/portal.lock. The lock is written whole under a private name first and then
 * appears under the lock's name in one step: link(2) when there is none (fails if one exists).
 * A stale lock (its process is gone) is replaced with rename(2), but only by the process that
 * creates, exclusively, the takeover marker named after the stale file's inode, and only after it
 * has checked, holding the marker, that the lock is still that file. Two processes finding the
 * same stale lock therefore never both take it over (decision 033: deleting the stale file and
 * creating a new one let a second process delete the first one's fresh lock).
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'portal.lock');
  const draft = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date() }), { mode: 0o600, flag: 'wx' });
  const mine = statSync(draft).ino;
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        linkSync(draft, lockPath);
        return heldLock(lockPath, mine);
      } catch (error) {
        if (errno(error) !== 'EEXIST') throw error;
      }
      const found = inodeOf(lockPath);
      if (found === null) continue; // released meanwhile: try again
      const owner = readLockOwner(lockPath);
      if (owner !== null && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(path.resolve(dataDir), owner);
      }
      if (replaceStaleLock(lockPath, found, draft)) return heldLock(lockPath, mine);
      sleepSync(RETRY_WAIT_MS);
    }
    throw new Error(`Não foi possível obter o bloqueio de ${lockPath}.`);
  } finally {
    // After link(2) the draft is a second name of our lock; after rename(2) it is gone already.
    rmSync(draft, { force: true });
  }
}

/** Replaces the stale lock `staleInode` with the draft, if this process wins the right to. */
function replaceStaleLock(lockPath: string, staleInode: number, draft: string): boolean {
  const marker = `${lockPath}.takeover-${staleInode}`;
  try {
    writeFileSync(marker, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if (errno(error) !== 'EEXIST') throw error;
    // Another process is replacing it at this moment, or died doing so long ago.
    try {
      if (Date.now() - statSync(marker).mtimeMs > TAKEOVER_MARKER_STALE_MS) rmSync(marker, { force: true });
    } catch {
      // the marker went away meanwhile
    }
    return false;
  }
  try {
    if (inodeOf(lockPath) !== staleInode) return false; // someone replaced it already
    renameSync(draft, lockPath);
    return true;
  } finally {
    rmSync(marker, { force: true });
  }
}

function heldLock(lockPath: string, inode: number): DataDirLock {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Only our own lock: never one another process holds now.
      if (inodeOf(lockPath) === inode) rmSync(lockPath, { force: true });
    },
  };
}

function readLockOwner(lockPath: string): number | null {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown };
    return typeof parsed.pid === 'number' ? parsed.pid : null;
  } catch {
    return null;
  }
}
