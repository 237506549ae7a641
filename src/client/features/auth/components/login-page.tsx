import { Page } from '../../../components/page';

/** login (§2 /login/{pid}). Only the title for now; its own issue fills it. */
export function LoginPage() {
  return <Page title="Entrar" />;
}
