import { Page } from '../../../components/page';

/** fatura.emitidaAviso (§2 /fatura/faturaEmitida/{token}). Only the title for now; its own issue fills it. */
export function InvoiceIssuedPage() {
  return <Page title="Fatura autorizada!" />;
}
