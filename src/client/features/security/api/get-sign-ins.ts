import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInHistoryResponse } from '#shared/schemas/security';
import { apiGet } from '#client/lib/api-client';

/** GET /api/gl_usuario/me/acessos: the person's last 30 sign-in events, newest first. */
function getSignIns(signal?: AbortSignal): Promise<SignInHistoryResponse> {
  return apiGet<SignInHistoryResponse>('/api/gl_usuario/me/acessos', signal ? { signal } : {});
}

const signInsQuery = queryOptions({
  queryKey: ['seguranca', 'acessos'] as const,
  queryFn: ({ signal }) => getSignIns(signal),
});

export function useSignIns() {
  return useQuery(signInsQuery);
}
