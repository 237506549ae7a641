import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelPendingRedirect, pageNavigation, redirectHome } from './navigation';

describe('redirectHome', () => {
  afterEach(() => cancelPendingRedirect());

  it('goes home after the delay, once however many times a lost session asks', () => {
    vi.useFakeTimers();
    const load = vi.spyOn(pageNavigation, 'load').mockImplementation(() => undefined);
    redirectHome(3000);
    redirectHome(3000);
    vi.advanceTimersByTime(2999);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/');
  });

  it('a redirect still waiting can be dropped, so none outlives a unit test', () => {
    vi.useFakeTimers();
    const load = vi.spyOn(pageNavigation, 'load').mockImplementation(() => undefined);
    redirectHome(3000);
    cancelPendingRedirect();
    vi.advanceTimersByTime(5000);
    expect(load).not.toHaveBeenCalled();
  });
});
