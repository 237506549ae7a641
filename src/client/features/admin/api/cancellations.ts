import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationsByReason } from '#shared/schemas/cancellation';
import { crudListKey } from '#client/components/crud/list-page';
import { apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { API } from '../admin-paths';

/** Administração → Cancelamentos (issue 41): the count by reason and month, and refunds made. */

export function useCancellationsByReason() {
  return useQuery({
    queryKey: ['admin', 'cancelamentos', 'resumo'] as const,
    queryFn: ({ signal }) => apiGet<CancellationsByReason[]>(API.cancelamentoResumo, { signal }),
  });
}

/** POST /api/admin/pg_fatura_reembolso/{id}/reembolsado (supervisors). */
export function useMarkRefunded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reembolsoId: number) => apiRequest<null>('POST', `${API.reembolso}/${reembolsoId}/reembolsado`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: crudListKey(API.reembolso) });
    },
  });
}
