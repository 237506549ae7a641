import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { Page } from '../../../components/page';
import { safeRedirectUrl } from '../utils/safe-url';

const DEFAULT_TITLE = 'Redirecionamento';
const DEFAULT_BUTTON_LABEL = 'Continuar';

/**
 * accessurl_redirect (§2 Redirect page, /a/redirect?url&title&message&buttonLabel): the
 * intermediate step after login on localhost (§4). Texts come from the query string and are
 * shown as plain text.
 */
export function AccessUrlRedirectPage() {
  const [query] = useSearchParams();
  const url = safeRedirectUrl(query.get('url'));
  const message = query.get('message');
  return (
    <Page title={query.get('title') || DEFAULT_TITLE}>
      {message && <p>{message}</p>}
      {url ? (
        // A real link (not role="button"): it leaves the page, and may open in a new tab.
        <a className="btn btn-primary" href={url}>
          {query.get('buttonLabel') || DEFAULT_BUTTON_LABEL}
        </a>
      ) : (
        <Alert variant="warning">URL não informada.</Alert>
      )}
    </Page>
  );
}
