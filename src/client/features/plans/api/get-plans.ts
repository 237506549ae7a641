import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PaymentAccount, PublicPlan } from '#shared/schemas/plans';
import { apiGet } from '#client/lib/api-client';
import { productQuery } from '#client/lib/product';

/** §7 GET /api/gl_produto/{pid}/public_planos: data is the plans. */
function plansQuery(pid: number) {
  return queryOptions({
    queryKey: ['gl_produto', pid, 'public_planos'] as const,
    queryFn: ({ signal }) => apiGet<PublicPlan[]>(`/api/gl_produto/${pid}/public_planos`, { signal }),
    // Fresh for a minute: the page that mounts just after its route fetched them does not ask again.
    staleTime: 60_000,
  });
}

export function usePlans(pid: number) {
  return useQuery(plansQuery(pid));
}

/** §7 GET /api/pg_conta/public_index: data is the payment accounts. */
const accountsQuery = queryOptions({
  queryKey: ['pg_conta', 'public_index'] as const,
  queryFn: ({ signal }) => apiGet<PaymentAccount[]>('/api/pg_conta/public_index', { signal }),
  staleTime: 5 * 60_000,
});

export function useAccounts() {
  return useQuery(accountsQuery);
}

/**
 * The plans page's data, asked for by its route while the page's code downloads instead of
 * after it (routes.tsx): one round trip less before the table shows (issue 15).
 */
export function prefetchPlansPage(client: QueryClient, pid: number): void {
  void client.prefetchQuery(plansQuery(pid));
  void client.prefetchQuery(productQuery(pid));
  void client.prefetchQuery(accountsQuery);
}
