import Alert from 'react-bootstrap/Alert';
import { formatDate } from '#shared/format';
import { BusyButton } from '#client/components/busy-button';
import { useCancellationTerms, useUndoCancellation } from '../api/cancellation';
import { CANCELLATION_TEXTS } from '../texts';

/**
 * A cancellation pending to the period's end (issue 41), on the Painel and the plans page: when it
 * takes effect, its protocol and, for a manager, 'Desistir do cancelamento' until then.
 */
export function PendingCancellationBanner({ contratoId, onUndone }: { contratoId: number; onUndone?: () => void }) {
  const terms = useCancellationTerms(contratoId);
  const undo = useUndoCancellation(contratoId);
  const pending = terms.data?.pendente;
  if (!pending) return null;
  return (
    <Alert variant="warning" className="app-pending-cancellation">
      <Alert.Heading as="h2" className="h5">
        {CANCELLATION_TEXTS.pendingTitle}
      </Alert.Heading>
      <p className={terms.data?.pode_cancelar ? 'mb-2' : 'mb-0'}>{CANCELLATION_TEXTS.pending(formatDate(pending.acesso_ate), pending.protocolo)}</p>
      {terms.data?.pode_cancelar && (
        // Solid: an outline's colour on the warning yellow fails axe's contrast (issue 38).
        <BusyButton busy={undo.isPending} variant="dark" size="sm" onClick={() => undo.mutate(undefined, { onSuccess: onUndone })}>
          {CANCELLATION_TEXTS.undo}
        </BusyButton>
      )}
    </Alert>
  );
}
