import { Page } from '../../../components/page';

/** cliente.fatura.index (§2 /cliente/{token}/fatura). Only the title for now; its own issue fills it. */
export function InvoiceListPage() {
  return <Page title="Faturas" />;
}
