import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { ConnectedApplication } from '#shared/schemas/applications';
import { formatDateTime } from '#shared/format';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { LoadError } from '#client/components/load-error';
import { PageLoading } from '#client/components/page-loading';
import { RecordTable } from '#client/components/record-table';
import { OIDC_SCOPE_TEXTS } from '#client/texts';
import { useConnectedApplications, useRevokeApplication } from '../api/connected-applications';
import { APPLICATIONS_TEXTS } from '../texts';
import { cellLabel } from '#client/components/stacked-table';

/**
 * 'Aplicativos conectados' (decision 097; OWASP ASVS 10.7.3): each application the person
 * signed in to, what it may see, its first and last use, and 'Revogar acesso' after a question.
 */
export function ConnectedApplications() {
  const applications = useConnectedApplications();
  const revoke = useRevokeApplication();
  const [confirming, setConfirming] = useState<ConnectedApplication | null>(null);

  let body;
  if (applications.isPending) {
    body = <PageLoading />;
  } else if (applications.isError) {
    body = (
      <LoadError
        message={APPLICATIONS_TEXTS.loadFailed}
        onRetry={() => void applications.refetch()}
      />
    );
  } else if (applications.data.aplicativos.length === 0) {
    body = <p className="text-body-secondary">{APPLICATIONS_TEXTS.none}</p>;
  } else {
    body = (
      <RecordTable
        label={APPLICATIONS_TEXTS.title}
        headers={[
          APPLICATIONS_TEXTS.application,
          APPLICATIONS_TEXTS.scopes,
          APPLICATIONS_TEXTS.firstUse,
          APPLICATIONS_TEXTS.lastUse,
        ]}
        actionsLabel={APPLICATIONS_TEXTS.actions}
      >
        {applications.data.aplicativos.map((application) => (
          <tr key={application.id}>
            <td>{application.aplicativo}</td>
            <td {...cellLabel(APPLICATIONS_TEXTS.scopes)}>
              {application.escopos.map((scope) => OIDC_SCOPE_TEXTS[scope].name).join(', ')}
            </td>
            <td {...cellLabel(APPLICATIONS_TEXTS.firstUse)}>{formatDateTime(application.datahora_criado)}</td>
            <td {...cellLabel(APPLICATIONS_TEXTS.lastUse)}>{formatDateTime(application.datahora_ultimo_uso)}</td>
            <td className="text-end">
              <Button
                size="sm"
                variant="outline-danger"
                disabled={revoke.isPending && revoke.variables === application.id}
                onClick={() => setConfirming(application)}
              >
                {APPLICATIONS_TEXTS.revoke}
                <span className="visually-hidden"> {application.aplicativo}</span>
              </Button>
            </td>
          </tr>
        ))}
      </RecordTable>
    );
  }
  return (
    <section className="mb-4" aria-labelledby="aplicativos-conectados">
      <h2 id="aplicativos-conectados" className="h5">
        {APPLICATIONS_TEXTS.title}
      </h2>
      <p className="small text-body-secondary">{APPLICATIONS_TEXTS.explain}</p>
      {body}
      <ConfirmDialog
        show={confirming !== null}
        title={APPLICATIONS_TEXTS.revokeTitle(confirming?.aplicativo ?? '')}
        confirmLabel={APPLICATIONS_TEXTS.revoke}
        confirmVariant="danger"
        busy={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) revoke.mutate(confirming.id);
          setConfirming(null);
        }}
      >
        {APPLICATIONS_TEXTS.revokeWarning}
      </ConfirmDialog>
    </section>
  );
}
