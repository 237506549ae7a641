import { Page } from '../../../components/page';

/** me.config (§2 /me/config): settings menu. Only the title for now; its own issue fills it. */
export function SettingsPage() {
  return <Page title="Configurações" />;
}
