import { Page } from '../../../components/page';

/** planos_produto (§2 /produto/{pid}/planos). Only the title for now; its own issue fills it. */
export function PlansPage() {
  return <Page title="Planos" />;
}
