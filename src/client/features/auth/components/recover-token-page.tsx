import { Page } from '../../../components/page';

/** recuperar_token (§2 /login/recuperar_token/{token}): set a new password. Only the title for now; its own issue fills it. */
export function RecoverTokenPage() {
  return <Page title="Nova senha" />;
}
