import type { MouseEvent, ReactNode } from 'react';
import type { NfseDto } from '#shared/schemas/invoices';
import { DownloadIcon, ExternalLinkIcon } from './icons';
import { Hint } from '../../../components/hint';
import { VIEW_NFSE_LABEL, DOWNLOAD_NFSE_LABEL } from '../texts';

// An action inside a clickable row must not open the row's details too.
const stop = (event: MouseEvent) => event.stopPropagation();

/** A link that cannot be followed: no anchor at all, announced as a disabled link (WAI-ARIA). */
function DisabledAction({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span
      role="link"
      aria-disabled="true"
      aria-label={label}
      className="btn btn-sm btn-outline-secondary disabled"
    >
      {children}
    </span>
  );
}

/**
 * §2 Ações: view the note at the city hall (a new tab, sending no referrer: the page's URL
 * carries the client's token) and download its PDF from the portal; each only when the note has
 * that link.
 */
export function NfseActions({ nfse }: { nfse: NfseDto | null }) {
  const viewUrl = nfse?.has_url_visualizar ? nfse.url_visualizar : null;
  const pdfUrl = nfse?.has_pdf ? nfse.pdf_url_download : null;
  return (
    <div className="d-inline-flex gap-1">
      {viewUrl ? (
        <Hint text={VIEW_NFSE_LABEL}>
          <a
            href={viewUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={VIEW_NFSE_LABEL}
            className="btn btn-sm btn-outline-primary"
            onClick={stop}
          >
            <ExternalLinkIcon />
          </a>
        </Hint>
      ) : (
        <DisabledAction label={VIEW_NFSE_LABEL}>
          <ExternalLinkIcon />
        </DisabledAction>
      )}
      {pdfUrl ? (
        <Hint text={DOWNLOAD_NFSE_LABEL}>
          <a
            href={pdfUrl}
            download
            aria-label={DOWNLOAD_NFSE_LABEL}
            className="btn btn-sm btn-outline-primary"
            onClick={stop}
          >
            <DownloadIcon />
          </a>
        </Hint>
      ) : (
        <DisabledAction label={DOWNLOAD_NFSE_LABEL}>
          <DownloadIcon />
        </DisabledAction>
      )}
    </div>
  );
}
