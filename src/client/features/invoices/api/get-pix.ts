import { useQuery } from '@tanstack/react-query';
import type { FaturaPixDto, FaturaPixListDto } from '#shared/schemas/invoices';
import { apiGet } from '../../../lib/api-client';
import { invoicesPath } from './get-invoices';

/**
 * GET …/{token}/pix: the invoices the list offers to pay by PIX (issue 20), asked once the list
 * itself loaded (a token the server knows).
 */
export function usePixPayable(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['pg_fatura', token, 'pix'],
    enabled,
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
