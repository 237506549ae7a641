import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/server/platform/project-paths.ts';
import { freePort } from './free-port.ts';

/**
 * The real server process (src/server/main.ts through tsx), as an operator runs it, for the fault
 * tests: signals, outages and exit codes are what they test.
 */
export interface ServerProcess {
  readonly port: number;
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Everything the process wrote (pino JSON lines and the welcome text). */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process ends. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** SIGKILL if it still runs (cleanup). */
  kill(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      CAPTCHA_PROVIDER: 'none',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    baseUrl,
    child,
    output: () => output,
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
