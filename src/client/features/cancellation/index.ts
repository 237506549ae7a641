// The cancellation feature's public surface: what other features may use (docs/decisions/115-platform-and-modules.md).
export { useCancellationTerms } from './api/cancellation';
export { PendingCancellationBanner } from './components/pending-cancellation-banner';
export { CANCELLATION_TEXTS } from './texts';
