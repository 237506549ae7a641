import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CobrancaContaDto, RemessaFeitaDto, RetornoResumoDto } from '#shared/schemas/bank-collection';
import { crudListKey } from '#client/components/crud/list-page';
import { apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';
import { API } from '../admin-paths';

/** Administração → Cobrança bancária (issue 40): staff's calls of the bank files. */

const accountsKey = ['admin', 'cobranca_bancaria', 'contas'] as const;

/** GET /api/admin/cobranca_bancaria/contas: the accounts that issue boletos, and where theirs stand. */
export function useBankCollectionAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => apiGet<CobrancaContaDto[]>(API.cobrancaContas, { signal }),
  });
}

/** What a new file changed: the accounts' counts and the lists of files and occurrences. */
function useRefreshAfterFile() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountsKey }),
      queryClient.invalidateQueries({ queryKey: crudListKey(API.remessa) }),
      queryClient.invalidateQueries({ queryKey: crudListKey(API.retorno) }),
      queryClient.invalidateQueries({ queryKey: crudListKey(API.retornoOcorrencia) }),
      queryClient.invalidateQueries({ queryKey: crudListKey(API.fatura) }),
    ]);
}

/**
 * POST /api/admin/pg_conta/{id}/remessa (supervisors): the account's next remessa. The server's
 * message is the notice ('Remessa nº 3 gerada com 12 boletos.'); 'nothing to send' is a 409, the
 * error notice of every failed call.
 */
export function useGenerateRemessa() {
  const refresh = useRefreshAfterFile();
  return useMutation({
    mutationFn: (contaId: number) => apiRequest<RemessaFeitaDto>('POST', `${API.conta}/${contaId}/remessa`),
    onSuccess: async (response) => {
      notify('success', response.message);
      await refresh();
    },
  });
}

/**
 * POST /api/admin/pg_conta/{id}/retorno (supervisors), the bank's file as multipart. A file with
 * problems is a 422 whose lines the dialog lists itself (meta.fieldErrors 'form').
 */
export function useUploadRetorno() {
  const refresh = useRefreshAfterFile();
  return useMutation({
    mutationFn: ({ contaId, file }: { contaId: number; file: File }) => {
      const form = new FormData();
      form.append('arquivo', file);
      return apiRequest<RetornoResumoDto>('POST', `${API.conta}/${contaId}/retorno`, form);
    },
    meta: { fieldErrors: 'form' },
    onSuccess: async (response) => {
      notify('success', response.message);
      await refresh();
    },
  });
}
