import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { useDestinationCheck } from '#client/lib/destination';
import { safeRedirectUrl } from '../utils/safe-url';
import { REDIRECT_TEXTS } from '../texts';

/**
 * accessurl_redirect (§2 Redirect page, /a/redirect?url&title&message&buttonLabel): the
 * intermediate step after login on localhost (§4). The texts of the query are shown (as plain
 * text) only when the destination is this portal or one of its products (decision 041, the
 * server's allow-list); any other destination gets our own warning with its host and a choice
 * to continue or go back, so a crafted link cannot dress a foreign site up as ours.
 */
export function AccessUrlRedirectPage() {
  const [query] = useSearchParams();
  const url = safeRedirectUrl(query.get('url'));
  const destination = url ? new URL(url) : null;
  const check = useDestinationCheck(destination?.origin ?? null);

  if (!url || !destination) {
    return (
      <Page title={REDIRECT_TEXTS.defaultTitle}>
        <Alert variant="warning">{REDIRECT_TEXTS.noUrl}</Alert>
      </Page>
    );
  }
  if (check.pending) return <PageLoading />;
  if (!check.allowed) return <ForeignDestination url={url} host={destination.host} />;

  const message = query.get('message');
  return (
    <Page title={query.get('title') || REDIRECT_TEXTS.defaultTitle}>
      {message && <p>{message}</p>}
      {/* A real link (not role="button"): it leaves the page, and may open in a new tab. */}
      <a className="btn btn-primary" href={url}>
        {query.get('buttonLabel') || REDIRECT_TEXTS.defaultButtonLabel}
      </a>
    </Page>
  );
}

function ForeignDestination({ url, host }: { url: string; host: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The first page of this tab has nowhere to go back to: the portal's home instead.
  const back = () => void (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <Page title={REDIRECT_TEXTS.foreignTitle}>
      <Alert variant="warning">
        <p>{REDIRECT_TEXTS.foreignIntro}</p>
        <p className="fs-5 fw-bold text-break mb-3" data-testid="destino-host">
          {host}
        </p>
        <p className="mb-0">{REDIRECT_TEXTS.foreignAdvice}</p>
      </Alert>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" onClick={back}>
          {REDIRECT_TEXTS.back}
        </Button>
        <a className="btn btn-outline-danger" href={url} rel="noopener noreferrer">
          {REDIRECT_TEXTS.foreignContinue(host)}
        </a>
      </div>
    </Page>
  );
}
