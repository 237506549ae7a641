// The twofa module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
// Plain functions the sign-in calls (verify a code, check or trust a device); twofa never calls back.
export { shouldAskCreate } from './activation.ts';
export { createTwofaDeps } from './deps.ts';
export type { TwofaDeps } from './deps.ts';
export { unusedRecoveryKeys } from './recovery-keys.ts';
export { verifySecondFactor } from './second-factor.ts';
export type { SecondFactor } from './second-factor.ts';
export { currentTotpStep } from './totp.ts';
export { DEVICE_COOKIE, isTrustedDevice, trustDevice, trustedDeviceCookie } from './trusted-devices.ts';
