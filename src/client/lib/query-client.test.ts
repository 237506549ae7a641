import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
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
