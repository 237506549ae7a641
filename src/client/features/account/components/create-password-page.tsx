import { Page } from '../../../components/page';

/** conta_criar_senha (§2): set a new password; no login redirect. Only the title for now; its own issue fills it. */
export function CreatePasswordPage() {
  return <Page title="Altere sua senha" />;
}
