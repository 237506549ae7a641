import { Page } from '../../../components/page';

/** me.meusdados (§2 /me/meusdados): personal data and password. Only the title for now; its own issue fills it. */
export function ProfilePage() {
  return <Page title="Meus dados" />;
}
