import { Page } from '../../../components/page';

/** planoMudanca_sucesso (§2 /produto/{pid}/planoMudancaSucesso). Only the title for now; its own issue fills it. */
export function PlanChangeSuccessPage() {
  return <Page title="Mudança de plano solicitada" />;
}
