import Container from 'react-bootstrap/Container';
import { providerName } from '../lib/page-meta';
import { CLIENT_TEXTS } from '../texts';

/** §2: the footer shows on every route. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-top bg-body-tertiary py-3 mt-auto">
      <Container className="d-flex flex-column flex-sm-row justify-content-between gap-1 small text-body-secondary">
        <span>
          © {year} {providerName()}
        </span>
        <span>{CLIENT_TEXTS.appName}</span>
      </Container>
    </footer>
  );
}
