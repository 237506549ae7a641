import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProduct } from '#shared/schemas/acesso';
import { apiGet } from '../../../lib/api-client';

/**
 * §7 GET /api/gl_produto/{pid}/edit: the product sign-up is for (`cadastro_permitido`). The
 * login has its own fetcher (features do not import each other, and a module shared with the
 * login would be one more file on its budgeted first load, scripts/bundle-budget.mjs); both use
 * the same query key, so coming from the login the product is already in the cache.
 */
export function getProduct(pid: number, signal?: AbortSignal): Promise<PublicProduct> {
  return apiGet<PublicProduct>(`/api/gl_produto/${pid}/edit`, signal ? { signal } : undefined);
}

export function useProduct(pid: number) {
  return useQuery(
    queryOptions({
      queryKey: ['gl_produto', pid, 'public'] as const,
      queryFn: ({ signal }) => getProduct(pid, signal),
      staleTime: 5 * 60_000,
      // The screen says itself what went wrong (an unknown product is not a §8 error).
      meta: { silentErrors: true },
    }),
  );
}
