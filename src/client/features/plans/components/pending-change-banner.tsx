import Alert from 'react-bootstrap/Alert';
import { formatDate } from '#shared/format';
import type { OpenPlanChange } from '#shared/schemas/plans';
import { PLANS_TEXTS } from '../texts';
import { BusyButton } from '#client/components/busy-button';

/** §2/§4: the pending plan change with its plan, payment and date, and 'Cancelar mudança'. */
export function PendingChangeBanner({
  change,
  flashing,
  cancelling,
  onCancel,
}: {
  change: OpenPlanChange;
  flashing: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  return (
    <Alert
      variant="warning"
      id="mudanca-pendente"
      className={flashing ? 'plan-banner-flash' : undefined}
      data-flashing={flashing ? 'true' : undefined}
    >
      <Alert.Heading as="h2" className="h5">
        {PLANS_TEXTS.pendingTitle}
      </Alert.Heading>
      <p className="mb-1">{PLANS_TEXTS.pending(change.plano.nome_exibicao, change.plano_pagamento.cobranca_tipo_desc)}</p>
      {change.agendamento_data && <p className="mb-1">{PLANS_TEXTS.pendingWhen(formatDate(change.agendamento_data))}</p>}
      <p className="small mb-2">{PLANS_TEXTS.pendingBlocked}</p>
      {/* Solid: the outline's red on the warning yellow failed axe's color-contrast (issue 38). */}
      <BusyButton busy={cancelling} variant="danger" size="sm" onClick={onCancel}>
        {PLANS_TEXTS.cancelChange}
      </BusyButton>
    </Alert>
  );
}
