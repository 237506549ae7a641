// The demo-seed module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { DEMO_LOGINS } from './demo-data.ts';
export { seedDemoData } from './demo-seed.ts';
