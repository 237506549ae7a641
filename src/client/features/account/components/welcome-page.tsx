import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { Page } from '#client/components/page';
import { useResumeLogin } from '#client/lib/post-login';
import { parsePid, pathTo } from '#client/paths';
import { BusyButton } from '#client/components/busy-button';
import { WELCOME_TEXTS } from '../texts';
import { ApplicationAsking } from '../../auth';

/**
 * cliente_direcionar_produto (§2 /login/{pid}/direcionar_produto): shown by the §4 routing when
 * the chosen client has no contract on the product, i.e. a new account (docs/decisions/017).
 */
export function WelcomePage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  return (
    <Page title={WELCOME_TEXTS.title}>
      <ApplicationAsking />
      {pid === null ? (
        <Alert variant="warning">{WELCOME_TEXTS.invalidProduct}</Alert>
      ) : (
        <WelcomeChoice pid={pid} />
      )}
    </Page>
  );
}

function WelcomeChoice({ pid }: { pid: number }) {
  // The person has seen the welcome: the same routing, on to the product this time.
  const { resume, isPending } = useResumeLogin(pid, { skipWelcome: true });
  return (
    <>
      <p className="lead">{WELCOME_TEXTS.intro}</p>
      <p>{WELCOME_TEXTS.choice}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary" to={pathTo('planos_produto', { pid })}>
          {WELCOME_TEXTS.plans}
        </Link>
        <BusyButton busy={isPending} variant="outline-primary" onClick={resume}>
          {WELCOME_TEXTS.continue}
        </BusyButton>
      </div>
    </>
  );
}
