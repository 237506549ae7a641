// The products module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { findActiveProduct } from './service.ts';
export type { ActiveProduct } from './service.ts';
