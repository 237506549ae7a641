import type { CaptchaConfig } from '#shared/schemas/auth';

/**
 * The captcha behind every form that checks a secret (decision 014). The payload field
 * keeps the specification's name, `recaptcha`, whatever the provider.
 */
export interface CaptchaProvider {
  /** What the login form must show (GET /api/captcha/config). */
  readonly publicConfig: CaptchaConfig;
  /** True when the answer proves a person (or, for 'none', always). Never throws. */
  verify(answer: string | undefined, ip: string): Promise<boolean>;
}
