import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { documentKind, formatCpfCnpj } from '#shared/cpf-cnpj';
import { formatMoney, toCents } from '#shared/format';
import { SITUACAO, SITUACAO_FILTROS, type FaturaDto } from '#shared/schemas/invoices';
import { Page, usePageTitle } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { useInvoices } from '../api/get-invoices';
import '../invoices.css';
import { InvoiceDetailsModal } from './invoice-details-modal';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceTable } from './invoice-table';
import { BoletoModal } from './boleto-modal';
import { PixPaymentModal } from './pix-payment-modal';
import { usePixPayable } from '../api/get-pix';
import { loadCode } from '#client/lib/code-loading';
import { downloadText } from '#client/lib/download';
import { invoicesCsv, invoicesCsvName } from '../export-csv';
import { NOT_FOUND_TEXT, EMPTY_TEXT, EXPORT_CSV_LABEL, INVOICES_TEXTS } from '../texts';

const FILTER_PARAM = 'situacao';
const FILTER_CODES = new Set(
  SITUACAO_FILTROS.flatMap(({ situacao }) => (situacao === null ? [] : [situacao])),
);

/** The filter in the address (?situacao=6), so it survives a reload and the back button. */
function useSituacaoFilter(): [number | null, (situacao: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get(FILTER_PARAM));
  const active = FILTER_CODES.has(value) ? value : null;
  const setActive = useCallback(
    (situacao: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (situacao === null) next.delete(FILTER_PARAM);
          else next.set(FILTER_PARAM, String(situacao));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [active, setActive];
}

/**
 * cliente.fatura.index (§2 /cliente/{token}/fatura): a client's invoices, reached by the token in
 * the path alone (§6). Heading with the company name and its CPF/CNPJ (§5 mask), filter badges
 * with counts, the table, and the read-only details of a row.
 */
export function InvoiceListPage() {
  const { token = '' } = useParams();
  const query = useInvoices(token);
  const [active, setActive] = useSituacaoFilter();
  const [selected, setSelected] = useState<FaturaDto | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  const [boletoOf, setBoletoOf] = useState<number | null>(null);
  const pixPayable = usePixPayable(token, Boolean(query.data), paying !== null);
  const queryClient = useQueryClient();
  // The invoice being paid left the payable ones: reload the list, which says whether it is paid.
  const leftPayable =
    paying !== null && pixPayable.data !== undefined && !pixPayable.data.has(paying);
  useEffect(() => {
    if (leftPayable)
      void queryClient.invalidateQueries({ queryKey: ['pg_fatura', token], exact: true });
  }, [leftPayable, queryClient, token]);

  const faturas = useMemo(() => query.data?.faturaList ?? [], [query.data]);
  const counts = useMemo(() => {
    const bySituacao = new Map<number, number>();
    for (const fatura of faturas)
      bySituacao.set(fatura.situacao, (bySituacao.get(fatura.situacao) ?? 0) + 1);
    return bySituacao;
  }, [faturas]);
  // Issued and not paid: closed (5) and overdue (8), whatever the filter shows (issue 39).
  const openCents = useMemo(
    () =>
      faturas
        .filter((fatura) => fatura.situacao === SITUACAO.fechada || fatura.situacao === SITUACAO.vencida)
        .reduce((sum, fatura) => sum + (toCents(fatura.valor) ?? 0), 0),
    [faturas],
  );
  const shown = useMemo(
    () => (active === null ? faturas : faturas.filter((fatura) => fatura.situacao === active)),
    [faturas, active],
  );
  const open = useCallback((fatura: FaturaDto) => {
    setSelected(fatura);
    setDetailsOpen(true);
  }, []);

  if (query.isPending) {
    return (
      <Page title={INVOICES_TEXTS.title}>
        <PageLoading />
      </Page>
    );
  }
  // A failure was already shown as a §8 notice.
  if (query.isError) return <Page title={INVOICES_TEXTS.title} />;
  if (query.data === null) {
    return (
      <Page title={INVOICES_TEXTS.title}>
        <Alert variant="warning">{NOT_FOUND_TEXT}</Alert>
      </Page>
    );
  }

  const { cliente } = query.data;
  return (
    <section className="py-4">
      <ClientHeading razaoSocial={cliente.razao_social} cpfcnpj={cliente.cpfcnpj} />
      <InvoiceFilters counts={counts} total={faturas.length} active={active} onChange={setActive} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <p className="mb-0 fw-semibold">{INVOICES_TEXTS.openTotal(formatMoney(openCents / 100))}</p>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={shown.length === 0}
          onClick={() => void exportCsv(shown, cliente.razao_social, active)}
        >
          {EXPORT_CSV_LABEL}
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className="text-body-secondary">{EMPTY_TEXT}</p>
      ) : (
        <InvoiceTable
          token={token}
          faturas={shown}
          onOpen={open}
          pixPayable={pixPayable.data}
          onPay={setPaying}
          onBoleto={setBoletoOf}
        />
      )}
      <InvoiceDetailsModal
        token={token}
        clienteNome={cliente.razao_social}
        fatura={selected}
        show={detailsOpen}
        onHide={() => setDetailsOpen(false)}
        onExited={() => setSelected(null)}
      />
      <PixPaymentModal
        token={token}
        faturaId={paying}
        paid={faturas.some((fatura) => fatura.id === paying && fatura.situacao === SITUACAO.paga)}
        onHide={() => setPaying(null)}
      />
      <BoletoModal token={token} faturaId={boletoOf} onHide={() => setBoletoOf(null)} />
    </section>
  );
}

/** The invoices shown (the filter applied) as a spreadsheet (issue 39); its writer loads on use. */
async function exportCsv(faturas: FaturaDto[], razaoSocial: string, active: number | null) {
  const { unparse } = await loadCode(() => import('papaparse'));
  const label = active === null ? null : (SITUACAO_FILTROS.find((filtro) => filtro.situacao === active)?.label ?? null);
  downloadText(invoicesCsvName(razaoSocial, label), invoicesCsv(faturas, unparse), 'text/csv;charset=utf-8');
}

/** §2 'Faturas de: {company name}' plus the CPF/CNPJ, masked (§5). */
function ClientHeading({ razaoSocial, cpfcnpj }: { razaoSocial: string; cpfcnpj: string }) {
  const title = `Faturas de: ${razaoSocial}`;
  usePageTitle(title);
  const kind = documentKind(cpfcnpj);
  return (
    <header className="mb-3">
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-body-secondary mb-0">
        {kind === 'cpf' ? 'CPF' : kind === 'cnpj' ? 'CNPJ' : 'CPF/CNPJ'}: {formatCpfCnpj(cpfcnpj)}
      </p>
    </header>
  );
}
