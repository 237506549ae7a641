import { Link } from 'react-router';
import { MESSAGES } from '#shared/messages';
import { usePageTitle } from '#client/components/page';

/** §2: any path without a route. */
export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <section className="py-5 text-center">
      <h1 className="h4 mb-3">{MESSAGES.notFound}</h1>
      <Link to="/">{MESSAGES.notFoundLink}</Link>
    </section>
  );
}
