import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { loadCode, readPendingDestinationFrom } from './code-loading';
import { pageNavigation } from './navigation';
import { dismissAllNotices, getNotices } from './notices';

const LOST = 'Sem conexão com o servidor. Verifique sua internet; vamos tentar de novo.';

let reload: ReturnType<typeof vi.fn<() => void>>;
let serverUp: boolean;

beforeEach(() => {
  sessionStorage.clear();
  reload = vi.fn<() => void>();
  vi.spyOn(pageNavigation, 'reload').mockImplementation(reload);
  serverUp = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (serverUp ? Promise.resolve(new Response('{}')) : Promise.reject(new TypeError('Failed to fetch')))),
  );
});

afterEach(() => {
  vi.useRealTimers();
  dismissAllNotices();
});

const chunkMissing = () => new TypeError('Failed to fetch dynamically imported module: /assets/tela-abc123.js');

describe("a screen's code that fails to download (issue 38 item 2)", () => {
  it('with the server away: waits for it, says so, then loads the same code and resolves', async () => {
    vi.useFakeTimers();
    serverUp = false;
    let attempts = 0;
    const load = vi.fn(() => (++attempts < 2 ? Promise.reject(chunkMissing()) : Promise.resolve({ Tela: 'ok' })));
    const loaded = loadCode(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(getNotices().map((notice) => notice.text)).toEqual([LOST]);
    expect(load).toHaveBeenCalledTimes(1);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(loaded).resolves.toEqual({ Tela: 'ok' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('with the server answering (a new release renamed the files): reloads the page, once a minute at most', async () => {
    const pending = loadCode(() => Promise.reject(chunkMissing()));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The page is going away: the load never settles.
    const settled = await Promise.race([pending.then(() => true, () => true), new Promise((r) => setTimeout(() => r(false), 20))]);
    expect(settled).toBe(false);

    // The reloaded page fails again at once: a real error this time, not a reload loop.
    await expect(loadCode(() => Promise.reject(chunkMissing()))).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the reload after a new release', () => {
  it('opens the address the person was going to when a navigation was under way', async () => {
    const load = vi.fn<(url: string) => void>();
    vi.spyOn(pageNavigation, 'load').mockImplementation(load);
    readPendingDestinationFrom(() => '/recuperar/1?x=1');
    onTestFinished(() => readPendingDestinationFrom(() => undefined));
    void loadCode(() => Promise.reject(chunkMissing()));
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('/recuperar/1?x=1'));
    expect(reload).not.toHaveBeenCalled();
  });
});
