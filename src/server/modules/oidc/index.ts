// The oidc module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { newClientId, rotateClientSecret } from './clients.ts';
export { connectApplication, disconnectApplication, findInteractionRequest, listConnections, requestedScopes } from './connections.ts';
export { endProviderSession } from './logout.ts';
export { assertPublicBackchannelUri } from './outgoing-calls.ts';
export { INTERACTION_PATH } from './provider.ts';
export { revokeApplicationAccess } from './revocation.ts';
export { createOidcRuntime } from './runtime.ts';
export type { OidcRuntime } from './runtime.ts';
export { purgeExpiredOidcRecords } from './storage-adapter.ts';
