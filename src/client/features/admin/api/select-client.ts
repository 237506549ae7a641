import { useMutation } from '@tanstack/react-query';
import type { AdminSelectClientResponse } from '#shared/schemas/auth';
import { ApiError, apiRequest, handleApiError } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { queryClient } from '#client/lib/query-client';
import { sessionQuery, setSession } from '#client/lib/session';

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
      // §4: the session check compares later answers with the client this tab itself just
      // selected, so the next answer naming it is no takeover.
      const current = queryClient.getQueryData(sessionQuery.queryKey);
      if (current?.usuario) {
        const { id, razao_social, nome_fantasia } = response.data.cliente;
        setSession({
          usuario: current.usuario,
          cliente: { id, razao_social, nome_fantasia: nome_fantasia ?? razao_social, fatura_token: null },
        });
      }
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
