import type { FastifyBaseLogger } from 'fastify';
import { ACESSO_MESSAGES, type CaptchaConfig } from '#shared/schemas/auth';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { fieldError } from '../../platform/errors.ts';
import { AltchaCaptcha } from './altcha.ts';
import type { CaptchaProvider } from './captcha-provider.ts';
import { RemoteCaptcha } from './remote.ts';

// The interface lives apart so the providers implement it without importing this factory (no cycle).
export type { CaptchaProvider } from './captcha-provider.ts';

/** Tests only: config refuses CAPTCHA_PROVIDER=none in production. */
class NoCaptcha implements CaptchaProvider {
  readonly publicConfig: CaptchaConfig = { provider: 'none', siteKey: null, challengeUrl: null };
  verify(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

export function createCaptchaProvider(
  config: Config,
  deps: { db: Database; sessionSecret: string; log: FastifyBaseLogger },
): CaptchaProvider {
  switch (config.CAPTCHA_PROVIDER) {
    case 'altcha':
      return new AltchaCaptcha({
        db: deps.db,
        sessionSecret: deps.sessionSecret,
        cost: config.CAPTCHA_ALTCHA_COST,
        maxNumber: config.CAPTCHA_ALTCHA_MAX_NUMBER,
      });
    case 'recaptcha':
    case 'turnstile':
      return new RemoteCaptcha({
        provider: config.CAPTCHA_PROVIDER,
        secret: config.CAPTCHA_SECRET ?? null,
        siteKey: config.CAPTCHA_SITE_KEY ?? null,
        verifyUrl: config.CAPTCHA_VERIFY_URL ?? null,
        log: deps.log,
      });
    case 'none':
      return new NoCaptcha();
  }
}

/** Refuses the request (422 on `recaptcha`) unless the captcha answer proves a person. */
export async function requireCaptcha(
  captcha: CaptchaProvider,
  answer: string | null | undefined,
  ip: string,
): Promise<void> {
  if (!(await captcha.verify(answer ?? undefined, ip)))
    throw fieldError('recaptcha', ACESSO_MESSAGES.captchaFailed, 'captcha');
}
