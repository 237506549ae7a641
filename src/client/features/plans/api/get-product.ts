import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProduct } from '#shared/schemas/acesso';
import { apiGet } from '../../../lib/api-client';

/**
 * §7 GET /api/gl_produto/{pid}/edit: the product whose plans are shown (its name, and whether
 * 'Cadastre-se' is offered). Same query key as the login's and the sign-up's fetchers, so the
 * cache is shared; features do not import each other.
 */
export function useProduct(pid: number) {
  return useQuery(
    queryOptions({
      queryKey: ['gl_produto', pid, 'public'] as const,
      queryFn: ({ signal }) => apiGet<PublicProduct>(`/api/gl_produto/${pid}/edit`, { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}
