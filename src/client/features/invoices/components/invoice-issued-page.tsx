import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { LoadError } from '#client/components/load-error';
import { ApiError } from '#client/lib/api-client';
import { useApproveInvoice } from '../api/approve-invoice';
import { DEFAULT_PRODUCT_ID, pathTo } from '#client/paths';
import { ISSUED_TEXT, CLOSE_HINT, INVOICES_TEXTS } from '../texts';

/** Browsers close only windows a script opened; give them a moment before saying so. */
const CLOSE_CHECK_MS = 300;

/**
 * fatura.emitidaAviso (§2 /fatura/faturaEmitida/{token}): where the approval of an invoice held
 * for the client's manager ends (decision 102). Opening the e-mailed link approves the invoice
 * (once: the token is single-use), and the page then says it is authorised and will be issued
 * and e-mailed in minutes; a used or unknown link is said so.
 */
export function InvoiceIssuedPage() {
  const { token = '' } = useParams();
  const approve = useApproveInvoice();
  const { mutate } = approve;
  // One approval per visit (React may mount an effect twice in development).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate(token);
  }, [mutate, token]);
  if (approve.isError) {
    const invalid = approve.error instanceof ApiError && approve.error.httpStatus === 404;
    return (
      <Page title={INVOICES_TEXTS.approvalFailedTitle}>
        {invalid ? (
          <Alert variant="warning">{INVOICES_TEXTS.approvalInvalid}</Alert>
        ) : (
          <LoadError message={INVOICES_TEXTS.approvalFailed} onRetry={() => mutate(token)} />
        )}
        <Link to={pathTo('login', { pid: DEFAULT_PRODUCT_ID })}>{INVOICES_TEXTS.toLogin}</Link>
      </Page>
    );
  }
  if (!approve.isSuccess) return <PageLoading />;
  return <Approved />;
}

function Approved() {
  const [stillOpen, setStillOpen] = useState(false);
  const close = () => {
    window.close();
    window.setTimeout(() => {
      if (!window.closed) setStillOpen(true);
    }, CLOSE_CHECK_MS);
  };
  return (
    <Page title={INVOICES_TEXTS.issuedTitle}>
      <p className="lead">{ISSUED_TEXT}</p>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Button variant="primary" onClick={close}>
          {INVOICES_TEXTS.ok}
        </Button>
        <Link to={pathTo('login', { pid: DEFAULT_PRODUCT_ID })}>{INVOICES_TEXTS.toLogin}</Link>
      </div>
      {stillOpen && (
        <p className="text-body-secondary mt-3 mb-0" role="status">
          {CLOSE_HINT}
        </p>
      )}
    </Page>
  );
}
