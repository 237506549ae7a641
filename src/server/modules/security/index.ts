// The security module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { endUserAccess } from './end-access.ts';
export { createPasskeyDeps, hasPasskey, purgeExpiredChallenges } from './passkeys.ts';
export { endAccessAfterNewPassword } from './password-replaced.ts';
export { purgeOldSignIns, recordRefusedSignIn, recordSignIn } from './sign-ins.ts';
export type { RefusedSignIn, SuccessfulSignIn } from './sign-ins.ts';
