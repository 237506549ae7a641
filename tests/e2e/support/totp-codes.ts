import type { Page } from '@playwright/test';
import { totpCode, totpStep } from '../../helpers/totp.ts';

/**
 * TOTP codes for the test, from tests/helpers/totp.ts (independent of the server's library).
 * The server accepts a time step once per user and ±1 step of drift, so each code the test
 * sends uses a step it has not used yet, waiting for the next one when needed. A code of the
 * previous step stops working as the current step ends, so it is used only while 10 s of the
 * step remain: a slow machine once reached the end between making such a code and sending it
 * (each code is now made as it is typed, and sent at once).
 */
export function codeSource(getSecret: () => string) {
  const used = new Set<number>();
  return async (page: Page): Promise<string> => {
    for (;;) {
      const seconds = Date.now() / 1000;
      const now = totpStep(seconds);
      const previousLastsLongEnough = 30 - (seconds % 30) >= 10;
      const candidates = previousLastsLongEnough ? [now, now + 1, now - 1] : [now, now + 1];
      const step = candidates.find((candidate) => !used.has(candidate));
      if (step !== undefined) {
        used.add(step);
        return totpCode(getSecret(), { at: step * 30_000 + 1000 });
      }
      await page.waitForTimeout(2000);
    }
  };
}
