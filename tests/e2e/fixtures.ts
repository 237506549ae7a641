import { test as base, expect } from '@playwright/test';

/**
 * The strict harness (STYLE.md §11): a console error, an uncaught page error or a request to
 * any host but the portal fails the test. CSP violations show up as console errors, so this
 * also proves the built SPA satisfies the server's Content-Security-Policy.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A 4xx answer is part of the API contract (a wrong password is a 401), and Chromium
        // reports every one as a console error; a 5xx still fails the test.
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
        errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await page.route('**/*', async (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
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
