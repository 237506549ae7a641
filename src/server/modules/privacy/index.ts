// The privacy module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { acceptCurrentVersions } from './legal-versions.ts';
export { startPrivacyWorker } from './worker.ts';
