import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelamentoDto, CancellationRequest, CancellationTermsDto } from '#shared/schemas/cancellation';
import { apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { sessionQuery } from '#client/lib/session';

/** Cancelling a subscription online (issue 41): the terms, the request and withdrawing it. */

const termsKey = (contratoId: number) => ['gl_contrato', contratoId, 'cancelamento'] as const;

/** GET /api/gl_contrato/{id}/cancelamento: what cancelling would do, and the pending one. */
export function useCancellationTerms(contratoId: number | null) {
  return useQuery({
    queryKey: termsKey(contratoId ?? 0),
    queryFn: ({ signal }) => apiGet<CancellationTermsDto>(`/api/gl_contrato/${contratoId}/cancelamento`, { signal }),
    enabled: contratoId !== null,
  });
}

/** What a cancellation changed: its terms, the session (an ended contract leaves it), the Painel. */
function useRefresh(contratoId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: termsKey(contratoId) }),
      queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['painel'] }),
    ]);
}

/** POST /api/gl_contrato/{id}/cancelamento: the answer's message (with the protocol) is the notice. */
export function useRequestCancellation(contratoId: number) {
  const refresh = useRefresh(contratoId);
  return useMutation({
    mutationFn: (request: CancellationRequest) => apiRequest<CancelamentoDto>('POST', `/api/gl_contrato/${contratoId}/cancelamento`, request),
    meta: { fieldErrors: 'form' },
    onSuccess: async (response) => {
      notify('success', response.message);
      await refresh();
    },
  });
}

/** POST /api/gl_contrato/{id}/cancelamento/desistir. */
export function useUndoCancellation(contratoId: number) {
  const refresh = useRefresh(contratoId);
  return useMutation({
    mutationFn: () => apiRequest<CancelamentoDto>('POST', `/api/gl_contrato/${contratoId}/cancelamento/desistir`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await refresh();
    },
  });
}
