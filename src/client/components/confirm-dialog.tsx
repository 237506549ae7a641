import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { CLIENT_TEXTS } from '../texts';
import { BusyButton } from './busy-button';

/**
 * Asks before an action that cannot be undone: its title, what will happen, 'Cancelar' and the
 * action itself. Closing it (×, Esc, the backdrop) is 'Cancelar'. The one confirmation of the SPA.
 */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  busy = false,
  onCancel,
  onConfirm,
}: {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: 'primary' | 'danger';
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={CLIENT_TEXTS.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {CLIENT_TEXTS.cancel}
        </Button>
        <BusyButton busy={busy} variant={confirmVariant} onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
      </Modal.Footer>
    </Modal>
  );
}
