import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#client/lib/api-client';

/**
 * POST /api/pg_fatura/aprovar/{token} (decision 102): the e-mailed single-use link approves an
 * invoice held for the manager's approval. Silent: the page says itself how it went.
 */
export function useApproveInvoice() {
  return useMutation({
    mutationFn: (token: string) => apiPost<null>(`/api/pg_fatura/aprovar/${encodeURIComponent(token)}`),
    meta: { silentErrors: true },
  });
}
