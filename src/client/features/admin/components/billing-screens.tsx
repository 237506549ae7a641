import { useState } from 'react';
import { formatDate, formatDateTime, formatMoney, MISSING } from '#shared/format';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { CrudList } from '#client/components/crud/list-page';
import { Truncate } from '#client/components/widgets/readonly-values';
import { API, adminPath } from '../admin-paths';
import { useBillingForecast, useIssueNow } from '../api/billing';
import type { Contrato, FaturamentoExecucao } from '../types';
import { Screen } from './screen';
import { ADMIN_TEXTS } from '../texts';

/** The next run's forecast, in one sentence. */
function Forecast() {
  const forecast = useBillingForecast();
  if (!forecast.data) return null;
  const { contratos, valor_total, ate, antecedencia_dias } = forecast.data;
  return (
    <p className="alert alert-info" data-testid="previsao-faturamento">
      {ADMIN_TEXTS.previsao(contratos, formatMoney(valor_total), formatDate(ate), antecedencia_dias)}
    </p>
  );
}

/** The active contracts, the next to bill first, each with 'Emitir agora' behind a confirmation. */
function Contracts() {
  const issue = useIssueNow();
  const [confirming, setConfirming] = useState<Contrato | null>(null);
  const planOf = (row: Contrato) => ADMIN_TEXTS.planoDoContrato(row.plano_nome, row.cobranca_tipo_desc);
  return (
    <section className="mt-4" aria-labelledby="contratos-titulo">
      <h2 id="contratos-titulo" className="h5">
        {ADMIN_TEXTS.contratosAtivos}
      </h2>
      <CrudList<Contrato>
        caption={ADMIN_TEXTS.contratosAtivos}
        base={API.contrato}
        backPath={adminPath()}
        columns={[
          { header: ADMIN_TEXTS.cliente, cell: (row) => <Truncate text={row.cliente_razao_social} /> },
          { header: ADMIN_TEXTS.plano, cell: planOf },
          { header: ADMIN_TEXTS.valor, cell: (row) => formatMoney(row.valor) },
          { header: ADMIN_TEXTS.periodoAtual, cell: (row) => ADMIN_TEXTS.periodoDe(formatDate(row.periodo_inicio), formatDate(row.periodo_fim)) },
          { header: ADMIN_TEXTS.faturadoAte, cell: (row) => (row.faturado_ate ? formatDate(row.faturado_ate) : MISSING) },
          { header: ADMIN_TEXTS.proximoPeriodo, cell: (row) => formatDate(row.proxima_competencia) },
          {
            header: ADMIN_TEXTS.acoes,
            cell: (row) => (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={ADMIN_TEXTS.emitirAgoraDe(row.cliente_razao_social)}
                disabled={issue.isPending}
                onClick={() => setConfirming(row)}
              >
                {ADMIN_TEXTS.emitirAgora}
              </button>
            ),
          },
        ]}
      />
      <ConfirmDialog
        show={confirming !== null}
        title={ADMIN_TEXTS.emitirAgoraTitulo}
        confirmLabel={ADMIN_TEXTS.emitirAgora}
        busy={issue.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          // Closed either way: a refusal (nothing to bill) is the error notice.
          issue.mutate(confirming.id, { onSettled: () => setConfirming(null) });
        }}
      >
        {confirming && ADMIN_TEXTS.emitirAgoraTexto(confirming.cliente_razao_social, planOf(confirming))}
      </ConfirmDialog>
    </section>
  );
}

/** The runs that did something, newest first: the periodic ones and staff's 'Emitir agora'. */
function Runs() {
  return (
    <section className="mt-4" aria-labelledby="execucoes-titulo">
      <h2 id="execucoes-titulo" className="h5">
        {ADMIN_TEXTS.ultimasExecucoes}
      </h2>
      <CrudList<FaturamentoExecucao>
        child
        caption={ADMIN_TEXTS.ultimasExecucoes}
        base={API.faturamentoExecucao}
        columns={[
          { header: ADMIN_TEXTS.quando, cell: (row) => formatDateTime(row.datahora_inicio) },
          { header: ADMIN_TEXTS.tipo, cell: (row) => ADMIN_TEXTS.tipoExecucao[row.tipo] },
          { header: ADMIN_TEXTS.faturas, cell: (row) => row.faturas },
          { header: ADMIN_TEXTS.valorTotal, cell: (row) => formatMoney(row.valor_total) },
          { header: ADMIN_TEXTS.vencidasMarcadas, cell: (row) => row.vencidas },
          {
            header: ADMIN_TEXTS.erros,
            cell: (row) =>
              row.erros > 0 && row.ultimo_erro ? (
                <span className="text-danger">{ADMIN_TEXTS.errosComUltimo(row.erros, row.ultimo_erro)}</span>
              ) : (
                row.erros
              ),
          },
        ]}
      />
    </section>
  );
}

/** Administração → Faturamento (decision 102): the forecast, the contracts and the last runs. */
export function BillingPage() {
  return (
    <Screen title={ADMIN_TEXTS.faturamento}>
      <p className="text-body-secondary">{ADMIN_TEXTS.faturamentoIntro}</p>
      <Forecast />
      <Contracts />
      <Runs />
    </Screen>
  );
}
