import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectedApplicationsResponse } from '#shared/schemas/applications';
import { apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { securityEventsQuery } from './get-security-events';

/** GET /api/gl_usuario/me/aplicativos: 'Aplicativos conectados' (decision 097). */
const connectedApplicationsQuery = queryOptions({
  queryKey: ['seguranca', 'aplicativos'] as const,
  queryFn: ({ signal }) =>
    apiGet<ConnectedApplicationsResponse>('/api/gl_usuario/me/aplicativos', { signal }),
});

export function useConnectedApplications() {
  return useQuery(connectedApplicationsQuery);
}

/** POST /api/gl_usuario/me/aplicativos/{id}/revogar: 'Revogar acesso'; answers the new list. */
export function useRevokeApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ConnectedApplicationsResponse>(
        'POST',
        `/api/gl_usuario/me/aplicativos/${id}/revogar`,
        {},
      ),
    onSuccess: async (response) => {
      notify('success', response.message);
      queryClient.setQueryData(connectedApplicationsQuery.queryKey, response.data);
      await queryClient.invalidateQueries({ queryKey: securityEventsQuery.queryKey });
    },
  });
}
