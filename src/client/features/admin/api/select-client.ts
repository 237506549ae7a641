import { useMutation } from '@tanstack/react-query';
import type { AdminSelectClientResponse } from '#shared/schemas/acesso';
import { ApiError, apiRequest, handleApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { queryClient } from '../../../lib/query-client';
import { sessionQuery } from '../../../lib/session';

/**
 * §7 POST api/admin/cliente/selecionar {id}: success 'Cliente {name} selecionado.' (the
 * server's message); failure 'Erro ao alterar cliente: ...' (§8).
 */
export function useSelectClient() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<AdminSelectClientResponse>('POST', '/api/admin/cliente/selecionar', { id }),
    meta: { silentErrors: true },
    onSuccess: async (response) => {
      notify('success', response.message);
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
    onError: (error) => {
      // An ended session still follows the §8 rules (redirect home).
      if (error instanceof ApiError && (error.kind === 'session-expired' || error.kind === 'not-logged-in')) {
        return handleApiError(error);
      }
      const reason = error instanceof ApiError ? error.message : String(error);
      notify('danger', `Erro ao alterar cliente: ${reason}`);
    },
  });
}
