import { memo } from 'react';
import Table from 'react-bootstrap/Table';
import { formatDate, formatDateTime } from '#shared/format';
import type { FaturaDto } from '#shared/schemas/fatura';
import { formatAmount, orMissing } from '../utils/format';
import { NfseActions } from './nfse-actions';
import { SituacaoIcon } from './situacao-icon';

const InvoiceRow = memo(function InvoiceRow({
  fatura,
  onOpen,
}: {
  fatura: FaturaDto;
  onOpen: (fatura: FaturaDto) => void;
}) {
  const vencimento = formatDate(fatura.data_vencimento_calculado);
  return (
    <tr className="app-invoice-row" data-fatura-id={fatura.id} onClick={() => onOpen(fatura)}>
      <td>
        {/* The row opens on click; this button makes it reachable by keyboard too. */}
        <button
          type="button"
          className="btn btn-link p-0 align-baseline"
          aria-label={`Ver detalhes da fatura com vencimento em ${vencimento}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(fatura);
          }}
        >
          {vencimento}
        </button>
      </td>
      <td>{formatDate(fatura.datahora_confirmado_calculado)}</td>
      <td className="text-end text-nowrap">{formatAmount(fatura.valor)}</td>
      <td>{orMissing(fatura.nfse?.nf_numero)}</td>
      <td className="text-nowrap">{formatDateTime(fatura.nfse?.datahora_emissao)}</td>
      <td className="text-center">
        <SituacaoIcon
          situacao={fatura.situacao}
          iconClass={fatura.situacao_icon_class}
          description={fatura.situacao_desc}
        />
      </td>
      <td className="text-end">
        <NfseActions nfse={fatura.nfse} />
      </td>
    </tr>
  );
});

/**
 * §2 invoice table. Plain rows, memoised, with no per-row query: hundreds of invoices render in
 * one pass, and a row's items are fetched only when it is opened.
 */
export const InvoiceTable = memo(function InvoiceTable({
  faturas,
  onOpen,
}: {
  faturas: readonly FaturaDto[];
  onOpen: (fatura: FaturaDto) => void;
}) {
  return (
    <Table hover responsive size="sm" className="align-middle app-invoice-table">
      <thead>
        <tr>
          <th scope="col">Vencimento</th>
          <th scope="col">Pago em</th>
          <th scope="col" className="text-end">
            Valor (R$)
          </th>
          <th scope="col">NFS-e</th>
          <th scope="col">Emissão da NFS-e</th>
          <th scope="col" className="text-center">
            Situação
          </th>
          <th scope="col" className="text-end">
            Ações
          </th>
        </tr>
      </thead>
      <tbody>
        {faturas.map((fatura) => (
          <InvoiceRow key={fatura.id} fatura={fatura} onOpen={onOpen} />
        ))}
      </tbody>
    </Table>
  );
});
