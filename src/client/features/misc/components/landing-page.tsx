import { Link } from 'react-router';
import { usePageTitle } from '#client/components/page';
import { DEFAULT_PRODUCT_ID, pathTo } from '#client/paths';
import { LANDING_TEXTS } from '../texts';

/** §2 placeholder landing page: the text and a button to the access panel (the login). */
export function LandingPage() {
  usePageTitle(LANDING_TEXTS.title);
  return (
    <section className="py-5 text-center">
      <h1 className="h3 fw-normal mb-4">{LANDING_TEXTS.heading}</h1>
      <Link className="btn btn-primary btn-lg" to={pathTo('login', { pid: DEFAULT_PRODUCT_ID })}>
        {LANDING_TEXTS.toPanel}
      </Link>
    </section>
  );
}
