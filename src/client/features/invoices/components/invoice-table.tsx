import { memo } from 'react';
import Table from 'react-bootstrap/Table';
import { formatDate, formatDateTime, formatDecimal, orMissing } from '#shared/format';
import { daysBetween, todayInSaoPaulo } from '#shared/dates';
import { SITUACAO, type FaturaDto } from '#shared/schemas/invoices';
import { cellLabel, STACKED_TABLE_CLASS } from '#client/components/stacked-table';
import { InvoicePdfLink } from './invoice-pdf-link';
import { NfseActions } from './nfse-actions';
import { StatusIcon } from './situacao-icon';
import { ScrollRegion } from '#client/components/scroll-region';
import { BOLETO_TEXTS, COLUMNS, INVOICES_LABEL, INVOICES_TEXTS, PIX_TEXTS, STATUS_WORDS } from '../texts';

const ACTIONS_CELL = 'app-invoice-actions';

/**
 * The situação in words beside the §2 icon (issue 39): 'Em aberto' for a closed invoice not yet
 * due, 'Vencida há 18 dias' counted in São Paulo's days, else the server's description.
 */
function situacaoWords(fatura: FaturaDto, today: string): string {
  if (fatura.situacao === SITUACAO.fechada) return STATUS_WORDS.emAberto;
  if (fatura.situacao === SITUACAO.vencida) {
    const days = daysBetween(fatura.data_vencimento_calculado, today);
    return STATUS_WORDS.vencida(Number.isFinite(days) ? days : 0);
  }
  return fatura.situacao_desc;
}

/** Cells a phone's compact card leaves to the details (issue 39): the card is due date, amount, situação and one action. */
const SECONDARY = 'app-invoice-secondary';

const InvoiceRow = memo(function InvoiceRow({
  token,
  fatura,
  today,
  onOpen,
  onPay,
  onBoleto,
}: {
  token: string;
  fatura: FaturaDto;
  /** São Paulo's date, 'YYYY-MM-DD', for how long an invoice is overdue. */
  today: string;
  onOpen: (fatura: FaturaDto) => void;
  /** Set when the invoice can be paid by PIX (issue 20). */
  onPay: ((faturaId: number) => void) | null;
  /** Set when the invoice has a boleto (issue 40). */
  onBoleto: ((faturaId: number) => void) | null;
}) {
  const vencimento = formatDate(fatura.data_vencimento_calculado);
  return (
    <tr
      className="app-invoice-row"
      data-fatura-id={fatura.id}
      onClick={(event) => {
        // A click in Ações is never the row's: a disabled action lets the click through
        // (pointer-events: none), and it must not open the details behind it.
        if (event.target instanceof Element && event.target.closest(`.${ACTIONS_CELL}`)) return;
        onOpen(fatura);
      }}
    >
      <td {...cellLabel(COLUMNS.vencimento)}>
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
      <td className={SECONDARY} {...cellLabel(COLUMNS.pagoEm)}>
        {formatDate(fatura.datahora_confirmado_calculado)}
      </td>
      <td className="text-end text-nowrap" {...cellLabel(COLUMNS.valor)}>
        <span className="app-invoice-amount">{formatDecimal(fatura.valor)}</span>
        {fatura.valor_atualizado && (
          <small className="d-block text-danger-emphasis">
            {INVOICES_TEXTS.updatedShort(formatDecimal(fatura.valor_atualizado))}
          </small>
        )}
      </td>
      <td className={SECONDARY} {...cellLabel(COLUMNS.nfse)}>
        {orMissing(fatura.nfse?.nf_numero)}
      </td>
      <td className={`text-nowrap ${SECONDARY}`} {...cellLabel(COLUMNS.emissao)}>
        {formatDateTime(fatura.nfse?.datahora_emissao)}
      </td>
      <td className="text-center" {...cellLabel(COLUMNS.situacao)}>
        <StatusIcon
          situacao={fatura.situacao}
          iconClass={fatura.situacao_icon_class}
          description={fatura.situacao_desc}
        />
        <span className="app-situacao-words ms-1">{situacaoWords(fatura, today)}</span>
      </td>
      <td className={`text-end ${ACTIONS_CELL}`} {...cellLabel(COLUMNS.acoes)}>
        <div className="d-inline-flex flex-wrap justify-content-end gap-1">
          {onPay && (
            <button
              type="button"
              className="btn btn-sm btn-success"
              onClick={() => onPay(fatura.id)}
            >
              {PIX_TEXTS.action}
            </button>
          )}
          {onBoleto && (
            <button
              type="button"
              className={`btn btn-sm btn-outline-success ${onPay ? SECONDARY : ''}`.trim()}
              onClick={() => onBoleto(fatura.id)}
            >
              {BOLETO_TEXTS.action}
            </button>
          )}
          <InvoicePdfLink token={token} faturaId={fatura.id} className={onPay || onBoleto ? SECONDARY : ''} />
          <span className={`d-inline-flex flex-wrap gap-1 ${SECONDARY}`}>
            <NfseActions nfse={fatura.nfse} />
          </span>
        </div>
      </td>
    </tr>
  );
});

/**
 * §2 invoice table. Plain rows, memoised, with no per-row query: hundreds of invoices render in
 * one pass, and a row's items are fetched only when it is opened.
 */

export const InvoiceTable = memo(function InvoiceTable({
  token,
  faturas,
  onOpen,
  pixPayable,
  onPay,
  onBoleto,
}: {
  token: string;
  faturas: readonly FaturaDto[];
  onOpen: (fatura: FaturaDto) => void;
  /** The invoices payable by PIX (issue 20). */
  pixPayable?: ReadonlySet<number>;
  onPay?: (faturaId: number) => void;
  onBoleto?: (faturaId: number) => void;
}) {
  const today = todayInSaoPaulo();
  return (
    <ScrollRegion label={INVOICES_LABEL}>
      <Table hover size="sm" className={`align-middle app-invoice-table ${STACKED_TABLE_CLASS}`}>
        <thead>
          <tr>
            <th scope="col">{COLUMNS.vencimento}</th>
            <th scope="col">{COLUMNS.pagoEm}</th>
            <th scope="col" className="text-end">
              {COLUMNS.valor}
            </th>
            <th scope="col">{COLUMNS.nfse}</th>
            <th scope="col">{COLUMNS.emissao}</th>
            <th scope="col" className="text-center">
              {COLUMNS.situacao}
            </th>
            <th scope="col" className="text-end">
              {COLUMNS.acoes}
            </th>
          </tr>
        </thead>
        <tbody>
          {faturas.map((fatura) => (
            <InvoiceRow
              key={fatura.id}
              token={token}
              fatura={fatura}
              today={today}
              onOpen={onOpen}
              onPay={onPay && pixPayable?.has(fatura.id) ? onPay : null}
              onBoleto={onBoleto && fatura.boleto ? onBoleto : null}
            />
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
});
