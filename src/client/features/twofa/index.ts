// The twofa feature's public surface: what other features may use (docs/decisions/115-platform-and-modules.md).
export { useTwofaStatus } from './api/get-twofa-status';
