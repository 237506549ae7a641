// The security module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { endUserAccess } from './end-access.ts';
export { passwordChangedMail, securityChangeMail } from './mails.ts';
export type { SecurityChange } from './mails.ts';
export { createPasskeyDeps, hasPasskey, purgeExpiredChallenges } from './passkeys.ts';
export { endAccessAfterNewPassword } from './password-replaced.ts';
export { BROWSER_COOKIE, purgeOldSignIns, recordRefusedSignIn, recordSignIn } from './sign-ins.ts';
export type { RefusedSignIn, SignInHistoryDeps, SuccessfulSignIn } from './sign-ins.ts';
