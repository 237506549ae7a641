import Table from 'react-bootstrap/Table';
import { formatDateTime, MISSING } from '#shared/format';
import type { SecurityEvent } from '#shared/schemas/security';
import { LoadError } from '#client/components/load-error';
import { PageLoading } from '#client/components/page-loading';
import { ScrollRegion } from '#client/components/scroll-region';
import { useSecurityEvents } from '../api/get-security-events';
import { SECURITY_EVENT_TEXTS, SECURITY_EVENTS_TEXTS } from '../texts';
import { cellLabel, STACKED_TABLE_CLASS } from '#client/components/stacked-table';

/** How one event reads: what happened, to what, and whether the provider's staff did it. */
function describeSecurityEvent(event: SecurityEvent): string {
  const what =
    (SECURITY_EVENT_TEXTS as Record<string, string | undefined>)[event.acao] ?? event.acao;
  const names = event.nomes.length > 0 ? `: ${event.nomes.join(', ')}` : '';
  const who = event.pela_equipe ? ` (${SECURITY_EVENTS_TEXTS.byStaff})` : '';
  return `${what}${names}${who}`;
}

/**
 * 'Alterações de segurança' (issue 34): the person's own entries of the audit trail, newest
 * first; what a new password removed is named here (decision 098).
 */
export function SecurityEvents() {
  const events = useSecurityEvents();
  let body;
  if (events.isPending) {
    body = <PageLoading />;
  } else if (events.isError) {
    body = (
      <LoadError message={SECURITY_EVENTS_TEXTS.loadFailed} onRetry={() => void events.refetch()} />
    );
  } else if (events.data.eventos.length === 0) {
    body = <p className="text-body-secondary">{SECURITY_EVENTS_TEXTS.none}</p>;
  } else {
    body = (
      <ScrollRegion label={SECURITY_EVENTS_TEXTS.title}>
        <Table striped size="sm" className={`align-middle ${STACKED_TABLE_CLASS}`}>
          <thead>
            <tr>
              <th scope="col">{SECURITY_EVENTS_TEXTS.when}</th>
              <th scope="col">{SECURITY_EVENTS_TEXTS.what}</th>
              <th scope="col">{SECURITY_EVENTS_TEXTS.ip}</th>
            </tr>
          </thead>
          <tbody>
            {events.data.eventos.map((event) => (
              <tr key={event.id}>
                <td {...cellLabel(SECURITY_EVENTS_TEXTS.when)}>{formatDateTime(event.datahora)}</td>
                <td {...cellLabel(SECURITY_EVENTS_TEXTS.what)}>{describeSecurityEvent(event)}</td>
                <td {...cellLabel(SECURITY_EVENTS_TEXTS.ip)}>{event.ip ?? MISSING}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    );
  }
  return (
    <section className="mb-4" aria-labelledby="alteracoes-seguranca">
      <h2 id="alteracoes-seguranca" className="h5">
        {SECURITY_EVENTS_TEXTS.title}
      </h2>
      <p className="small text-body-secondary">{SECURITY_EVENTS_TEXTS.explain}</p>
      {body}
    </section>
  );
}
