import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/**
 * A button whose action is under way: disabled, with a small spinner before its text, so a
 * person neither waits without a sign nor sends the same request twice. The one way every form
 * and action shows it.
 */
export function BusyButton({ busy, disabled, children, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button {...props} disabled={Boolean(disabled) || busy} aria-busy={busy || undefined}>
      {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}
