import { queryOptions, useQuery } from '@tanstack/react-query';
import { DESTINATION_PATH, httpOrigin, type DestinationCheck } from '#shared/schemas/destination';
import { apiGet } from './api-client';
import { queryClient } from './query-client';

/**
 * The redirect page's question (decision 041): may a person be sent to `origin` without a
 * warning? The server knows the products' URLs. Only the origin is sent, never the whole URL
 * (it may carry session tokens). It lives in lib because the login routing answers it too.
 */
const destinationQuery = (origin: string) =>
  queryOptions({
    queryKey: ['destino', origin] as const,
    queryFn: ({ signal }) => apiGet<DestinationCheck>(DESTINATION_PATH, { params: { origem: origin }, signal }),
    staleTime: Infinity,
    // A failed check counts as "not allowed": the page warns, the safe side; no §8 notice.
    meta: { silentErrors: true },
  });

/**
 * The login routing sends a person to the product's url that the server itself gave (§4 login
 * info): the redirect page need not ask about it.
 */
export function trustDestination(url: string): void {
  const origin = httpOrigin(url);
  if (origin) queryClient.setQueryData(destinationQuery(origin).queryKey, { origem: origin, permitido: true });
}

/** This page's own origin is always allowed; any other is asked about once per page life. */
export function useDestinationCheck(origin: string | null): { pending: boolean; allowed: boolean } {
  const own = origin !== null && origin === window.location.origin;
  const query = useQuery({ ...destinationQuery(origin ?? ''), enabled: origin !== null && !own });
  if (origin === null) return { pending: false, allowed: false };
  if (own) return { pending: false, allowed: true };
  return { pending: query.isPending, allowed: query.data?.permitido === true };
}
