import { Link } from 'react-router';
import { usePageTitle } from '../../../components/page';
import { DEFAULT_PRODUCT_ID, pathTo } from '../../../paths';

/** §2 placeholder landing page: the text and a button to the access panel (the login). */
export function LandingPage() {
  usePageTitle('Em breve');
  return (
    <section className="py-5 text-center">
      <h1 className="h3 fw-normal mb-4">Em breve, novidades.</h1>
      <Link className="btn btn-primary btn-lg" to={pathTo('login', { pid: DEFAULT_PRODUCT_ID })}>
        Acessar o painel
      </Link>
    </section>
  );
}
