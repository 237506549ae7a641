// The people module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { purgeOldInvitations } from './service.ts';
