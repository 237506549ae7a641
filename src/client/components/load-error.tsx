import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { LOAD_ERROR_TEXTS } from '../texts';

/**
 * What a screen or a part of one shows when its data could not be loaded: the reason, and
 * 'Tentar novamente' to ask again (without it when asking again cannot help, e.g. a product that
 * does not exist). The one way every screen says so.
 */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <Alert
      variant="danger"
      className={`d-flex flex-wrap align-items-center gap-2 ${className ?? ''}`.trim()}
    >
      <span>{message}</span>
      {onRetry && (
        <Button size="sm" variant="danger" onClick={onRetry}>
          {LOAD_ERROR_TEXTS.retry}
        </Button>
      )}
    </Alert>
  );
}
