import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaConfig } from '#shared/schemas/auth';
import type { CaptchaProvider } from './captcha-provider.ts';

/** The providers' server-side verification endpoints (both take the same form fields). */
const VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

const TIMEOUT_MS = 5000;

/**
 * reCAPTCHA or Turnstile, verified over HTTPS with CAPTCHA_SECRET. A provider that does not
 * answer within 5 s, or answers anything but success, fails the check: no captcha, no entry.
 */
export class RemoteCaptcha implements CaptchaProvider {
  readonly publicConfig: CaptchaConfig;

  constructor(
    private readonly options: {
      provider: 'recaptcha' | 'turnstile';
      secret: string | null;
      siteKey: string | null;
      verifyUrl: string | null;
      log: FastifyBaseLogger;
    },
  ) {
    this.publicConfig = {
      provider: options.provider,
      siteKey: options.siteKey,
      challengeUrl: null,
    };
  }

  async verify(answer: string | undefined, ip: string): Promise<boolean> {
    const { provider, secret, verifyUrl, log } = this.options;
    if (!answer || !secret) return false;
    try {
      const response = await fetch(verifyUrl ?? VERIFY_URLS[provider], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: answer, remoteip: ip }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        log.warn({ provider, status: response.status }, 'captcha verification answered an error');
        return false;
      }
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch (error) {
      log.warn({ provider, err: error }, 'captcha verification failed');
      return false;
    }
  }
}
