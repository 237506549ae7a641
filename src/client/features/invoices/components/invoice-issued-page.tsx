import { useState } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import { Page } from '../../../components/page';
import { DEFAULT_PRODUCT_ID, pathTo } from '../../../paths';
import { ISSUED_TEXT, CLOSE_HINT, INVOICES_TEXTS } from '../texts';

/** Browsers close only windows a script opened; give them a moment before saying so. */
const CLOSE_CHECK_MS = 300;

/**
 * fatura.emitidaAviso (§2 /fatura/faturaEmitida/{token}): the notice a person lands on after
 * authorising an invoice. The token in the path authorises nothing here: the page makes no call
 * and shows nothing derived from it (docs/decisions/012-invoice-tokens.md).
 */
export function InvoiceIssuedPage() {
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
