import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDate, formatMoney, formatQuantity, toCents } from '#shared/format';
import type { PlanChangePreview, PreviewLine } from '#shared/schemas/billing';
import { ApiError } from '#client/lib/api-client';
import { usePlanChangePreview, type PlanChangePreviewInput } from '../api/plan-change-preview';
import { PLANS_TEXTS } from '../texts';

const TITLE_ID = 'plano-resumo-titulo';

/** The server's message when it sent one (the submit's own 403/404/409/422 texts); ours otherwise. */
function previewErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind !== 'no-response' && error.message) return error.message;
  return PLANS_TEXTS.summaryFailed;
}

/** A value below zero is a credit (decision 102: the unused days of the old price). */
function Money({ value }: { value: string }) {
  const credit = (toCents(value) ?? 0) < 0;
  if (!credit) return <>{formatMoney(value)}</>;
  return (
    <span className="text-success">
      {formatMoney(value)} <small>({PLANS_TEXTS.credit})</small>
    </span>
  );
}

function LinesTable({
  id,
  title,
  lines,
  total,
}: {
  id: string;
  title: string;
  lines: PreviewLine[];
  total?: string;
}) {
  return (
    <>
      <h4 className="h6 mt-3" id={id}>
        {title}
      </h4>
      <Table size="sm" className="mb-1" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{PLANS_TEXTS.lineDescription}</th>
            <th scope="col" className="text-end">
              {PLANS_TEXTS.lineQuantity}
            </th>
            <th scope="col" className="text-end">
              {PLANS_TEXTS.lineValue}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${index}-${line.descricao}`}>
              <td>{line.descricao}</td>
              <td className="text-end">
                {formatQuantity(line.qtde === null ? null : String(line.qtde))}
              </td>
              <td className="text-end text-nowrap">
                <Money value={line.valor} />
              </td>
            </tr>
          ))}
        </tbody>
        {total !== undefined && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {PLANS_TEXTS.total}
              </th>
              <td className="text-end text-nowrap fw-bold">
                <Money value={total} />
              </td>
            </tr>
          </tfoot>
        )}
      </Table>
    </>
  );
}

function SummaryBody({ preview }: { preview: PlanChangePreview }) {
  const { atual, nova, prorrateio, proxima_fatura: next } = preview;
  return (
    <>
      <dl className="row mb-0">
        <dt className="col-sm-4">{PLANS_TEXTS.summaryCurrent}</dt>
        <dd className="col-sm-8">
          {PLANS_TEXTS.summaryPlan(atual.plano, atual.cobranca_tipo_desc, formatMoney(atual.valor))}
        </dd>
        <dt className="col-sm-4">{PLANS_TEXTS.summaryNew}</dt>
        <dd className="col-sm-8">
          {PLANS_TEXTS.summaryPlan(nova.plano, nova.cobranca_tipo_desc, formatMoney(nova.valor))}
          {nova.promocional && (
            <Badge bg="info" text="dark" className="ms-2">
              {PLANS_TEXTS.promotional}
            </Badge>
          )}
        </dd>
        <dt className="col-sm-4">{PLANS_TEXTS.summaryWhen}</dt>
        <dd className="col-sm-8">
          {/* §4 timing 1 applies today; timing 2 the day after the current period ends. */}
          {preview.imediato
            ? PLANS_TEXTS.appliesNow
            : PLANS_TEXTS.appliesAtClose(formatDate(preview.aplica_em))}
        </dd>
      </dl>
      {/* Decision 102: only an immediate change is prorated. */}
      {prorrateio.length > 0 && (
        <LinesTable id="plano-resumo-prorrateio" title={PLANS_TEXTS.proration} lines={prorrateio} />
      )}
      {next ? (
        <>
          <LinesTable
            id="plano-resumo-fatura"
            title={PLANS_TEXTS.nextInvoice}
            lines={next.itens}
            total={next.total}
          />
          <p className="mb-0 small text-body-secondary" data-testid="plano-resumo-datas">
            {PLANS_TEXTS.nextInvoiceDates(formatDate(next.emissao), formatDate(next.vencimento))}
          </p>
        </>
      ) : (
        <p className="mb-0 mt-3">{PLANS_TEXTS.noNextInvoice}</p>
      )}
    </>
  );
}

/**
 * 'Resumo da mudança' (decision 102): before the person confirms a change of their contract,
 * what it bills, from the same pricing that will bill it. It informs and never blocks: a
 * failure shows the server's message here and the submit still answers for itself (§4, §5).
 */
export function PlanChangeSummary({ input }: { input: PlanChangePreviewInput }) {
  const preview = usePlanChangePreview(input);
  return (
    <section
      className="card mb-3 border-info-subtle"
      aria-labelledby={TITLE_ID}
      aria-busy={preview.isFetching}
    >
      <div className="card-body">
        <h3 className="h6 text-body-secondary" id={TITLE_ID}>
          {PLANS_TEXTS.summaryTitle}
        </h3>
        {preview.isPending ? (
          <Spinner size="sm" role="status">
            <span className="visually-hidden">{PLANS_TEXTS.summaryLoading}</span>
          </Spinner>
        ) : preview.isError ? (
          <Alert variant="warning" className="mb-0">
            {previewErrorMessage(preview.error)}
          </Alert>
        ) : (
          <SummaryBody preview={preview.data} />
        )}
      </div>
    </section>
  );
}
