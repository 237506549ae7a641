import { Link, useParams, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Page } from '#client/components/page';
import { useLogout, type LogoutPayload } from '#client/lib/session';
import { parsePid, pathTo } from '#client/paths';
import { EMAIL_SENT_TEXTS } from '../texts';

/**
 * §3 "Query-string tokens: sessao_id and sessao_token (or session_id, session_token), evento_id,
 * evento_token", as POST /api/acesso/logout takes them (§7). Only the ones present are sent.
 */
export function logoutPayloadFromQuery(query: URLSearchParams): LogoutPayload {
  const read = (...names: string[]) =>
    names.map((name) => query.get(name)?.trim()).find((value) => value) ?? undefined;
  const payload: LogoutPayload = {};
  const sessaoId = read('sessao_id', 'session_id');
  const sessaoToken = read('sessao_token', 'session_token');
  const eventoId = read('evento_id');
  const eventoToken = read('evento_token');
  if (eventoId) payload.evento_id = eventoId;
  if (eventoToken) payload.evento_token = eventoToken;
  if (sessaoId) payload.sessao_id = sessaoId;
  if (sessaoToken) payload.sessao_token = sessaoToken;
  return payload;
}

/**
 * validar_email (§2 /login/{pid}/conta_criar/email?session_id&session_token&evento_id&evento_token):
 * the temporary password went by e-mail (§4); the person signs in with it next.
 */
export function EmailSentPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  return (
    <Page title={EMAIL_SENT_TEXTS.title}>
      {pid === null ? (
        <Alert variant="warning">{EMAIL_SENT_TEXTS.invalidProduct}</Alert>
      ) : (
        <EmailSentNotice pid={pid} />
      )}
    </Page>
  );
}

function EmailSentNotice({ pid }: { pid: number }) {
  const [query] = useSearchParams();
  // §8 "Failed logout from the notice screen: only logged, user stays": no notice.
  const logout = useLogout(pid, { silentErrors: true });
  const onLogout = () =>
    logout.mutate(logoutPayloadFromQuery(query), {
      // A warning, not an error: nothing is wrong for the person, who stays here.
      onError: (error) => console.warn('Logout na tela de aviso falhou:', error),
    });
  return (
    <div className="app-login">
      <p>{EMAIL_SENT_TEXTS.intro}</p>
      <p>{EMAIL_SENT_TEXTS.inbox}</p>
      <p>{EMAIL_SENT_TEXTS.next}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary" to={pathTo('login', { pid })}>
          {EMAIL_SENT_TEXTS.ok}
        </Link>
        <Button
          variant="outline-secondary"
          disabled={logout.isPending || logout.isSuccess}
          onClick={onLogout}
        >
          {EMAIL_SENT_TEXTS.logout}
        </Button>
      </div>
    </div>
  );
}
