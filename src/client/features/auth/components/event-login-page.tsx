import { Page } from '../../../components/page';

/** e.login (§2 /e/login): password confirmation for an event login. Only the title for now; its own issue fills it. */
export function EventLoginPage() {
  return <Page title="Confirme sua senha" />;
}
