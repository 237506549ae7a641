import { useRouteError } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { MESSAGES } from '#shared/messages';
import { usePageTitle } from './page';
import { ROUTE_ERROR_TEXTS } from '../texts';

/**
 * Shown inside the layout when a screen fails to render or its code fails to load (e.g. after a
 * deploy replaced the chunks): §8's generic wording plus the error text, and a way out.
 */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Erro');
  const text = error instanceof Error ? error.message : String(error);
  return (
    <Alert variant="danger" className="my-4">
      <p className="mb-1">{MESSAGES.pageError}</p>
      <p className="small mb-3">{text}</p>
      <Button variant="danger" onClick={() => window.location.reload()}>
        {ROUTE_ERROR_TEXTS.reload}
      </Button>
    </Alert>
  );
}
