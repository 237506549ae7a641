import Spinner from 'react-bootstrap/Spinner';
import { CLIENT_TEXTS } from '../texts';

/** Placeholder while a screen's code or the session check is on its way. */
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" variant="secondary">
        <span className="visually-hidden">{CLIENT_TEXTS.loading}</span>
      </Spinner>
    </div>
  );
}
