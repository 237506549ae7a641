// The billing module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { addAdjustments, immediateChangeProration, reconcileBilledPeriod } from './adjustments.ts';
export { runBilling } from './billing-run.ts';
export { startBillingWorker } from './billing-worker.ts';
export { loadOption } from './options.ts';
export { previewPlanChange } from './preview.ts';
export { periodPrice, promotionEnd } from './pricing.ts';
export { approveInvoice, billingForecast, cancelInvoice, issueNow } from './service.ts';
