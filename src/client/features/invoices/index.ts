// The invoices feature's public surface: what other features may use (docs/decisions/115-platform-and-modules.md).
export { PIX_PAID_POLL_MS } from './api/get-pix';
export { BoletoModal } from './components/boleto-modal';
export { PixPaymentModal } from './components/pix-payment-modal';
