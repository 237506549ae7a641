import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Customer, CustomerRequest } from '#shared/schemas/plans';
import { apiGet, apiPut } from '#client/lib/api-client';

/** GET /api/gl_cliente/{id}/edit: the client's data for the plan signup (decision 022). */
function customerQuery(clienteId: number) {
  return queryOptions({
    queryKey: ['gl_cliente', clienteId, 'edit'] as const,
    queryFn: ({ signal }) => apiGet<Customer>(`/api/gl_cliente/${clienteId}/edit`, { signal }),
  });
}

export function useCustomer(clienteId: number | null, enabled: boolean) {
  return useQuery({ ...customerQuery(clienteId ?? 0), enabled: enabled && clienteId !== null });
}

/** PUT /api/gl_cliente/{id}: saves the §3 fields (decision 022). */
function saveCustomer(clienteId: number, payload: CustomerRequest): Promise<Customer> {
  return apiPut<Customer>(`/api/gl_cliente/${clienteId}`, payload);
}

export function useSaveCustomer() {
  return useMutation({
    mutationFn: ({ clienteId, payload }: { clienteId: number; payload: CustomerRequest }) =>
      saveCustomer(clienteId, payload),
    meta: { fieldErrors: 'form' },
  });
}
