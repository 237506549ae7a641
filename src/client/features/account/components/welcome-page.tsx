import { Page } from '../../../components/page';

/** cliente_direcionar_produto (§2): welcome after sign-in. Only the title for now; its own issue fills it. */
export function WelcomePage() {
  return <Page title="Seja Bem-vindo(a)" />;
}
