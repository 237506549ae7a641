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
      {/* One button a line, full width, the recommended one first: side by side, 'Ativar agora'
          wrapped onto a line of its own; 'Continuar Login' is outlined in the text colour, as
          clearly clickable as the others, never the grey of a disabled button (issue 38). */}
      <Modal.Footer className="d-grid gap-2">
        <Button variant="primary" disabled={busy} onClick={onActivate}>
          {ACTIVATION_TEXTS.activate}
        </Button>
        <Button variant="outline-primary" disabled={busy} onClick={onRemindLater}>
          {ACTIVATION_TEXTS.remindLater}
        </Button>
        <Button variant="outline-dark" disabled={busy} onClick={onContinue}>
          {ACTIVATION_TEXTS.continue}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
