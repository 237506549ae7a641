import { Page } from '../../../components/page';

/** me.twofa (§2 /me/twofa): manage 2FA. Only the title for now; its own issue fills it. */
export function TwofaPage() {
  return <Page title="Gerenciar 2FA" />;
}
