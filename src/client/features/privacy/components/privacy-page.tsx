import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { formatDateTime, MISSING } from '#shared/format';
import { DeletionRequestSchema, type PrivacyOverview } from '#shared/schemas/privacy';
import { CheckField, TextField } from '#client/components/text-field';
import { LoadError } from '#client/components/load-error';
import { MeBackNav } from '#client/components/me-back-nav';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { ScrollRegion } from '#client/components/scroll-region';
import { applyFieldErrors, isFieldErrorResponse } from '#client/lib/api-client';
import { pathTo } from '#client/paths';
import {
  exportFileUrl,
  useAcceptConsents,
  useCancelDeletion,
  usePrivacy,
  useRequestDeletion,
  useRequestExport,
} from '../api/privacy';
import { DOCUMENT_TEXTS, PRIVACY_TEXTS } from '../texts';
import { cellLabel, STACKED_TABLE_CLASS } from '#client/components/stacked-table';
import { ApplicationAsking } from '../../auth';
import { useTwofaStatus } from '../../twofa';

/**
 * me.privacidade (/me/privacidade?origin&pid; issue 19, docs/decisions/088-privacy-self-service.md):
 * the person's consents and the versions in force (accepting new ones), a copy of their data,
 * the deletion of their account. After a sign-in (origin=login) it is where new legal versions
 * are accepted and a scheduled deletion can be cancelled before going on.
 */
export function PrivacyPage() {
  const privacy = usePrivacy();
  const fromSignIn = useSearchParams()[0].get('origin') === 'login';
  let body;
  if (privacy.isPending) body = <PageLoading />;
  else if (privacy.isError)
    body = <LoadError message={PRIVACY_TEXTS.loadFailed} onRetry={() => void privacy.refetch()} />;
  else
    body = (
      <>
        <Consents overview={privacy.data} />
        <DataExport overview={privacy.data} />
        <AccountDeletion overview={privacy.data} />
        {privacy.data.termos_pendentes.length === 0 && <MeBackNav />}
      </>
    );
  return (
    <Page title={PRIVACY_TEXTS.title}>
      {/* After a sign-in (origin=login) new terms come before the application that asked. */}
      {fromSignIn && <ApplicationAsking />}
      <p>{PRIVACY_TEXTS.intro}</p>
      {body}
    </Page>
  );
}

const LEGAL_PATHS = {
  termos_uso: pathTo('termos_uso'),
  politica_privacidade: pathTo('politica_privacidade'),
};

