// The invoices module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { DEMO_PROVIDER } from './demo-provider.ts';
export { invoiceIssuer, loadInvoiceDocument, sendInvoicePdf } from './invoice-document.ts';
export { invoiceEmailRecipient } from './invoice-recipients.ts';
export { invoiceNotice, mailBoleto } from './mails.ts';
export type { MailBoleto } from './mails.ts';
export { buildChaveAcesso } from './nfse-key.ts';
export { UNPAID_SITUACOES, clientManagers, confirmInvoicePayment, invoiceListUrl, payInvoice } from './payment.ts';
export { PIX_WEBHOOK_MESSAGES, rotatePixWebhookSecret } from './pix-webhook.ts';
export type { PixWebhookKeys } from './pix-webhook.ts';
export { invoiceTxid } from './pix.ts';
export { startInvoiceReminders } from './reminders-worker.ts';
export { newInvoiceToken, registerNfse, rotateInvoiceToken } from './service.ts';
