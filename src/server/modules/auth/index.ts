// The auth module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export type { SignInDeps } from './deps.ts';
export { productNotFound } from './errors.ts';
export { autoSelectClient, issueLoginInfo } from './login-info.ts';
export { clearLoginFailures } from './password-check.ts';
export { listClientLinks } from './queries.ts';
export { authenticate, openSignedInSession } from './sign-in.ts';
export { confirmPasswordAndSecondFactor } from './step-up.ts';
