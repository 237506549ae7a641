import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

/**
 * SIGTERM with a request in flight on a keep-alive connection. The request
 * finishes, idle connections are closed, the workers stop, the database closes (on PGlite the
 * DATA_DIR lock file goes away) and the process exits 0, well before the grace period ends.
 */
let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(agent: http.Agent, port: number, options: http.RequestOptions, body?: (request: http.ClientRequest) => void) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, agent, ...options }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    if (body) body(request);
    else request.end();
  });
}

describe('graceful shutdown', () => {
  it('lets a request in flight at SIGTERM finish, then closes everything and exits 0', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '10000' });
    const running = server;
    expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(true);
    // One keep-alive connection, as a browser keeps it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await send(agent, running.port, { path: '/api/sessao/web' });
    const cookies = (first.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
    const csrf = /XSRF-TOKEN=([^;]+)/.exec(cookies)?.[1] ?? '';

    // A CEP lookup whose body is still arriving when SIGTERM comes.
    const payload = JSON.stringify({ cep: '01310-100' });
    let signalledAt = 0;
    const inFlight = send(
      agent,
      running.port,
      {
        method: 'POST',
        path: '/api/geo/cep',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: cookies,
          'x-xsrf-token': decodeURIComponent(csrf),
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (request) => {
        request.write(payload.slice(0, 5));
        setTimeout(() => {
          signalledAt = Date.now();
          running.child.kill('SIGTERM');
          setTimeout(() => request.end(payload.slice(5)), 700);
        }, 300);
      },
    );
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 200, data: { cep: '01310100' } });

    const exit = await running.exited;
    const tookMs = Date.now() - signalledAt;
    agent.destroy();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(5000);
    expect(running.output()).not.toContain('shutdown took too long');
    // The database was closed: PGlite's lock file is gone.
    expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  it('ends a request that outlives the grace period and still exits cleanly', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '1000' });
    const running = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A body that never completes.
    const stuck = send(agent, running.port, { method: 'POST', path: '/api/geo/cep', headers: { 'content-type': 'application/json', 'content-length': 100 } }, (request) =>
      request.write('{"cep":'),
    ).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited;
    await stuck;
    agent.destroy();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(6000);
    expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  // Issue 36 item 5: a request refused before its body arrived kept its connection past its answer.
  it('closes at once a connection whose request was refused before its slow body arrived', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '10000' });
    const running = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let dripping: NodeJS.Timeout | undefined;
    // No CSRF token: refused with 403 before the body, which keeps coming, a few bytes at a time.
    const refused = await send(
      agent,
      running.port,
      { method: 'POST', path: '/api/geo/cep', headers: { 'content-type': 'application/json', 'content-length': 100_000 } },
      (request) => {
        request.on('error', () => undefined);
        request.write('{"cep":"');
        dripping = setInterval(() => request.write('0'), 100);
      },
    );
    expect(refused.status).toBe(403);
    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited;
    const tookMs = Date.now() - signalledAt;
    clearInterval(dripping);
    agent.destroy();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(2000);
    expect(running.output()).not.toContain('shutdown grace period over');
  });
});
