import { Page } from '../../../components/page';

/** conta_criar (§2): sign-up while logged out. Only the title for now; its own issue fills it. */
export function CreateAccountPage() {
  return <Page title="Criar uma conta" />;
}
