import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatDateTime, MISSING } from '#shared/format';
import type { ActiveSession, SignInType } from '#shared/schemas/security';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { useEndOtherSessions, useEndSession } from '../api/end-sessions';
import { useSessions } from '../api/get-sessions';
import { useSignIns } from '../api/get-sign-ins';
import { SECURITY_TEXTS, SIGN_IN_TYPE_TEXTS } from '../texts';
import { ScrollRegion } from '#client/components/scroll-region';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { LoadError } from '#client/components/load-error';
import { MeBackNav } from '#client/components/me-back-nav';
import { RecordTable } from '#client/components/record-table';
import { ConnectedApplications } from './connected-applications';
import { SecurityEvents } from './security-events';
import { cellLabel, STACKED_TABLE_CLASS } from '#client/components/stacked-table';

/** The anchor of 'Sessões ativas', linked from the new-browser e-mail (decisions 070-072). */
export const SESSIONS_ANCHOR = 'sessoes';

/**
 * me.seguranca (/me/seguranca?origin&pid; docs/decisions/070-active-sessions.md): the
 * person's active sessions, each with browser, system, address and times, the current one
 * marked; 'Encerrar' ends another, 'Encerrar todas as outras' all but this one. Then the
 * applications connected to the account (decision 097), the latest changes to its protection
 * (issue 34) and the last 30 sign-in events (docs/decisions/071-sign-in-history-and-alerts.md).
 */
export function SecurityPage() {
  return (
    <Page title={SECURITY_TEXTS.title}>
      <ActiveSessions />
      <ConnectedApplications />
      <SecurityEvents />
      <SignInHistory />
      <MeBackNav />
    </Page>
  );
}

function describe(session: Pick<ActiveSession, 'navegador' | 'sistema'>): string {
  return `${session.navegador ?? SECURITY_TEXTS.unknownBrowser} · ${session.sistema ?? SECURITY_TEXTS.unknownSystem}`;
}

const REFUSED: readonly SignInType[] = ['senha_incorreta', 'codigo_incorreto', 'bloqueado'];

function SignInHistory() {
  const history = useSignIns();
  let body;
  if (history.isPending) {
    body = <PageLoading />;
  } else if (history.isError) {
    body = (
      <LoadError
        message={SECURITY_TEXTS.historyLoadFailed}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (history.data.acessos.length === 0) {
    body = <p className="text-body-secondary">{SECURITY_TEXTS.historyNone}</p>;
  } else {
    body = (
      <ScrollRegion label={SECURITY_TEXTS.historyTitle}>
        <Table striped size="sm" className={`align-middle ${STACKED_TABLE_CLASS}`}>
          <thead>
            <tr>
              <th scope="col">{SECURITY_TEXTS.when}</th>
              <th scope="col">{SECURITY_TEXTS.event}</th>
              <th scope="col">{SECURITY_TEXTS.ip}</th>
              <th scope="col">{SECURITY_TEXTS.browser}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.acessos.map((event) => (
              <tr key={event.id}>
                <td {...cellLabel(SECURITY_TEXTS.when)}>{formatDateTime(event.datahora_criado)}</td>
                <td
                  {...cellLabel(SECURITY_TEXTS.event)}
                  className={REFUSED.includes(event.tipo) ? 'text-danger' : undefined}
                >
                  {SIGN_IN_TYPE_TEXTS[event.tipo]}
                </td>
                <td {...cellLabel(SECURITY_TEXTS.ip)}>{event.ip ?? MISSING}</td>
                <td {...cellLabel(SECURITY_TEXTS.browser)}>{describe(event)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    );
  }
  return (
    <section className="mb-4" aria-labelledby="historico-acessos">
      <h2 id="historico-acessos" className="h5">
        {SECURITY_TEXTS.historyTitle}
      </h2>
      <p className="small text-body-secondary">{SECURITY_TEXTS.historyExplain}</p>
      {body}
    </section>
  );
}

function ActiveSessions() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);

  let body;
  if (sessions.isPending) {
    body = <PageLoading />;
  } else if (sessions.isError) {
    body = (
      <LoadError
        message={SECURITY_TEXTS.sessionsLoadFailed}
        onRetry={() => void sessions.refetch()}
      />
    );
  } else {
    const list = sessions.data.sessoes;
    const others = list.filter((session) => !session.atual).length;
    body = (
      <>
        <RecordTable
          label={SECURITY_TEXTS.sessionsTitle}
          headers={[
            SECURITY_TEXTS.browser,
            SECURITY_TEXTS.ip,
            SECURITY_TEXTS.started,
            SECURITY_TEXTS.lastSeen,
          ]}
          actionsLabel={SECURITY_TEXTS.actions}
        >
          {list.map((session) => (
            <tr key={session.id} aria-current={session.atual ? 'true' : undefined}>
              <td>
                {describe(session)}
                {session.atual && (
                  <Badge bg="success" className="ms-2">
                    {SECURITY_TEXTS.current}
                  </Badge>
                )}
              </td>
              <td {...cellLabel(SECURITY_TEXTS.ip)}>{session.ip ?? MISSING}</td>
              <td {...cellLabel(SECURITY_TEXTS.started)}>{formatDateTime(session.datahora_criado)}</td>
              <td {...cellLabel(SECURITY_TEXTS.lastSeen)}>{formatDateTime(session.datahora_ultimo_acesso)}</td>
              <td className="text-end">
                {!session.atual && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={endOne.isPending && endOne.variables === session.id}
                    onClick={() => endOne.mutate(session.id)}
                  >
                    {SECURITY_TEXTS.end}
                    <span className="visually-hidden"> {describe(session)}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </RecordTable>
        {others === 0 ? (
          <p className="text-body-secondary">{SECURITY_TEXTS.noOthers}</p>
        ) : (
          <Button
            variant="outline-danger"
            disabled={endOthers.isPending}
            onClick={() => setConfirming(true)}
          >
            {SECURITY_TEXTS.endOthers}
          </Button>
        )}
        <ConfirmDialog
          show={confirming}
          title={SECURITY_TEXTS.endOthersTitle}
          confirmLabel={SECURITY_TEXTS.endOthers}
          confirmVariant="danger"
          busy={endOthers.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            endOthers.mutate();
          }}
        >
          {SECURITY_TEXTS.endOthersWarning}
        </ConfirmDialog>
      </>
    );
  }

  return (
    <section className="mb-4" aria-labelledby={SESSIONS_ANCHOR}>
      <h2 id={SESSIONS_ANCHOR} className="h5">
        {SECURITY_TEXTS.sessionsTitle}
      </h2>
      <p className="small text-body-secondary">{SECURITY_TEXTS.sessionsExplain}</p>
      {body}
    </section>
  );
}
