import type { MouseEvent, ReactNode } from 'react';
import type { NfseDto } from '#shared/schemas/invoices';
import { DownloadIcon, ExternalLinkIcon } from './icons';
import { Hint } from '#client/components/hint';
import { NFSE_ACTIONS } from '../texts';

// An action inside a clickable row must not open the row's details too.
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * An action that cannot be taken, saying why in its tooltip (issue 39): no anchor at all,
 * announced as a disabled link (WAI-ARIA); focusable, so the keyboard reaches the reason too.
 */
function DisabledAction({ label, reason, children }: { label: string; reason: string; children: ReactNode }) {
  return (
    <Hint text={reason}>
      <span
        role="link"
        aria-disabled="true"
        tabIndex={0}
        className="btn btn-sm btn-outline-secondary app-action-disabled"
      >
        {children}
        {label}
      </span>
    </Hint>
  );
}

/**
 * §2 Ações, labelled (issue 39): view the note at the city hall (a new tab, sending no referrer:
 * the page's URL carries the client's token) and download its PDF from the portal; each only
 * when the note has that link, else disabled with the reason.
 */
export function NfseActions({ nfse }: { nfse: NfseDto | null }) {
  const viewUrl = nfse?.has_url_visualizar ? nfse.url_visualizar : null;
  const pdfUrl = nfse?.has_pdf ? nfse.pdf_url_download : null;
  const missing = nfse ? null : NFSE_ACTIONS.notIssued;
  return (
    <>
      {viewUrl ? (
        <Hint text={NFSE_ACTIONS.viewHint}>
          <a
            href={viewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-sm btn-outline-primary"
            onClick={stop}
          >
            <ExternalLinkIcon />
            {NFSE_ACTIONS.view}
          </a>
        </Hint>
      ) : (
        <DisabledAction label={NFSE_ACTIONS.view} reason={missing ?? NFSE_ACTIONS.noViewLink}>
          <ExternalLinkIcon />
        </DisabledAction>
      )}
      {pdfUrl ? (
        <Hint text={NFSE_ACTIONS.pdfHint}>
          <a href={pdfUrl} download className="btn btn-sm btn-outline-primary" onClick={stop}>
            <DownloadIcon />
            {NFSE_ACTIONS.pdf}
          </a>
        </Hint>
      ) : (
        <DisabledAction label={NFSE_ACTIONS.pdf} reason={missing ?? NFSE_ACTIONS.noPdf}>
          <DownloadIcon />
        </DisabledAction>
      )}
    </>
  );
}
