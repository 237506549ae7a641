import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAccount, PublicPlan } from '#shared/schemas/plans';
import { apiGet } from '../../../lib/api-client';

/** §7 GET /api/gl_produto/{pid}/public_planos: data is the plans. */
function plansQuery(pid: number) {
  return queryOptions({
    queryKey: ['gl_produto', pid, 'public_planos'] as const,
    queryFn: ({ signal }) => apiGet<PublicPlan[]>(`/api/gl_produto/${pid}/public_planos`, { signal }),
  });
}

export function usePlans(pid: number) {
  return useQuery(plansQuery(pid));
}

/** §7 GET /api/pg_conta/public_index: data is the payment accounts. */
export function useAccounts() {
  return useQuery(
    queryOptions({
      queryKey: ['pg_conta', 'public_index'] as const,
      queryFn: ({ signal }) => apiGet<PaymentAccount[]>('/api/pg_conta/public_index', { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}
