import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProduct } from '#shared/schemas/acesso';
import { apiGet } from '../../../lib/api-client';

/** §7 GET /api/gl_produto/{pid}/edit: the product a login screen is for (§2 Login). */
export function getProduct(pid: number, signal?: AbortSignal): Promise<PublicProduct> {
  return apiGet<PublicProduct>(`/api/gl_produto/${pid}/edit`, signal ? { signal } : undefined);
}

export function productQuery(pid: number) {
  return queryOptions({
    queryKey: ['gl_produto', pid, 'public'] as const,
    queryFn: ({ signal }) => getProduct(pid, signal),
    staleTime: 5 * 60_000,
    // The screen says itself what went wrong (an unknown product is not a §8 error).
    meta: { silentErrors: true },
  });
}

export function useProduct(pid: number) {
  return useQuery(productQuery(pid));
}