function Consents({ overview }: { overview: PrivacyOverview }) {
  const accept = useAcceptConsents();
  const pending = overview.versoes_atuais.filter((version) =>
    overview.termos_pendentes.includes(version.documento),
  );
  return (
    <section className="mb-4" aria-labelledby="consentimentos-titulo">
      <h2 id="consentimentos-titulo" className="h5">
        {PRIVACY_TEXTS.consentsTitle}
      </h2>
      {pending.length > 0 && (
        <Alert variant="warning">
          <p className="fw-semibold mb-1">{PRIVACY_TEXTS.pendingTitle}</p>
          <p className="mb-2">{PRIVACY_TEXTS.pendingIntro}</p>
          <ul>
            {pending.map((version) => (
              <li key={version.documento}>
                <Link
                  className="alert-link"
                  to={LEGAL_PATHS[version.documento]}
                  target="_blank"
                  rel="noopener"
                >
                  {DOCUMENT_TEXTS[version.documento]}
                </Link>{' '}
                ({PRIVACY_TEXTS.version.toLowerCase()} {version.versao})
                {version.resumo ? `: ${version.resumo}` : ''}
              </li>
            ))}
          </ul>
          <Button disabled={accept.isPending} onClick={() => accept.mutate()}>
            {PRIVACY_TEXTS.accept}
          </Button>
        </Alert>
      )}
      {overview.consentimentos.length === 0 ? (
        <p className="text-body-secondary">{PRIVACY_TEXTS.consentsNone}</p>
      ) : (
        <ScrollRegion label={PRIVACY_TEXTS.consentsTitle}>
          <Table striped size="sm" className={STACKED_TABLE_CLASS}>
            <thead>
              <tr>
                <th scope="col">{PRIVACY_TEXTS.document}</th>
                <th scope="col">{PRIVACY_TEXTS.version}</th>
                <th scope="col">{PRIVACY_TEXTS.acceptedAt}</th>
                <th scope="col">{PRIVACY_TEXTS.ip}</th>
              </tr>
            </thead>
            <tbody>
              {overview.consentimentos.map((consent) => (
                <tr key={`${consent.documento}-${consent.versao}`}>
                  <td>{DOCUMENT_TEXTS[consent.documento]}</td>
                  <td {...cellLabel(PRIVACY_TEXTS.version)}>{consent.versao}</td>
                  <td {...cellLabel(PRIVACY_TEXTS.acceptedAt)}>{formatDateTime(consent.datahora_aceite)}</td>
                  <td {...cellLabel(PRIVACY_TEXTS.ip)}>{consent.ip ?? MISSING}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
      )}
      <p className="small text-body-secondary">
        {PRIVACY_TEXTS.currentVersions}:{' '}
        {overview.versoes_atuais
          .map(
            (version) =>
              `${DOCUMENT_TEXTS[version.documento]} ${version.versao} (${PRIVACY_TEXTS.publishedAt(formatDateTime(version.datahora_publicado))})`,
          )
          .join(' · ')}
      </p>
    </section>
  );
}

function DataExport({ overview }: { overview: PrivacyOverview }) {
  const request = useRequestExport();
  const [downloaded, setDownloaded] = useState(false);
  const last = overview.exportacao;
  const state = last?.situacao;
  const preparing = state === 'pendente' || state === 'processando';
  return (
    <section className="mb-4" aria-labelledby="exportacao-titulo">
      <h2 id="exportacao-titulo" className="h5">
        {PRIVACY_TEXTS.exportTitle}
      </h2>
      <p>{PRIVACY_TEXTS.exportIntro}</p>
      {preparing && last && (
        <div className="mb-3" role="status">
          <p className="mb-1">{PRIVACY_TEXTS.exportPreparing}</p>
          <ProgressBar
            now={last.progresso}
            label={`${last.progresso}%`}
            aria-label={PRIVACY_TEXTS.exportProgress}
          />
        </div>
      )}
      {state === 'pronto' && last && !downloaded && (
        <Alert variant="success">
          <p className="mb-2">
            {PRIVACY_TEXTS.exportReady(formatDateTime(last.datahora_expira ?? ''))}
          </p>
          <a
            className="btn btn-success"
            href={exportFileUrl(last.id)}
            download
            onClick={() => setDownloaded(true)}
          >
            {PRIVACY_TEXTS.exportDownload}
          </a>
        </Alert>
      )}
      {(state === 'baixado' || downloaded) && (
        <p className="text-body-secondary">{PRIVACY_TEXTS.exportDone}</p>
      )}
      {state === 'expirado' && <p className="text-body-secondary">{PRIVACY_TEXTS.exportExpired}</p>}
      {!preparing && (state !== 'pronto' || downloaded) && (
        <Button
          variant="outline-primary"
          disabled={request.isPending}
          onClick={() => request.mutate(undefined, { onSuccess: () => setDownloaded(false) })}
        >
          {PRIVACY_TEXTS.exportRequest}
        </Button>
      )}
    </section>
  );
}

function AccountDeletion({ overview }: { overview: PrivacyOverview }) {
  const cancel = useCancelDeletion();
  const scheduled = overview.exclusao;
  return (
    <section className="mb-4" aria-labelledby="exclusao-titulo">
      <h2 id="exclusao-titulo" className="h5">
        {PRIVACY_TEXTS.deletionTitle}
      </h2>
      {scheduled ? (
        <Alert variant="danger">
          <p className="mb-2">
            {PRIVACY_TEXTS.deletionScheduled(formatDateTime(scheduled.datahora_agendado))}
          </p>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {PRIVACY_TEXTS.deletionCancel}
          </Button>
        </Alert>
      ) : (
        <>
          <p>{PRIVACY_TEXTS.deletionWhat}</p>
          <p>{PRIVACY_TEXTS.deletionKept}</p>
          <p>{PRIVACY_TEXTS.deletionGrace}</p>
          <DeletionForm />
        </>
      )}
    </section>
  );
}

/** The request's fields, and the checkbox the person ticks to say they understood. */
const DeletionFormSchema = DeletionRequestSchema.extend({ entendi: z.boolean() });

function DeletionForm() {
  const remove = useRequestDeletion();
  // With 2FA on, the code field shows from the start (issue 38); the server's 422 errors.code
  // still opens it should the status not have arrived yet.
  const twofa = useTwofaStatus();
  const [serverAskedCode, setAskCode] = useState(false);
  const askCode = serverAskedCode || twofa.data?.twofa_enabled === true;
  const form = useForm({
    resolver: zodResolver(DeletionFormSchema),
    defaultValues: { senha: '', code: '', entendi: false },
  });
  const confirmed = useWatch({ control: form.control, name: 'entendi' });
  const onSubmit = form.handleSubmit((values) =>
    remove.mutate(
      { senha: values.senha, code: askCode ? values.code : null },
      {
        onError: (error) => {
          if (isFieldErrorResponse(error) && error.fieldErrors.code) setAskCode(true);
          applyFieldErrors(form.setError, error);
        },
      },
    ),
  );
  return (
    <form
      noValidate
      aria-label={PRIVACY_TEXTS.deletionTitle}
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextField
        id="exclusao-senha"
        label={PRIVACY_TEXTS.password}
        type="password"
        autoComplete="current-password"
        required
        registration={form.register('senha')}
        error={form.formState.errors.senha?.message}
      />
      {askCode && (
        <TextField
          id="exclusao-codigo"
          label={PRIVACY_TEXTS.code}
          hint={PRIVACY_TEXTS.codeHint}
          autoComplete="one-time-code"
          required
          registration={form.register('code')}
          error={form.formState.errors.code?.message}
        />
      )}
      <CheckField
        id="exclusao-entendi"
        label={PRIVACY_TEXTS.deletionConfirm}
        registration={form.register('entendi')}
      />
      <Button type="submit" variant="danger" disabled={!confirmed || remove.isPending}>
        {PRIVACY_TEXTS.deletionSubmit}
      </Button>
    </form>
  );
}
