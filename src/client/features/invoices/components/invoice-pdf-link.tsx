import type { MouseEvent } from 'react';
import { Hint } from '#client/components/hint';
import { invoicePdfPath } from '../api/get-invoices';
import { INVOICE_PDF } from '../texts';
import { DownloadIcon } from './icons';

// Inside a clickable row, the download must not open the row's details too.
const stop = (event: MouseEvent) => event.stopPropagation();

/** 'Fatura (PDF)' (issue 39): the invoice drawn on the server, downloaded under the client's token. */
export function InvoicePdfLink({ token, faturaId, className = '' }: { token: string; faturaId: number; className?: string }) {
  return (
    <Hint text={INVOICE_PDF.hint}>
      <a
        href={invoicePdfPath(token, faturaId)}
        download
        className={`btn btn-sm btn-outline-primary ${className}`.trim()}
        onClick={stop}
      >
        <DownloadIcon />
        {INVOICE_PDF.label}
      </a>
    </Hint>
  );
}
