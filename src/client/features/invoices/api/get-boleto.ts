import { useQuery } from '@tanstack/react-query';
import type { FaturaBoletoDto } from '#shared/schemas/invoices';
import { apiGet } from '#client/lib/api-client';
import { invoicesPath } from './get-invoices';

/** GET …/{token}/{id}/boleto (issue 40): the invoice's boleto, made on first asking. */
export function useBoleto(token: string, faturaId: number | null) {
  return useQuery({
    queryKey: ['pg_fatura', token, faturaId, 'boleto'],
    queryFn: ({ signal }) => apiGet<FaturaBoletoDto>(`${invoicesPath(token)}/${faturaId}/boleto`, { signal }),
    enabled: faturaId !== null,
  });
}
