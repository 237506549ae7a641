import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { ApiError } from './api-client';
import { dismissAllNotices, getNotices, notify } from './notices';
import { createQueryClient } from './query-client';

afterEach(() => dismissAllNotices());

const texts = () => getNotices().map((notice) => [notice.level, notice.text]);

/** Runs one mutation of `client` to its end, success or failure. */
async function run(client: ReturnType<typeof createQueryClient>, mutationFn: () => Promise<unknown>, onSuccess?: () => void) {
  const observer = new MutationObserver(client, { mutationFn, ...(onSuccess ? { onSuccess } : {}) });
  await observer.mutate().catch(() => undefined);
}

describe('the query client (§8)', () => {
  it("clears a failed attempt's danger notice when an action then succeeds, keeping what the success shows", async () => {
    const client = createQueryClient();
    const wrong = new ApiError({ kind: 'failed', message: 'E-mail ou senha inválidos.', httpStatus: 401 });
    await run(client, () => Promise.reject(wrong));
    expect(texts()).toEqual([['danger', 'E-mail ou senha inválidos.']]);

    // A warning the successful answer carries (shown before the action ends) stays.
    notify('warning', 'Restam 9 chaves não usadas.');
    await run(
      client,
      () => Promise.resolve('ok'),
      () => notify('success', 'Entrou.'),
    );
    expect(texts()).toEqual([
      ['warning', 'Restam 9 chaves não usadas.'],
      ['success', 'Entrou.'],
    ]);
  });

  it('clears the "try again" warning of a 503 too', async () => {
    const client = createQueryClient();
    const away = new ApiError({ kind: 'unavailable', message: MESSAGES.serviceUnavailable, httpStatus: 503 });
    await run(client, () => Promise.reject(away));
    expect(texts()).toEqual([['warning', MESSAGES.serviceUnavailable]]);
    await run(client, () => Promise.resolve('ok'));
    expect(texts()).toEqual([]);
  });
});

describe('a request that got no answer (issue 38 item 2)', () => {
  const noAnswer = () => new ApiError({ kind: 'no-connection', message: 'Sem conexão com o servidor.', httpStatus: null });
  afterEach(() => onlineManager.setOnline(true));

  it('a read waits while the server is away and is asked again by itself when it is back', async () => {
    const client = createQueryClient();
    client.mount(); // as QueryClientProvider does: it listens to the online state from then on
    onTestFinished(() => client.unmount());
    let calls = 0;
    const queryFn = vi.fn(() => {
      calls += 1;
      if (calls === 1) {
        onlineManager.setOnline(false); // what connectionLost does
        return Promise.reject(noAnswer());
      }
      return Promise.resolve('dados');
    });
    const result = client.fetchQuery({ queryKey: ['x'], queryFn });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(queryFn).toHaveBeenCalledTimes(1); // paused, not failed
    expect(client.getQueryState(['x'])?.fetchStatus).toBe('paused');
    onlineManager.setOnline(true);
    await expect(result).resolves.toBe('dados');
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(texts()).toEqual([]);
  });

  it('a read that got an answer (a refusal) is not asked again', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(new ApiError({ kind: 'failed', message: 'Recusado.', httpStatus: 409 })));
    await expect(client.fetchQuery({ queryKey: ['y'], queryFn })).rejects.toThrow('Recusado.');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('a write is sent even while the connection is known to be down, fails once, and is never resent', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const mutationFn = vi.fn(() => Promise.reject(noAnswer()));
    await run(client, mutationFn);
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
