import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProduct } from '#shared/schemas/auth';
import { apiGet } from './api-client';

/**
 * §7 GET /api/gl_produto/{pid}/edit: the product a screen is for (the login, sign-up and plans
 * pages: its name, logo and whether 'Cadastre-se' is offered). One query key, so the product
 * the login loaded is already in the cache on the next screen.
 */
export function productQuery(pid: number) {
  return queryOptions({
    queryKey: ['gl_produto', pid, 'public'] as const,
    queryFn: ({ signal }) => apiGet<PublicProduct>(`/api/gl_produto/${pid}/edit`, { signal }),
    staleTime: 5 * 60_000,
    // The screen says itself what went wrong (an unknown product is not a §8 error).
    meta: { silentErrors: true },
  });
}

export function useProduct(pid: number) {
  return useQuery(productQuery(pid));
}
