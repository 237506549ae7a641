// The twofa module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { DEVICE_COOKIE, createTwofaDeps, isTrustedDevice, setTrustedDeviceCookie, shouldAskCreate, trustDevice, unusedRecoveryKeys, verifySecondFactor } from './service.ts';
export type { SecondFactor, TwofaDeps } from './service.ts';
export { currentTotpStep } from './totp.ts';
