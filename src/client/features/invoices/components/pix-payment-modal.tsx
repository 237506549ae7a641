import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatDate, formatMoney } from '#shared/format';
import { LoadError } from '#client/components/load-error';
import { PageLoading } from '#client/components/page-loading';
import { copyText } from '#client/lib/clipboard';
import { CLIENT_TEXTS } from '#client/texts';
import { usePixPayment } from '../api/get-pix';
import { PIX_TEXTS } from '../texts';

/**
 * 'Pagar com PIX' (issue 20): the amount, the due date, the QR code and the "PIX copia e cola"
 * text with a copy button, for an open or overdue invoice whose account has a PIX key; once the
 * list learns the invoice was paid (the PSP's confirmation), the thanks instead.
 */
export function PixPaymentModal({
  token,
  faturaId,
  paid,
  onHide,
}: {
  token: string;
  faturaId: number | null;
  paid: boolean;
  onHide: () => void;
}) {
  const payment = usePixPayment(token, faturaId);
  const copy = (text: string) =>
    copyText(text, { copied: PIX_TEXTS.copied, failed: PIX_TEXTS.copyFailed });
  return (
    <Modal show={faturaId !== null} onHide={onHide} aria-labelledby="pix-titulo">
      <Modal.Header closeButton closeLabel={CLIENT_TEXTS.close}>
        <Modal.Title id="pix-titulo">{PIX_TEXTS.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {paid && (
          <Alert variant="success" className="mb-0" role="status">
            {PIX_TEXTS.paid}
          </Alert>
        )}
        {!paid && payment.isPending && <PageLoading />}
        {!paid && payment.isError && (
          <LoadError message={PIX_TEXTS.loadFailed} onRetry={() => void payment.refetch()} />
        )}
        {!paid && payment.data && (
          <>
            <dl className="row mb-3">
              {payment.data.valor_original && (
                <>
                  <dt className="col-5">{PIX_TEXTS.originalAmount}</dt>
                  <dd className="col-7">{formatMoney(payment.data.valor_original)}</dd>
                </>
              )}
              <dt className="col-5">
                {payment.data.valor_original ? PIX_TEXTS.updatedAmount : PIX_TEXTS.amount}
              </dt>
              <dd className="col-7">{formatMoney(payment.data.valor)}</dd>
              <dt className="col-5">{PIX_TEXTS.dueDate}</dt>
              <dd className="col-7">{formatDate(payment.data.data_vencimento)}</dd>
            </dl>
            <p className="text-center">
              <img
                src={payment.data.qr_code}
                alt={PIX_TEXTS.qrAlt}
                width={240}
                height={240}
                className="app-pix-qr"
              />
            </p>
            <label className="form-label" htmlFor="pix-copia-e-cola">
              {PIX_TEXTS.copyPaste}
            </label>
            <textarea
              id="pix-copia-e-cola"
              className="form-control font-monospace small mb-2"
              rows={4}
              readOnly
              value={payment.data.copia_e_cola}
              onFocus={(event) => event.target.select()}
            />
            <Button variant="primary" onClick={() => void copy(payment.data.copia_e_cola)}>
              {PIX_TEXTS.copy}
            </Button>
            <p className="small text-body-secondary mt-3 mb-0">{PIX_TEXTS.afterPaying}</p>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
