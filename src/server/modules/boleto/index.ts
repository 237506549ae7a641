// The boleto module's public surface: what other modules and app.ts may use (docs/decisions/115-platform-and-modules.md).
export { loadBoletoDocument, sendBoletoPdf } from './boleto-pdf.ts';
export { customerBoleto, toBoletoDto } from './customer-boleto.ts';
export { makeBoletos } from './issue-boleto.ts';
