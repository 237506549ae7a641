// The captcha module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { createCaptchaProvider, requireCaptcha } from './provider.ts';
export type { CaptchaProvider } from './provider.ts';
