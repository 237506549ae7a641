// The contracts module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { rollOverEndedPeriods } from './period-rollover.ts';
export { startPlanChangeWorker } from './plan-change-worker.ts';
export { cancelPendingChange } from './plan-change.ts';
export { findActiveContractWithOpenChange } from './service.ts';
