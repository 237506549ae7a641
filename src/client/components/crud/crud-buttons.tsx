import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { CRUD_TEXTS } from '../../texts';

export function RefreshButton({
  loading,
  onClick,
  hidden = false,
}: {
  loading: boolean;
  onClick: () => void;
  hidden?: boolean;
}) {
  if (hidden) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-secondary"
      disabled={loading}
      onClick={onClick}
      aria-busy={loading || undefined}
    >
      <span className={`d-inline-block me-1${loading ? ' app-spin' : ''}`} aria-hidden="true">
        ↻
      </span>
      {CRUD_TEXTS.refresh}
    </button>
  );
}

export function AddButton({ onClick, hidden = false }: { onClick: () => void; hidden?: boolean }) {
  if (hidden) return null;
  return (
    <button type="button" className="btn btn-primary" onClick={onClick}>
      + {CRUD_TEXTS.add}
    </button>
  );
}

export function SaveButton({
  busy,
  hidden = false,
  disabled = false,
}: {
  busy: boolean;
  hidden?: boolean;
  disabled?: boolean;
}) {
  if (hidden) return null;
  return (
    <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
      {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
      {CRUD_TEXTS.save}
    </button>
  );
}

export function DeleteButton({
  onClick,
  hidden = false,
  disabled = false,
}: {
  onClick: () => void;
  hidden?: boolean;
  disabled?: boolean;
}) {
  if (hidden) return null;
  return (
    <button type="button" className="btn btn-outline-danger" disabled={disabled} onClick={onClick}>
      {CRUD_TEXTS.delete}
    </button>
  );
}

/** 'Excluir registro?' with 'Excluir' and 'Cancelar' and an optional title. */
export function DeleteDialog({
  show,
  title,
  busy,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title?: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="excluir-registro-titulo">
      <Modal.Header closeButton closeLabel="Fechar">
        <Modal.Title id="excluir-registro-titulo" as="h2" className="h5">
          {title ?? CRUD_TEXTS.deleteQuestion}
        </Modal.Title>
      </Modal.Header>
      {title && <Modal.Body>{CRUD_TEXTS.deleteQuestion}</Modal.Body>}
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          {CRUD_TEXTS.cancel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {CRUD_TEXTS.delete}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
