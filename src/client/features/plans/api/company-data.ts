import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyDataDto, CompanyDataRequest } from '#shared/schemas/company';
import { apiGet, apiRequest } from '#client/lib/api-client';
import { notify } from '#client/lib/notices';

/** 'Dados da empresa' (issue 41 item 2): the client's own data, read by its people, kept by its managers. */

const companyKey = (clienteId: number) => ['gl_cliente', clienteId, 'dados'] as const;

/** GET /api/gl_cliente/{id}/dados. */
export function useCompanyData(clienteId: number | null) {
  return useQuery({
    queryKey: companyKey(clienteId ?? 0),
    queryFn: ({ signal }) => apiGet<CompanyDataDto>(`/api/gl_cliente/${clienteId}/dados`, { signal }),
    enabled: clienteId !== null,
  });
}

/** PUT /api/gl_cliente/{id}/dados: 'Dados da empresa salvos.' is the notice; a 422 goes under its fields. */
export function useSaveCompanyData(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CompanyDataRequest) => apiRequest<CompanyDataDto>('PUT', `/api/gl_cliente/${clienteId}/dados`, payload),
    meta: { fieldErrors: 'form' },
    onSuccess: (response) => {
      notify('success', response.message);
      queryClient.setQueryData(companyKey(clienteId), response.data);
      // The plan signup reads the same client (GET …/edit).
      void queryClient.invalidateQueries({ queryKey: ['gl_cliente', clienteId, 'edit'] });
    },
  });
}
