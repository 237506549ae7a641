// The dev-mailbox module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { devMailboxPages } from './pages.ts';
export { requireLoopback } from './routes.ts';
