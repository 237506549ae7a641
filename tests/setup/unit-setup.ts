// Runs in each unit test file's worker (jsdom). A strict harness (docs/architecture.md, "Tests and tools"): a test that
// reaches the network without stubbing fetch, or that logs console.error, fails.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetConnectionWatch } from '../../src/client/lib/connection';
import { cancelPendingRedirect } from '../../src/client/lib/navigation';

// Screens load lazily (route modules, zod for the forms): the first find of a test file may wait
// for their first transform, which can pass the 1 s default when the test files run in parallel,
// and much more on a loaded machine (decision 033: checked with `stress --cpu 4` beside the suite).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout, so no scrolling; React Router's ScrollRestoration calls this on navigation.
window.scrollTo = () => {};
// The plans page scrolls its form and banner into view.
Element.prototype.scrollIntoView = () => {};

let unexpectedCalls: string[] = [];
let consoleErrors: unknown[][] = [];
const originalConsoleError = console.error;

beforeEach(() => {
  // A request that got no answer in the test before starts a watch of the connection (probes of
  // /healthz, queries paused): none of it reaches the next test.
  resetConnectionWatch();
  // A session notice's redirect home, 3 s after an earlier test showed it, would land in this one.
  cancelPendingRedirect();
  unexpectedCalls = [];
  consoleErrors = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      unexpectedCalls.push(url);
      return Promise.reject(new TypeError(`Chamada de rede inesperada no teste: ${url}`));
    }),
  );
  // A test that expects an error log replaces this with its own spy.
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  };
});

afterEach(() => {
  // Without vitest globals, Testing Library cannot register its own cleanup.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  console.error = originalConsoleError;
  const calls = unexpectedCalls;
  const errors = consoleErrors;
  if (calls.length > 0) {
    throw new Error(`Chamadas de rede não simuladas: ${calls.join(', ')}`);
  }
  if (errors.length > 0) {
    throw new Error(
      `console.error durante o teste:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
