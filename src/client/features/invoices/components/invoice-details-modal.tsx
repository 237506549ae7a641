import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { formatDate, formatDateTime, formatMoney, formatQuantity, orMissing } from '#shared/format';
import type { FaturaDto } from '#shared/schemas/invoices';
import { PageLoading } from '#client/components/page-loading';
import { cellLabel, STACKED_TABLE_CLASS } from '#client/components/stacked-table';
import { CLIENT_TEXTS } from '#client/texts';
import { useInvoice } from '../api/get-invoice';
import { InvoicePdfLink } from './invoice-pdf-link';
import { NfseActions } from './nfse-actions';
import { ScrollRegion } from '#client/components/scroll-region';
import { DETAILS_TITLE, ITEMS_LABEL, ITEM_COLUMNS, INVOICES_TEXTS } from '../texts';

/**
 * §2 'Detalhes da Fatura', read-only. The header fields come from the list at once; the
 * description and the items from GET /{id}, fetched when the modal opens.
 */
export function InvoiceDetailsModal({
  token,
  clienteNome,
  fatura,
  show,
  onHide,
  onExited,
}: {
  token: string;
  /** The client's name, on the printed page (issue 20). */
  clienteNome?: string;
  /** The row opened; kept until the closing animation ends (onExited). */
  fatura: FaturaDto | null;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}) {
  const detail = useInvoice(token, fatura?.id ?? null);
  const shown = detail.data ?? fatura;
  return (
    <Modal
      show={show && fatura !== null}
      onHide={onHide}
      onExited={onExited}
      size="lg"
      aria-labelledby="fatura-detalhes-titulo"
    >
      <Modal.Header closeButton closeLabel={CLIENT_TEXTS.close}>
        <Modal.Title id="fatura-detalhes-titulo">{DETAILS_TITLE}</Modal.Title>
      </Modal.Header>
      {clienteNome && (
        <p className="d-none d-print-block px-3 mb-0">{INVOICES_TEXTS.printedFor(clienteNome)}</p>
      )}
      <Modal.Body>
        {shown && (
          <dl className="row mb-3">
            <dt className="col-sm-3">{INVOICES_TEXTS.dueDate}</dt>
            <dd className="col-sm-9">{formatDate(shown.data_vencimento_calculado)}</dd>
            <dt className="col-sm-3">{INVOICES_TEXTS.paidAt}</dt>
            <dd className="col-sm-9">{formatDateTime(shown.datahora_confirmado_calculado)}</dd>
            <dt className="col-sm-3">{INVOICES_TEXTS.total}</dt>
            <dd className="col-sm-9">{formatMoney(shown.valor)}</dd>
            {shown.valor_atualizado && (
              <>
                <dt className="col-sm-3">{INVOICES_TEXTS.updatedToday}</dt>
                <dd className="col-sm-9 fw-semibold">{formatMoney(shown.valor_atualizado)}</dd>
              </>
            )}
          </dl>
        )}
        {detail.isPending && fatura !== null && <PageLoading />}
        {detail.isSuccess && detail.data === null && (
          <Alert variant="warning" className="mb-0">
            {INVOICES_TEXTS.gone}
          </Alert>
        )}
        {detail.data && (
          <>
            <h2 className="h6">{INVOICES_TEXTS.services}</h2>
            <p className="app-pre-line">{orMissing(detail.data.servico_discriminacao_calculado)}</p>
            <ScrollRegion label={ITEMS_LABEL}>
              <Table size="sm" bordered className={`mb-0 ${STACKED_TABLE_CLASS}`}>
                <thead>
                  <tr>
                    <th scope="col">{ITEM_COLUMNS.codigo}</th>
                    <th scope="col">{ITEM_COLUMNS.descricao}</th>
                    <th scope="col">{ITEM_COLUMNS.unidade}</th>
                    <th scope="col" className="text-end">
                      {ITEM_COLUMNS.qtde}
                    </th>
                    <th scope="col" className="text-end">
                      {ITEM_COLUMNS.valor}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {detail.data.itens.map((item) => (
                    <tr key={item.id}>
                      <td {...cellLabel(ITEM_COLUMNS.codigo)}>{orMissing(item.codigo)}</td>
                      <td {...cellLabel(ITEM_COLUMNS.descricao)}>{orMissing(item.descricao)}</td>
                      <td {...cellLabel(ITEM_COLUMNS.unidade)}>{orMissing(item.unidade)}</td>
                      <td className="text-end" {...cellLabel(ITEM_COLUMNS.qtde)}>
                        {formatQuantity(item.qtde)}
                      </td>
                      <td className="text-end text-nowrap" {...cellLabel(ITEM_COLUMNS.valor)}>
                        {formatMoney(item.valor)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </ScrollRegion>
          </>
        )}
      </Modal.Body>
      <Modal.Footer className="app-invoice-actions-bar">
        {fatura && (
          <>
            <InvoicePdfLink token={token} faturaId={fatura.id} />
            <NfseActions nfse={fatura.nfse} />
          </>
        )}
        {/* Issue 20: a clean one-page invoice (the print rules of styles/app.css). */}
        <Button variant="outline-primary" disabled={!detail.data} onClick={() => window.print()}>
          {INVOICES_TEXTS.print}
        </Button>
        <Button variant="secondary" onClick={onHide}>
          {CLIENT_TEXTS.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
