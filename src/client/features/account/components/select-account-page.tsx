import { Page } from '../../../components/page';

/** conta_selecionar (§2): choose a client account; no login redirect. Only the title for now; its own issue fills it. */
export function SelectAccountPage() {
  return <Page title="Entrar" />;
}
