import { Page } from '../../../components/page';

/** dashboard (§2; path /painel is our choice). Only the title for now; its own issue fills it. */
export function DashboardPage() {
  return <Page title="Painel" />;
}
