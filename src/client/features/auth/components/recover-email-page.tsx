import { Page } from '../../../components/page';

/** recuperar_email (§2 /login/recuperar_email/{pid}): request a reset link. Only the title for now; its own issue fills it. */
export function RecoverEmailPage() {
  return <Page title="Recuperar senha" />;
}
