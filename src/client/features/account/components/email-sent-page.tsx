import { Page } from '../../../components/page';

/** validar_email (§2): a temporary password was sent by e-mail. Only the title for now; its own issue fills it. */
export function EmailSentPage() {
  return <Page title="Senha enviada para seu e-mail" />;
}
