import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatDate, formatMoney } from '#shared/format';
import { LoadError } from '#client/components/load-error';
import { PageLoading } from '#client/components/page-loading';
import { copyText } from '#client/lib/clipboard';
import { CLIENT_TEXTS } from '#client/texts';
import { useBoleto } from '../api/get-boleto';
import { BOLETO_TEXTS } from '../texts';

/**
 * 'Boleto' (issue 40): the invoice's registered boleto — the linha digitável with a copy button
 * and 'Baixar boleto (PDF)'; before the bank confirms the registration, 'Boleto em registro no
 * banco' instead of anything payable.
 */
export function BoletoModal({ token, faturaId, onHide }: { token: string; faturaId: number | null; onHide: () => void }) {
  const boleto = useBoleto(token, faturaId);
  const data = boleto.data;
  return (
    <Modal show={faturaId !== null} onHide={onHide} aria-labelledby="boleto-titulo">
      <Modal.Header closeButton closeLabel={CLIENT_TEXTS.close}>
        <Modal.Title id="boleto-titulo">{BOLETO_TEXTS.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {boleto.isPending && <PageLoading />}
        {boleto.isError && <LoadError message={BOLETO_TEXTS.loadFailed} onRetry={() => void boleto.refetch()} />}
        {data && (
          <>
            <dl className="row mb-3">
              <dt className="col-5">{BOLETO_TEXTS.bank}</dt>
              <dd className="col-7">{data.banco}</dd>
              <dt className="col-5">{BOLETO_TEXTS.amount}</dt>
              <dd className="col-7">{formatMoney(data.valor)}</dd>
              <dt className="col-5">{BOLETO_TEXTS.dueDate}</dt>
              <dd className="col-7">{formatDate(data.data_vencimento)}</dd>
              <dt className="col-5">{BOLETO_TEXTS.nossoNumero}</dt>
              <dd className="col-7">{data.nosso_numero}</dd>
            </dl>
            {data.situacao === 'em_registro' && (
              <Alert variant="info" className="mb-0" role="status">
                <strong>{BOLETO_TEXTS.registering}</strong> {BOLETO_TEXTS.registeringHint}
              </Alert>
            )}
            {data.situacao !== 'em_registro' && data.situacao !== 'registrado' && (
              <Alert variant="secondary" className="mb-0">
                {BOLETO_TEXTS.notPayable}
              </Alert>
            )}
            {data.linha_digitavel && (
              <>
                <label className="form-label" htmlFor="boleto-linha">
                  {BOLETO_TEXTS.linha}
                </label>
                <input
                  id="boleto-linha"
                  className="form-control font-monospace mb-2"
                  readOnly
                  value={data.linha_digitavel}
                  onFocus={(event) => event.target.select()}
                />
                <div className="d-flex flex-wrap gap-2">
                  <Button
                    variant="primary"
                    onClick={() =>
                      void copyText(data.linha_digitavel ?? '', { copied: BOLETO_TEXTS.copied, failed: BOLETO_TEXTS.copyFailed })
                    }
                  >
                    {BOLETO_TEXTS.copy}
                  </Button>
                  {data.pdf_url && (
                    <a className="btn btn-outline-primary" href={data.pdf_url} download>
                      {BOLETO_TEXTS.download}
                    </a>
                  )}
                </div>
              </>
            )}
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
