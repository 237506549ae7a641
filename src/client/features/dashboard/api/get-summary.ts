import { useQuery } from '@tanstack/react-query';
import type { PainelResumoDto } from '#shared/schemas/dashboard';
import { apiGet } from '#client/lib/api-client';
import { PIX_PAID_POLL_MS } from '../../invoices';

/**
 * GET /api/painel/resumo (issue 39): the whole summary in one call, for the session's client.
 * While a payment modal is open it is asked again every PIX_PAID_POLL_MS, so the Painel learns
 * the invoice was paid as the list does.
 */
export function useDashboardSummary(clienteId: number | null, watching: boolean) {
  return useQuery({
    queryKey: ['painel', 'resumo', clienteId],
    refetchInterval: watching ? PIX_PAID_POLL_MS : false,
    queryFn: ({ signal }) => apiGet<PainelResumoDto>('/api/painel/resumo', { signal }),
  });
}
