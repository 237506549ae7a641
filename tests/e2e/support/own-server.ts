import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A portal of its own (the built server on its own embedded database, demo data seeded) that a
 * browser test stops and starts again, always on the same port, as an operator restarting it
 * would: the suite's shared server is never stopped (issue 38 item 2).
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-own-'));

  constructor(readonly port: number) {}

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** `env`: this start's settings besides the portal's own (a clock moved ahead). */
  async start(env: Record<string, string> = {}): Promise<void> {
    if (this.child) return;
    if (await this.answers()) throw new Error(`port ${this.port} is taken: another portal still runs there`);
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PUBLIC_URL: this.url,
        DATA_DIR: this.dataDir,
        SEED_DEMO: 'true',
        CAPTCHA_PROVIDER: 'none',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        BILLING_INTERVAL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    this.child = child;
    // Never outlive the test worker, whatever ends it.
    const orphanGuard = () => child.kill('SIGKILL');
    process.once('exit', orphanGuard);
    child.once('exit', () => process.off('exit', orphanGuard));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the portal exited at start:\n${errors}`);
      if (await this.answers()) return;
      if (Date.now() > deadline) throw new Error(`the portal did not start within 60 s:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async answers(): Promise<boolean> {
    try {
      return (await fetch(`http://127.0.0.1:${this.port}/readyz`)).ok;
    } catch {
      return false; // not listening (yet)
    }
  }

  /** SIGTERM, as a restart does, and waits until the process has ended. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
