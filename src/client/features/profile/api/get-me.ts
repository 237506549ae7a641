import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserMeResponse } from '#shared/schemas/profile';
import { apiGet } from '#client/lib/api-client';

/** §7 GET /api/gl_usuario/me: data.data is the user record. */
function getMe(signal?: AbortSignal): Promise<UserMeResponse> {
  return apiGet<UserMeResponse>('/api/gl_usuario/me', signal ? { signal } : {});
}

export const meQuery = queryOptions({
  queryKey: ['gl_usuario', 'me'] as const,
  queryFn: ({ signal }) => getMe(signal),
});

export function useMe() {
  return useQuery(meQuery);
}
