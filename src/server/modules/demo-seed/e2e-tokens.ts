/**
 * Fixed invoice tokens of the demo clients, used only when the server starts with
 * E2E_FIXED_TOKENS=true (the browser tests' server; refused in production by config.ts), so a
 * browser test can open /cliente/{token}/fatura without reading the database.
 * See docs/decisions/012-invoice-tokens.md.
 */
export const E2E_INVOICE_TOKENS = {
  empresaDemo: 'e2e_empresa_demo_fatura'.padEnd(43, '0'),
  mariaSouza: 'e2e_maria_souza_fatura'.padEnd(43, '0'),
  novaEmpresa: 'e2e_nova_empresa_fatura'.padEnd(43, '0'),
} as const;
