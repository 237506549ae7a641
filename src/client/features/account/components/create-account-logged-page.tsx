import { Page } from '../../../components/page';

/** conta_criar_logado (§2): another account while logged in; no login redirect. Only the title for now; its own issue fills it. */
export function CreateAccountLoggedPage() {
  return <Page title="Criar uma conta" />;
}
