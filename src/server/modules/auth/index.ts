// The auth module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { completeSignIn } from './complete-sign-in.ts';
export { listClientLinks } from './queries.ts';
export { authenticate, autoSelectClient, clearLoginFailures, confirmPasswordAndSecondFactor, issueLoginInfo, productNotFound } from './service.ts';
export type { AcessoDeps } from './service.ts';
