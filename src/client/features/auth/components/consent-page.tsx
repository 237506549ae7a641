import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { pageNavigation } from '../../../lib/navigation';
import { interactionIdOf, INTERACTION_PREFIX } from '../../../lib/oidc-interaction';
import { useSession } from '../../../lib/session';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { LoadError } from '../../../components/load-error';
import { OIDC_SCOPE_TEXTS } from '../../../texts';
import { DEFAULT_PRODUCT_ID, parsePid, pathTo } from '../../../paths';
import { useAllowApplication, useInteractionInfo } from '../api/application-sign-in';
import { CONSENT_TEXTS } from '../texts';

/** Leaves the SPA for the provider's interaction, which sends the browser back to the application. */
const goTo = (url: string) => pageNavigation.load(url);

/**
 * autorizar_aplicativo (/login/{pid}/autorizar_aplicativo?interacao={uid}; decision 097): a
 * partner's application asks the signed-in person for the scopes it has not been allowed yet.
 * 'Permitir' records the consent and returns to the interaction; 'Cancelar' ends the sign-in
 * with access_denied (the interaction's ?recusar=1).
 */
export function ConsentPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid) ?? DEFAULT_PRODUCT_ID;
  const uid = interactionIdOf(useLocation().search);
  return (
    <Page title={CONSENT_TEXTS.title}>
      <div className="app-login">
        {uid === null ? (
          <Alert variant="warning">{CONSENT_TEXTS.invalidRequest}</Alert>
        ) : (
          <ConsentScreen pid={pid} uid={uid} />
        )}
      </div>
    </Page>
  );
}

function ConsentScreen({ pid, uid }: { pid: number; uid: string }) {
  const session = useSession();
  const info = useInteractionInfo(uid);
  const allow = useAllowApplication();
  const [leaving, setLeaving] = useState(false);

  if (info.isPending || session.status === 'loading') return <PageLoading />;
  if (info.isError) {
    const expired = info.error instanceof ApiError && info.error.httpStatus === 404;
    return expired ? (
      <Alert variant="warning">{CONSENT_TEXTS.expired}</Alert>
    ) : (
      <LoadError message={CONSENT_TEXTS.failed} onRetry={() => void info.refetch()} />
    );
  }
  if (!session.usuario) {
    return (
      <Alert variant="info">
        <p>{CONSENT_TEXTS.notSignedIn}</p>
        <Link to={pathTo('login', { pid }, { interacao: uid })} className="alert-link">
          {CONSENT_TEXTS.toLogin}
        </Link>
      </Alert>
    );
  }
  const { aplicativo, escopos } = info.data;
  const busy = allow.isPending || leaving;
  return (
    <section aria-labelledby="consentimento-pergunta">
      <h2 id="consentimento-pergunta" className="h5">
        {CONSENT_TEXTS.question(aplicativo)}
      </h2>
      <p className="text-body-secondary">{CONSENT_TEXTS.signedInAs(session.usuario.nome)}</p>
      <p className="mb-1">{CONSENT_TEXTS.releases}</p>
      <ul>
        {escopos.map((scope) => (
          <li key={scope}>{OIDC_SCOPE_TEXTS[scope].release}</li>
        ))}
      </ul>
      <p className="small text-body-secondary">{CONSENT_TEXTS.partnerNote}</p>
      <p className="small text-body-secondary">{CONSENT_TEXTS.revokeNote}</p>
      <div className="d-flex gap-2 justify-content-end">
        <Button
          variant="outline-secondary"
          disabled={busy}
          onClick={() => {
            setLeaving(true);
            goTo(`${INTERACTION_PREFIX}${uid}?recusar=1`);
          }}
        >
          {CONSENT_TEXTS.cancel}
        </Button>
        <Button
          variant="primary"
          disabled={busy}
          onClick={() =>
            allow.mutate(uid, {
              onSuccess: (data) => {
                setLeaving(true);
                // Only ever back to the provider's interaction, whatever the answer said.
                goTo(
                  data.url.startsWith(INTERACTION_PREFIX)
                    ? data.url
                    : `${INTERACTION_PREFIX}${uid}`,
                );
              },
            })
          }
        >
          {CONSENT_TEXTS.allow}
        </Button>
      </div>
    </section>
  );
}
