import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionLost, whenConnected } from './connection';
import { dismissAllNotices, getNotices } from './notices';

const LOST = 'Sem conexão com o servidor. Verifique sua internet; vamos tentar de novo.';
const texts = () => getNotices().map((notice) => [notice.level, notice.text]);

afterEach(() => {
  vi.useRealTimers();
  dismissAllNotices();
  onlineManager.setOnline(true);
});

/** /healthz refuses the connection `failures` times, then answers. */
function serverBackAfter(failures: number) {
  let left = failures;
  const probe = vi.fn((_path: string) => {
    if (left-- > 0) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response('{"status":"ok"}'));
  });
  vi.stubGlobal('fetch', probe);
  return probe;
}

describe('a lost connection (issue 38 item 2)', () => {
  it('warns once, pauses reads, asks the server until it answers, then says so and resumes', async () => {
    vi.useFakeTimers();
    const probe = serverBackAfter(2);
    connectionLost();
    connectionLost(); // a second failing call while watching: one notice, one watch
    expect(texts()).toEqual([['warning', LOST]]);
    expect(onlineManager.isOnline()).toBe(false);

    let resumed = false;
    void whenConnected().then(() => (resumed = true));
    await vi.advanceTimersByTimeAsync(1000); // first probe: refused
    await vi.advanceTimersByTimeAsync(2000); // second: refused
    expect(resumed).toBe(false);
    expect(texts()).toEqual([['warning', LOST]]);
    await vi.advanceTimersByTimeAsync(4000); // third: the server answers
    expect(probe).toHaveBeenCalledTimes(3);
    expect(probe.mock.calls.every(([path]) => path === '/healthz')).toBe(true);
    expect(resumed).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
    expect(texts()).toEqual([['info', 'Conexão restabelecida.']]);
  });

  it("asks at once when the device reports its network is back, without waiting for the next probe's turn", async () => {
    vi.useFakeTimers();
    serverBackAfter(1);
    connectionLost();
    await vi.advanceTimersByTimeAsync(1000); // refused; the next probe would be 2 s later
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    await expect(whenConnected()).resolves.toBeUndefined();
    expect(texts()).toEqual([['info', 'Conexão restabelecida.']]);
  });

  it('whenConnected resolves at once when nothing is known to be wrong', async () => {
    await expect(whenConnected()).resolves.toBeUndefined();
  });
});
