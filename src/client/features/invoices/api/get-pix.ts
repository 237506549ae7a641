import { useQuery } from '@tanstack/react-query';
import type { FaturaPixDto, FaturaPixListDto } from '#shared/schemas/invoices';
import { apiGet } from '#client/lib/api-client';
import { invoicesPath } from './get-invoices';

/** While a PIX modal is open, how often the list asks whether its invoice was paid. */
export const PIX_PAID_POLL_MS = 5000;

/**
 * GET …/{token}/pix: the invoices the list offers to pay by PIX (issue 20), asked once the list
 * itself loaded (a token the server knows); asked again every PIX_PAID_POLL_MS while `watching`
 * (a PIX modal is open), so a payment confirmed meanwhile shows at once.
 */
export function usePixPayable(token: string, enabled: boolean, watching = false) {
  return useQuery({
    queryKey: ['pg_fatura', token, 'pix'],
    enabled,
    refetchInterval: watching ? PIX_PAID_POLL_MS : false,
    // An offer beside the list (and a background look while paying): a failure keeps what the
    // page shows and says nothing, rather than a notice every 5 s while the server is away.
    meta: { silentErrors: true },
    queryFn: ({ signal }) => apiGet<FaturaPixListDto>(`${invoicesPath(token)}/pix`, { signal }),
    select: (data) => new Set(data.faturas),
  });
}

/** GET …/{token}/{id}/pix: the amount, due date, BR Code and QR code of one invoice. */
export function usePixPayment(token: string, faturaId: number | null) {
  return useQuery({
    queryKey: ['pg_fatura', token, faturaId, 'pix'],
    queryFn: ({ signal }) =>
      apiGet<FaturaPixDto>(`${invoicesPath(token)}/${faturaId}/pix`, { signal }),
    enabled: faturaId !== null,
  });
}
