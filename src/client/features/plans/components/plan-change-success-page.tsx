import { Link, useLocation, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { formatDate } from '#shared/format';
import type { PlanChangeResponse } from '#shared/schemas/plans';
import { Page } from '#client/components/page';
import { parsePid, pathTo } from '#client/paths';
import { PLANS_TEXTS } from '../texts';

function isChange(value: unknown): value is PlanChangeResponse {
  return typeof value === 'object' && value !== null && 'situacao' in value && 'plano' in value;
}

/**
 * planoMudanca_sucesso (§2 /produto/{pid}/planoMudancaSucesso): the plan change is done. The
 * answer of the call travels in the navigation state; opened directly, the page says it generally.
 */
export function PlanChangeSuccessPage() {
  const pid = parsePid(useParams().pid);
  const state: unknown = useLocation().state;
  const change = isChange(state) ? state : null;
  let text: string = PLANS_TEXTS.successGeneric;
  if (change?.situacao === 'aplicado') text = PLANS_TEXTS.successApplied(change.plano.nome_exibicao);
  else if (change?.agendamento_data) {
    text = PLANS_TEXTS.successScheduled(change.plano.nome_exibicao, formatDate(change.agendamento_data));
  }
  return (
    <Page title={PLANS_TEXTS.successTitle}>
      <Alert variant="success">{text}</Alert>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary" to={pathTo('dashboard')}>
          {PLANS_TEXTS.dashboard}
        </Link>
        {pid !== null && (
          <Link className="btn btn-outline-primary" to={pathTo('planos_produto', { pid })}>
            {PLANS_TEXTS.backToPlans}
          </Link>
        )}
      </div>
    </Page>
  );
}
