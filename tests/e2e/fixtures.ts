import { test as base, expect, type Page, type Request } from '@playwright/test';

/** The API calls (fetch and XHR) each page has in flight, counted from its first request. */
const apiCallsInFlight = new WeakMap<Page, Set<Request>>();

function trackApiCalls(page: Page): void {
  const inFlight = new Set<Request>();
  apiCallsInFlight.set(page, inFlight);
  const isApiCall = (request: Request) => request.resourceType() === 'fetch' || request.resourceType() === 'xhr';
  page.on('request', (request) => {
    if (isApiCall(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
}

/**
 * Waits until the page has had no API call in flight for `quietMs`: its data loaded. Not
 * Playwright's 'networkidle', which also waits for every script: the captcha's workers are
 * ended once one of them has solved the challenge, and a worker ended while its script was still
 * loading leaves that request open for good (seen on a loaded machine).
 */
export async function waitForApiIdle(page: Page, quietMs = 500): Promise<void> {
  const inFlight = apiCallsInFlight.get(page);
  if (!inFlight) throw new Error('waitForApiIdle: page not created by the test fixtures');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= quietMs;
      },
      { intervals: [100], timeout: 15_000, message: 'API calls still in flight' },
    )
    .toBe(true);
}

/**
 * The strict harness (docs/architecture.md, "Tests and tools"): a console error, an uncaught page error or a request to
 * any host but the portal fails the test. CSP violations show up as console errors, so this
 * also proves the built SPA satisfies the server's Content-Security-Policy.
 */
export const test = base.extend<{ pageErrors: string[]; otherOrigins: string[]; expectedConsoleErrors: RegExp[] }>({
  /** Origins a spec's journey legitimately visits besides the portal (an OpenID relying party). */
  otherOrigins: [[], { option: true }],
  /** Console errors a spec causes on purpose (the browser's report of a refused connection). */
  expectedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, baseURL, otherOrigins, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      trackApiCalls(page);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A 4xx answer is part of the API contract (a wrong password is a 401), and Chromium
        // reports every one as a console error; a 5xx still fails the test.
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
        if (expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await page.route('**/*', async (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
        if (otherOrigins.some((other) => url.startsWith(`${other}/`))) return route.continue();
        errors.push(`unexpected network call: ${url}`);
        return route.abort();
      });
      await use(errors);
      expect(errors, 'the page logged errors or called another host').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
