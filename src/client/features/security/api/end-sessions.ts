import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndSessionsResponse } from '#shared/schemas/security';
import { apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { sessionsQuery } from './get-sessions';

/** POST /api/gl_usuario/me/sessoes/{id}/encerrar ('Encerrar' one other session). */
function endSession(id: string) {
  return apiRequest<EndSessionsResponse>('POST', `/api/gl_usuario/me/sessoes/${encodeURIComponent(id)}/encerrar`, {});
}

/** POST /api/gl_usuario/me/sessoes/encerrar_outras ('Encerrar todas as outras'). */
export function endOtherSessions() {
  return apiRequest<EndSessionsResponse>('POST', '/api/gl_usuario/me/sessoes/encerrar_outras', {});
}

function useEndMutation<T>(mutationFn: (input: T) => ReturnType<typeof endOtherSessions>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
}

export const useEndSession = () => useEndMutation(endSession);
export const useEndOtherSessions = () => useEndMutation<void>(() => endOtherSessions());
