/**
 * The demo's provider (a valid test CNPJ): it issues the demo's NFS-e, and a demo server's
 * invoices name it when PROVIDER_CNPJ and PROVIDER_ADDRESS are not set (issue 39).
 */
export const DEMO_PROVIDER = {
  razao_social: 'Provedora Demo de Software Ltda',
  cpfcnpj: '11444777000161',
  endereco: 'Rua Vergueiro, 1000, Liberdade, São Paulo/SP, CEP 01504-000',
} as const;
