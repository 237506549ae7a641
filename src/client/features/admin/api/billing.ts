import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingForecast } from '#shared/schemas/billing';
import { crudEntityKey } from '#client/components/crud/edit-page';
import { crudListKey } from '#client/components/crud/list-page';
import { apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { API } from '../admin-paths';

/** Administração → Faturamento (decision 102): staff's calls of the billing. */

const forecastKey = ['admin', 'faturamento', 'previsao'] as const;

/** GET /api/admin/faturamento/previsao: what the next run will issue. */
export function useBillingForecast() {
  return useQuery({
    queryKey: forecastKey,
    queryFn: ({ signal }) => apiGet<BillingForecast>(API.faturamentoPrevisao, { signal }),
  });
}

interface IssuedInvoice {
  pg_fatura_id: number;
  valor: string;
  data_vencimento: string;
}

/**
 * POST /api/admin/gl_contrato/{id}/emitir_agora: the contract's next invoice, now. The server's
 * message ('Fatura de R$ … emitida.') is the notice; a refusal (409, nothing to bill) is the
 * error notice of every failed call. What it changed is asked for again: the contracts (billed
 * up to), the runs (a manual one), the forecast and the invoices.
 */
export function useIssueNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contratoId: number) => apiRequest<IssuedInvoice>('POST', `${API.contrato}/${contratoId}/emitir_agora`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: crudListKey(API.contrato) }),
        queryClient.invalidateQueries({ queryKey: crudListKey(API.faturamentoExecucao) }),
        queryClient.invalidateQueries({ queryKey: crudListKey(API.fatura) }),
        queryClient.invalidateQueries({ queryKey: forecastKey }),
      ]);
    },
  });
}

/**
 * POST /api/admin/pg_fatura/{id}/cancelar (supervisors): an unpaid invoice becomes 'Cancelada'
 * and stays listed. The invoice is loaded again to show it.
 */
export function useCancelInvoice(faturaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('POST', `${API.fatura}/${faturaId}/cancelar`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: crudEntityKey(API.fatura, faturaId) }),
        queryClient.invalidateQueries({ queryKey: crudListKey(API.fatura) }),
        queryClient.invalidateQueries({ queryKey: forecastKey }),
      ]);
    },
  });
}
