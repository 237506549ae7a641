import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ApiError } from '#client/lib/api-client';
import { pageNavigation } from '#client/lib/navigation';
import {
  forgetInteraction,
  interactionIdOf,
  INTERACTION_PREFIX,
} from '#client/lib/oidc-interaction';
import { useSession } from '#client/lib/session';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { LoadError } from '#client/components/load-error';
import { OIDC_SCOPE_TEXTS } from '#client/texts';
import { DEFAULT_PRODUCT_ID, parsePid, pathTo } from '#client/paths';
import { useAllowApplication, useInteractionInfo } from '../api/application-sign-in';
import { CONSENT_TEXTS } from '../texts';

/**
 * Leaves the SPA for the provider's interaction, which sends the browser back to the application.
 * The tab's pending interaction (lib/oidc-interaction) ends here: a later login in this tab must
 * not return to a finished request (the provider's expired page).
 */
function goTo(url: string): void {
  forgetInteraction();
  pageNavigation.load(url);
}

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
          <NothingToAnswer pid={pid} text={CONSENT_TEXTS.invalidRequest} />
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
      <Expired pid={pid} />
    ) : (
      <LoadError message={CONSENT_TEXTS.failed} onRetry={() => void info.refetch()} />
    );
  }
  // The portal session ended meanwhile: the login, which names the application and, once signed
  // in, returns to the interaction (kept in this tab), which comes back here.
  if (!session.usuario)
    return <Navigate to={pathTo('login', { pid }, { interacao: uid })} replace />;
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

/** No request to answer here: what happened, and the way back to the portal. */
function NothingToAnswer({ pid, text }: { pid: number; text: string }) {
  return (
    <Alert variant="warning">
      <p>{text}</p>
      <Link to={pathTo('login', { pid })} className="alert-link">
        {CONSENT_TEXTS.toLogin}
      </Link>
    </Alert>
  );
}

/** The request expired or was answered (in another tab): this tab no longer waits for it. */
function Expired({ pid }: { pid: number }) {
  useEffect(() => forgetInteraction(), []);
  return <NothingToAnswer pid={pid} text={CONSENT_TEXTS.expired} />;
}
