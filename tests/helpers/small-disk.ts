import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, writeSync, rmSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A small filesystem of its own (tmpfs) mounted on a folder, for the disk-full and read-only
 * fault tests (issue 36 item 3). Mounting needs root (CAP_SYS_ADMIN), which the CI machine has;
 * elsewhere the tests that use it are skipped with the reason.
 */
export interface SmallDisk {
  readonly dir: string;
  /** Writes a filler file until the disk refuses more (ENOSPC). */
  fill(): void;
  /** Removes the filler. */
  free(): void;
  readOnly(): void;
  readWrite(): void;
  unmount(): void;
}

export function smallDiskUnavailable(): string | null {
  const probe = mkdtempSync(path.join(tmpdir(), 'portal-disk-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `não foi possível montar um tmpfs (${(error as Error).message.split('\n')[0] ?? ''})`;
  } finally {
    rmdirSync(probe);
  }
}

export function mountSmallDisk(dir: string, sizeBytes: number): SmallDisk {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir], { stdio: 'pipe' });
  const filler = path.join(dir, 'enchimento');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
      // Whatever is left is smaller than a block: take it too.
      const fd2 = openSync(filler, 'a');
      try {
        for (;;) writeSync(fd2, Buffer.alloc(512, 1));
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd2);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' });
    },
    readWrite() {
      execFileSync('mount', ['-o', 'remount,rw', dir], { stdio: 'pipe' });
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    },
  };
}
