import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app';
import { dismissAllNotices } from '../lib/notices';
import { queryClient } from '../lib/query-client';
import { clearSession } from '../lib/session';
import { routes } from '../routes';

/** Renders the whole app (providers, layout, routes) at a path, on a memory router. */
export function renderApp(path: string, { fakeTimers = false } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = render(<App router={router} />);
  return { router, user, ...view };
}

/**
 * Module state the app keeps between renders: reset it after each test. Unmounts first, or the
 * still-mounted session query would refetch into the next test.
 */
export function resetAppState(): void {
  cleanup();
  clearSession();
  queryClient.clear();
  dismissAllNotices();
}
