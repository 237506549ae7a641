import { useMutation } from '@tanstack/react-query';
import type { CepAddress } from '#shared/schemas/plans';
import { apiPost } from '#client/lib/api-client';

/** §7 POST /api/geo/cep: {cep}; data has logradouro, bairro, gl_cidade. */
export function useCepLookup() {
  return useMutation({
    mutationFn: (cep: string) => apiPost<CepAddress>('/api/geo/cep', { cep }),
    meta: { fieldErrors: 'form' },
  });
}
