import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ACTIVATION_TEXTS } from '../texts';
import { ApplicationAsking } from './application-asking';

/**
 * §2 Login: after a login of someone without 2FA, the offer to turn it on. One of the three
 * buttons must be chosen (no close button, no Escape, no click outside): each one decides
 * where the login goes next.
 */
export function TwofaActivationModal({
  busy,
  onActivate,
  onRemindLater,
  onContinue,
}: {
  busy: boolean;
  onActivate: () => void;
  onRemindLater: () => void;
  onContinue: () => void;
}) {
  return (
    <Modal show backdrop="static" keyboard={false} centered aria-labelledby="twofa-oferta-titulo">
      <Modal.Header>
        <Modal.Title id="twofa-oferta-titulo" as="h2" className="h5">
          {ACTIVATION_TEXTS.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ApplicationAsking />
        <p className="mb-0">{ACTIVATION_TEXTS.body}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" disabled={busy} onClick={onContinue}>
          {ACTIVATION_TEXTS.continue}
        </Button>
        <Button variant="outline-primary" disabled={busy} onClick={onRemindLater}>
          {ACTIVATION_TEXTS.remindLater}
        </Button>
        <Button variant="primary" disabled={busy} onClick={onActivate}>
          {ACTIVATION_TEXTS.activate}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
