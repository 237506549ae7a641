import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwofaStatusResponse } from '#shared/schemas/twofa';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/gl_usuario/twofaStatus (§3 2FA status). */
function getTwofaStatus(signal?: AbortSignal): Promise<TwofaStatusResponse> {
  return apiPost<TwofaStatusResponse>('/api/gl_usuario/twofaStatus', {}, signal ? { signal } : {});
}

export const twofaStatusQuery = queryOptions({
  queryKey: ['twofa', 'status'] as const,
  queryFn: ({ signal }) => getTwofaStatus(signal),
});

export function useTwofaStatus() {
  return useQuery(twofaStatusQuery);
}
