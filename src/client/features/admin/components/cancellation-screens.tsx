import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '#shared/format';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import { reasonText } from '#shared/schemas/cancellation';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { CrudList } from '#client/components/crud/list-page';
import { Truncate } from '#client/components/widgets/readonly-values';
import { useSession } from '#client/lib/session';
import { API, adminPath } from '../admin-paths';
import { useCancellationsByReason, useMarkRefunded } from '../api/cancellations';
import { CANCELLATIONS_TEXTS as TEXTS } from '../texts';
import type { ContratoCancelamento, FaturaReembolso } from '../types';
import { Screen } from './screen';

/** 'YYYY-MM' → 'MM/AAAA'. */
const monthOf = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

function ByReason() {
  const summary = useCancellationsByReason();
  return (
    <section aria-labelledby="cancelamentos-motivo">
      <h2 id="cancelamentos-motivo" className="h5">
        {TEXTS.byReason}
      </h2>
      {summary.data?.length === 0 && <p className="text-body-secondary">{TEXTS.byReasonEmpty}</p>}
      {summary.data && summary.data.length > 0 && (
        <table className="table table-sm w-auto">
          <caption className="visually-hidden">{TEXTS.byReason}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXTS.month}</th>
              <th scope="col">{TEXTS.reason}</th>
              <th scope="col" className="text-end">
                {TEXTS.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.data.map((row) => (
              <tr key={`${row.mes}-${row.motivo}`}>
                <td>{monthOf(row.mes)}</td>
                <td>{reasonText(row.motivo)}</td>
                <td className="text-end">{row.quantidade}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const whenOf = (row: ContratoCancelamento) => (row.arrependimento ? TEXTS.withdrawal : row.imediato ? TEXTS.now : TEXTS.atClose);

function Requests() {
  return (
    <section className="mt-4" aria-labelledby="cancelamentos-pedidos">
      <h2 id="cancelamentos-pedidos" className="h5">
        {TEXTS.list}
      </h2>
      <CrudList<ContratoCancelamento>
        child
        caption={TEXTS.list}
        base={API.cancelamento}
        columns={[
          { header: TEXTS.askedAt, cell: (row) => formatDateTime(row.datahora_criado) },
          { header: TEXTS.client, cell: (row) => <Truncate text={row.cliente_razao_social} /> },
          { header: TEXTS.plan, cell: (row) => row.plano_nome },
          { header: TEXTS.protocol, cell: (row) => <code>{row.protocolo}</code> },
          { header: TEXTS.reason, cell: (row) => (row.motivo_texto ? `${reasonText(row.motivo)}: ${row.motivo_texto}` : reasonText(row.motivo)) },
          { header: TEXTS.when, cell: whenOf },
          { header: TEXTS.accessUntil, cell: (row) => formatDate(row.acesso_ate) },
          { header: TEXTS.state, cell: (row) => TEXTS.states[row.situacao] },
        ]}
      />
    </section>
  );
}

function Refunds({ mayMark }: { mayMark: boolean }) {
  const mark = useMarkRefunded();
  const [confirming, setConfirming] = useState<FaturaReembolso | null>(null);
  return (
    <section className="mt-4" aria-labelledby="cancelamentos-reembolsos">
      <h2 id="cancelamentos-reembolsos" className="h5">
        {TEXTS.refunds}
      </h2>
      <CrudList<FaturaReembolso>
        child
        caption={TEXTS.refunds}
        base={API.reembolso}
        columns={[
          { header: TEXTS.client, cell: (row) => <Truncate text={row.cliente_razao_social} /> },
          { header: TEXTS.invoice, cell: (row) => <Link to={adminPath('faturas', row.pg_fatura_id)}>{`${row.pg_fatura_id} · ${formatDate(row.data_vencimento)}`}</Link> },
          { header: TEXTS.amount, cell: (row) => formatMoney(row.valor) },
          { header: TEXTS.protocol, cell: (row) => <code>{row.protocolo}</code> },
          { header: TEXTS.state, cell: (row) => TEXTS.refundStates[row.situacao] },
          ...(mayMark
            ? [
                {
                  header: TEXTS.actions,
                  cell: (row: FaturaReembolso) =>
                    row.situacao === 'pendente' && (
                      <Button size="sm" variant="outline-primary" aria-label={TEXTS.markRefundedOf(row.cliente_razao_social)} onClick={() => setConfirming(row)}>
                        {TEXTS.markRefunded}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <ConfirmDialog
        show={confirming !== null}
        title={TEXTS.markRefunded}
        confirmLabel={TEXTS.markRefunded}
        busy={mark.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) mark.mutate(confirming.id, { onSettled: () => setConfirming(null) });
        }}
      >
        {confirming && TEXTS.markRefundedText(formatMoney(confirming.valor), confirming.cliente_razao_social)}
      </ConfirmDialog>
    </section>
  );
}

/** Administração → Cancelamentos (issue 41): by reason and month, the requests, the refunds. */
export function CancellationsPage() {
  const nivel = useSession().usuario?.nivel ?? STAFF_LEVEL.operator;
  return (
    <Screen title={TEXTS.title}>
      <p className="text-body-secondary">{TEXTS.intro}</p>
      <ByReason />
      <Requests />
      <Refunds mayMark={nivel <= STAFF_LEVEL.supervisor} />
    </Screen>
  );
}
