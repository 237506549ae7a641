import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSessionsResponse } from '#shared/schemas/security';
import { apiGet } from '#client/lib/api-client';

/** GET /api/gl_usuario/me/sessoes: the person's live sessions, the current one first. */
function getSessions(signal?: AbortSignal): Promise<ActiveSessionsResponse> {
  return apiGet<ActiveSessionsResponse>('/api/gl_usuario/me/sessoes', signal ? { signal } : {});
}

export const sessionsQuery = queryOptions({
  queryKey: ['seguranca', 'sessoes'] as const,
  queryFn: ({ signal }) => getSessions(signal),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}
